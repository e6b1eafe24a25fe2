/* The only JavaScript of content pages (CSP-friendly, same origin, < 2 KB): swaps the nav's "Log in" for
   Dashboard when localStorage says a user is signed in, and toggles the mobile menu (also on interactive
   pages, through event delegation). On interactive pages it first does what needs no framework (early
   redirects, query-decided messages), then starts the app after the first paint: the
   build moves Vike's entry script and module preloads into data-entry / data-preload on <html>, so the
   browser paints the prerendered HTML before it fetches and runs any framework JavaScript. */
(function (d) {
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
  try {
    if (localStorage.getItem('isAuthenticated') === 'true') {
      d.querySelectorAll('a[data-auth-static]').forEach(function (a) {
        a.href = a.getAttribute('data-in-href')
        a.textContent = a.getAttribute('data-in-label')
      })
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
  var root = d.documentElement
  var entry = root.getAttribute('data-entry')
  if (entry) {
    /* Submitted before the app has hydrated (data-hydrated, set by pages/+onHydrationEnd.ts), a form would
       reload the page (it has no action of its own) and lose what was typed: it waits for the app instead. */
    d.addEventListener('submit', function (e) {
      if (!root.hasAttribute('data-hydrated')) e.preventDefault()
    })
    var started = false
    var start = function () {
      if (started) return
      started = true
      ;(root.getAttribute('data-preload') || '').split(' ').forEach(function (href) {
        if (!href) return
        var l = d.createElement('link')
        l.rel = 'modulepreload'
        l.href = href
        d.head.appendChild(l)
      })
      var s = d.createElement('script')
      s.type = 'module'
      s.src = entry
      d.head.appendChild(s)
    }
    if (d.visibilityState === 'visible') requestAnimationFrame(function () { setTimeout(start, 0) })
    else start()
  }
})(document)
