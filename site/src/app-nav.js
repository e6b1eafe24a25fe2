/* The first JavaScript of the interactive pages (a classic script, same origin for the CSP, hashed by Vite through
   pages/+Head.tsx): does what needs no framework at once (early redirects, query-decided messages, the nav of
   src/nav-common.js) and keeps what the visitor does before the app has hydrated (a form submitted, a button
   pressed) in window.civicEarly, which pages/+onHydrationEnd.ts replays. */
import { authNav, menuAndLanguages } from './nav-common'

;(function (d) {
  var q = new URLSearchParams(location.search)
  /* A page that would only redirect once the app has started says so: data-redirect (where to) and
     data-redirect-unless ("user": a signed-in user is stored, as the auth client reads it at start; else a
     query parameter). Nobody signed in on /dashboard, no token on /auth/callback: the visitor goes on at
     once instead of after the framework has loaded. The app still redirects in every other case. */
  var guard = d.querySelector('[data-redirect]')
  if (guard) {
    try {
      var unless = guard.getAttribute('data-redirect-unless')
      if (!(unless === 'user' ? localStorage.getItem('currentUser') : q.get(unless))) {
        /* The app may start before the browser leaves: civicLeaving tells it not to navigate too. */
        window.civicLeaving = true
        location.replace(guard.getAttribute('data-redirect'))
        return
      }
    } catch (e) {}
  }
  /* A message the query string decides (such as /login?error=oauth_error) is prerendered hidden with
     data-query="name=value" and shown here, so it paints with the page instead of after hydration
     (which keeps it shown) and nothing below it shifts when the app starts. */
  d.querySelectorAll('[data-query]').forEach(function (el) {
    var kv = el.getAttribute('data-query').split('=')
    if (q.get(kv[0]) === kv[1]) el.hidden = false
  })
  authNav(d)
  menuAndLanguages(d)
  var root = d.documentElement
  /* Before the app has hydrated (data-hydrated, set by pages/+onHydrationEnd.ts) a form would reload the
     page (it has no action of its own) and a button would do nothing: both wait for the app instead. */
  var early = (window.civicEarly = [])
  var queue = function (item) {
    for (var i = 0; i < early.length; i++) if (early[i].el === item.el) return
    early.push(item)
  }
  d.addEventListener('submit', function (e) {
    if (root.hasAttribute('data-hydrated')) return
    e.preventDefault()
    queue({ el: e.target, submitter: e.submitter || null })
  })
  d.addEventListener('click', function (e) {
    if (root.hasAttribute('data-hydrated')) return
    var b = e.target.closest && e.target.closest('button[type="button"]')
    if (b && !b.classList.contains('menu-toggle')) queue({ el: b })
  })
})(document)
