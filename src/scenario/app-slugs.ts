import { APP_CATALOG } from "./app-catalog.js";
import { APP_NAMES, type AppName } from "./workspace-state.js";

/** Each app's slug (`APP_CATALOG`), as a table for the loader's and the workspace's look-ups. */
export const APP_SLUGS: Readonly<Record<AppName, string>> = Object.fromEntries(
  APP_NAMES.map((app) => [app, APP_CATALOG[app].slug]),
) as Record<AppName, string>;

/** The app whose pages start with this path segment, if any. */
export function appOfSlug(slug: string): AppName | undefined {
  return APP_NAMES.find((app) => APP_SLUGS[app] === slug);
}
