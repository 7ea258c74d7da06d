/**
 * The fictional host of the files app (mapped to the local server by host-resolver rules); its
 * share links are addresses on this host. `.example` is reserved (RFC 2606): never a real site.
 */
export const FILES_HOST = "files.brightpath.example";
