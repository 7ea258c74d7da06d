/**
 * The fictional host the tracker is meant to be reached at in the browser (mapped to the local
 * server by host-resolver rules); pages are served under `/e/<episode>/tracker` meanwhile. `.example`
 * is reserved (RFC 2606), so the name can never resolve to a real site.
 */
export const TRACKER_HOST = "tracker.brightpath.example";
