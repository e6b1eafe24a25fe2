/* The only JavaScript of the HTML-only pages (content and light pages: a classic script, same origin for the CSP,
   < 2 KB, hashed by Vite through pages/+Head.tsx): the nav (src/nav-common.js: the signed-in link, the menu, the
   languages) and, on the home page, its button, which names the first of its data-choices not ended by the
   browser's clock. Interactive pages load src/app-nav.js instead. */
import { pickChoice } from './events/featured'
import { authNav, menuAndLanguages } from './nav-common'

;(function (d) {
  var button = d.querySelector('[data-choices]')
  if (button) {
    try {
      var choice = pickChoice(JSON.parse(button.getAttribute('data-choices')), Date.now())
      if (choice) {
        button.href = choice[1]
        button.textContent = choice[2]
      }
    } catch (e) {}
  }
  authNav(d)
  menuAndLanguages(d)
})(document)
