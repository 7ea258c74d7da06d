import { type AppName, presentApps, type WorkspaceState } from "../../scenario/index.js";

/**
 * The fictional host of each app that has one, the single table to extend when an app gets a
 * host. A browser context opened with the workspace's host mapping (`Workspace.hostMapping`) serves
 * these hosts from the workspace and every other host from the sink.
 *
 * AgentCIBench's six apps keep the workspace's own origin (`http://127.0.0.1:<port>`): the
 * disclosure tracks, their snapshots and the guard's rule sets for those apps address pages by
 * that origin, and moving them would change every end-to-end episode for no gain in realism the
 * disclosure benchmark measures. The injection suite's apps are where a payload names a host, so
 * they get realistic ones. `.example` is reserved (RFC 2606): no real site can ever answer it.
 */
export const APP_HOSTS: Partial<Record<AppName, string>> = {
  forum: "forum.brightpath.example",
  mail: "mail.brightpath.example",
};

/** The app served on this host name, if any. */
export function appOfHost(hostname: string): AppName | undefined {
  return (Object.keys(APP_HOSTS) as AppName[]).find((app) => APP_HOSTS[app] === hostname);
}

/**
 * Whether a workspace has an app on a fictional host, so its browser context needs the host
 * mapping (and with it the sink). A disclosure scenario over the six apps has none, and its
 * browser keeps refusing other hosts exactly as before.
 */
export function usesAppHosts(state: WorkspaceState): boolean {
  return presentApps(state).some((app) => APP_HOSTS[app] !== undefined);
}
