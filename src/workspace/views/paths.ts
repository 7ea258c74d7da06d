import { APP_NAMES, APP_SLUGS, type AppName } from "../../scenario/index.js";
import { WORKSPACE_APPS } from "../apps.js";

/** URL slug (the scenario's `APP_CATALOG`, which pack checks read too) and display name (the app's definition) of each app. */
export const APP_ROUTES: Readonly<Record<AppName, { slug: string; label: string }>> = Object.fromEntries(
  APP_NAMES.map((app) => [app, { slug: APP_SLUGS[app], label: WORKSPACE_APPS[app].label }]),
) as Record<AppName, { slug: string; label: string }>;

/** `/e/<episode>/<parts…>`: every page of an episode lives under its id, so a browser context stays pinned to it. */
export function episodePath(episodeId: string, ...parts: Array<string | number>): string {
  const tail = parts.map((part) => encodeURIComponent(String(part))).join("/");
  return `/e/${encodeURIComponent(episodeId)}/${tail}`;
}

export function appPath(episodeId: string, app: AppName, ...parts: Array<string | number>): string {
  return episodePath(episodeId, APP_ROUTES[app].slug, ...parts);
}
