// One page per event: /events/<slug>, and /events/<series slug>/<date> for each occurrence of a series.
// The paths come from events.json (each event's `path`); +data.ts finds the event by its path.
export default '/events/*'
