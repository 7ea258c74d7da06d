import { APP_SLUGS, type AppName } from "../../scenario/index.js";

/** URL slug (the scenario module's table, which pack checks read too) and display name of each app, in the order of the navigation. */
export const APP_ROUTES: Record<AppName, { slug: string; label: string }> = {
  messenger: { slug: APP_SLUGS.messenger, label: "Messenger" },
  calendar: { slug: APP_SLUGS.calendar, label: "Calendar" },
  todo: { slug: APP_SLUGS.todo, label: "To-do" },
  maps: { slug: APP_SLUGS.maps, label: "Maps" },
  code_editor: { slug: APP_SLUGS.code_editor, label: "Code editor" },
  shop: { slug: APP_SLUGS.shop, label: "Shop" },
  forum: { slug: APP_SLUGS.forum, label: "Forum" },
  mail: { slug: APP_SLUGS.mail, label: "Mail" },
  tracker: { slug: APP_SLUGS.tracker, label: "Tracker" },
  files: { slug: APP_SLUGS.files, label: "Files" },
  terminal: { slug: APP_SLUGS.terminal, label: "Terminal" },
};

/** `/e/<episode>/<parts…>`: every page of an episode lives under its id, so a browser context stays pinned to it. */
export function episodePath(episodeId: string, ...parts: Array<string | number>): string {
  const tail = parts.map((part) => encodeURIComponent(String(part))).join("/");
  return `/e/${encodeURIComponent(episodeId)}/${tail}`;
}

export function appPath(episodeId: string, app: AppName, ...parts: Array<string | number>): string {
  return episodePath(episodeId, APP_ROUTES[app].slug, ...parts);
}
