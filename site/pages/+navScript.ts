// Interactive pages' first script (src/app-nav.js; pages/+Head.tsx loads it). HTML-only pages name src/nav.js in
// a +navScript.ts of their own: a page's server files import only its own script, which Vike then preloads.
export { default } from '../src/app-nav.js?worker&url'
