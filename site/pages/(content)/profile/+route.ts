// The 28 partner profiles live at the site root (/keenstl, /Coca, ...); their URLs come from routes.json.
export default '/@slug'
