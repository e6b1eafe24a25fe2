// The only JavaScript of content pages (kept well under 2 KB): the nav's Dashboard / Log in switch
// from localStorage, and the mobile menu toggle (also used, via delegation, on interactive pages).
export const NAV_SCRIPT = `(function(d){try{if(localStorage.getItem("isAuthenticated")==="true"){d.querySelectorAll("a[data-auth-static]").forEach(function(a){a.href=a.getAttribute("data-in-href");a.textContent=a.getAttribute("data-in-label")})}}catch(e){}
function t(b,o){b.setAttribute("aria-expanded",o?"true":"false")}
d.addEventListener("click",function(e){var b=e.target.closest&&e.target.closest(".menu-toggle");if(b)t(b,b.getAttribute("aria-expanded")!=="true")});
d.addEventListener("keydown",function(e){if(e.key==="Escape"){var b=d.querySelector('.menu-toggle[aria-expanded="true"]');if(b){t(b,false);b.focus()}}})})(document)`
