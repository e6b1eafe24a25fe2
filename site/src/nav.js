/* The first JavaScript of every page (a classic script: same origin for the CSP, < 2 KB, hashed by Vite
   through pages/+Head.tsx). Content pages: swaps the nav's "Log in" for Dashboard when localStorage says a
   user is signed in (and shows Organize to organizers), and toggles the mobile menu (also on interactive pages, through event delegation).
   Interactive pages (data-hydrates on this script): does what needs no framework at once (early redirects,
   query-decided messages) and keeps what the visitor does before the app has hydrated (a form submitted,
   a button pressed) in window.civicEarly, which pages/+onHydrationEnd.ts replays.
   The home page: its button names the first of its data-choices not ended by the browser's clock. */
import { pickChoice } from './events/featured'

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
  try {
    if (localStorage.getItem('isAuthenticated') === 'true') {
      d.querySelectorAll('a[data-auth-static]').forEach(function (a) {
        a.href = a.getAttribute('data-in-href')
        a.textContent = a.getAttribute('data-in-label')
      })
      /* The Organize link, for organizers (the flag is set when the app reads the user's roles). */
      if (localStorage.getItem('isOrganizer') === 'true') {
        d.querySelectorAll('[data-organizer-nav]').forEach(function (li) {
          li.hidden = false
        })
      }
    }
  } catch (e) {}
  function set(b, open) {
    b.setAttribute('aria-expanded', open ? 'true' : 'false')
  }
  d.addEventListener('click', function (e) {
    var b = e.target.closest && e.target.closest('.menu-toggle')
    if (b) set(b, b.getAttribute('aria-expanded') !== 'true')
  })
  d.addEventListener('keydown', function (e) {
    if (e.key !== 'Escape') return
    var b = d.querySelector('.menu-toggle[aria-expanded="true"]')
    if (b) {
      set(b, false)
      b.focus()
    }
  })
  var script = d.currentScript
  if (script && script.hasAttribute('data-hydrates')) {
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
  }
})(document)
