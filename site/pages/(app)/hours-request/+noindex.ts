// An app page: nothing for a search engine to list (pages/+config.ts).
export default true
