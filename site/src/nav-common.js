/* What both nav scripts do on every page (src/nav.js on HTML-only pages, src/app-nav.js on interactive ones). */

/* The nav's "Log in" becomes Dashboard when localStorage says a user is signed in, and Organize shows for
   organizers (the flag is set when the app reads the user's roles). */
export function authNav(d) {
  try {
    if (localStorage.getItem('isAuthenticated') === 'true') {
      d.querySelectorAll('a[data-auth-static]').forEach(function (a) {
        a.href = a.getAttribute('data-in-href')
        a.textContent = a.getAttribute('data-in-label')
        // Dashboard may be in English where Log in is not (site.json's in_english): the link says which.
        if (a.hasAttribute('data-in-lang')) a.lang = 'en'
        else a.removeAttribute('lang')
      })
      if (localStorage.getItem('isOrganizer') === 'true') {
        d.querySelectorAll('[data-organizer-nav]').forEach(function (li) {
          li.hidden = false
        })
      }
    }
  } catch (e) {}
}

/* The mobile menu's button (through event delegation: the app may render the nav again), and the languages
   (issue 41): a link of the switcher or of a note (data-lang) remembers its language; where the remembered
   language, or on a first visit the browser's first known one, is not the page's, that language's note
   (prerendered hidden, in that language) shows: a suggestion, never a redirect. */
export function menuAndLanguages(d) {
  d.addEventListener('click', function (e) {
    var t = e.target.closest && e.target
    var b = t && t.closest('.menu-toggle')
    if (b) b.setAttribute('aria-expanded', b.getAttribute('aria-expanded') !== 'true')
    var a = t && t.closest('a[data-lang]')
    try {
      if (a) localStorage.setItem('lang', a.getAttribute('data-lang'))
    } catch (e) {}
  })
  d.addEventListener('keydown', function (e) {
    var b = e.key === 'Escape' && d.querySelector('.menu-toggle[aria-expanded="true"]')
    if (b) {
      b.setAttribute('aria-expanded', false)
      b.focus()
    }
  })
  var page = d.documentElement.lang
  var want = null
  try {
    want = localStorage.getItem('lang')
  } catch (e) {}
  var note = function (l) {
    return d.querySelector('[data-lang-note="' + l + '"]')
  }
  if (!want) {
    var all = navigator.languages || []
    for (var i = 0; i < all.length && !want; i++) {
      var l = all[i].slice(0, 2)
      if (l === page || note(l)) want = l
    }
  }
  var shown = want && want !== page && note(want)
  if (shown) shown.hidden = false
}
