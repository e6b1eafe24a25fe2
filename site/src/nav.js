/* The only JavaScript of content pages (CSP-friendly, same origin, < 2 KB): swaps the nav's "Log in" for
   Dashboard when localStorage says a user is signed in, and toggles the mobile menu (also on interactive
   pages, through event delegation). */
(function (d) {
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
})(document)
