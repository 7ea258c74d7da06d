import type { AppName } from "../../scenario/index.js";

/** URL slug and display name of each app, in the order of the navigation. */
export const APP_ROUTES: Record<AppName, { slug: string; label: string }> = {
  messenger: { slug: "messenger", label: "Messenger" },
  calendar: { slug: "calendar", label: "Calendar" },
  todo: { slug: "todo", label: "To-do" },
  maps: { slug: "maps", label: "Maps" },
  code_editor: { slug: "code", label: "Code editor" },
  shop: { slug: "shop", label: "Shop" },
  forum: { slug: "forum", label: "Forum" },
  mail: { slug: "mail", label: "Mail" },
  tracker: { slug: "tracker", label: "Tracker" },
  files: { slug: "files", label: "Files" },
};

/** `/e/<episode>/<parts…>`: every page of an episode lives under its id, so a browser context stays pinned to it. */
export function episodePath(episodeId: string, ...parts: Array<string | number>): string {
  const tail = parts.map((part) => encodeURIComponent(String(part))).join("/");
  return `/e/${encodeURIComponent(episodeId)}/${tail}`;
}

export function appPath(episodeId: string, app: AppName, ...parts: Array<string | number>): string {
  return episodePath(episodeId, APP_ROUTES[app].slug, ...parts);
}
