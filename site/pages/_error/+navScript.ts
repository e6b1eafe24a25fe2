// HTML-only: the small nav script alone (src/nav.js; pages/+Head.tsx loads it).
export { default } from '../../src/nav.js?worker&url'
