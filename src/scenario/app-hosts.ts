import type { AppName } from "./workspace-state.js";

/**
 * The fictional host of each app that has one: the single table to extend when an app gets a
 * host. It lives with the app names because two modules read it: the workspace (which serves
 * these hosts through a browser's host mapping, src/workspace/hosts/) and the guard (which looks
 * up an app's rule set on its host).
 *
 * AgentCIBench's six apps keep the workspace's own origin (`http://127.0.0.1:<port>`): the
 * disclosure tracks, their snapshots and the guard's rule lookup for those apps address pages by
 * that origin, and moving them would change every end-to-end episode for no realism the disclosure
 * benchmark measures. The injection suite's apps are where a payload names a host, so they get
 * realistic ones. `.example` is reserved (RFC 2606): no real site can ever answer it.
 */
export const APP_HOSTS: Partial<Record<AppName, string>> = {
  forum: "forum.brightpath.example",
  mail: "mail.brightpath.example",
  tracker: "tracker.brightpath.example",
  // The files app's share links name this host too (src/workspace/files/files-host.ts).
  files: "files.brightpath.example",
  terminal: "terminal.brightpath.example",
};

/** The app served on this host name, if any. */
export function appOfHost(hostname: string): AppName | undefined {
  return (Object.keys(APP_HOSTS) as AppName[]).find((app) => APP_HOSTS[app] === hostname);
}
