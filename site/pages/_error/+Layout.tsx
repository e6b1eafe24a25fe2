// The error page's words are translated on the server (components/Translated.tsx).
export { Translated as default } from '../../components/Translated'
