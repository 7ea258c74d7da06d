import { APP_CATALOG, type AppCatalogEntry } from "./app-catalog.js";
import { APP_NAMES, type AppName } from "./workspace-state.js";

/**
 * The fictional host of each app that has one (`APP_CATALOG`). Two modules read it: the workspace
 * (which serves these hosts through a browser's host mapping, src/workspace/hosts/) and the guard
 * (which looks up an app's rule set on its host).
 */
export const APP_HOSTS: Partial<Record<AppName, string>> = Object.fromEntries(
  APP_NAMES.flatMap((app) => {
    const entry: AppCatalogEntry = APP_CATALOG[app];
    return entry.host === undefined ? [] : [[app, entry.host]];
  }),
);

/** The app served on this host name, if any. */
export function appOfHost(hostname: string): AppName | undefined {
  return APP_NAMES.find((app) => APP_HOSTS[app] === hostname);
}
