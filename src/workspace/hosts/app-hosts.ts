import { APP_HOSTS, presentApps, type WorkspaceState } from "../../scenario/index.js";

/**
 * Whether a workspace has an app on a fictional host (`APP_HOSTS`), so its browser context needs
 * the host mapping (and with it the sink). A disclosure scenario over the six apps has none, and
 * its browser keeps refusing other hosts exactly as before.
 */
export function usesAppHosts(state: WorkspaceState): boolean {
  return presentApps(state).some((app) => APP_HOSTS[app] !== undefined);
}
