import type { AppName } from "./workspace-state.js";

/**
 * The first segment of each app's pages under an episode (`/e/<id>/<slug>/…`): the workspace
 * serves them there, and a pack's oracle scripts open them by it (`goto: code/files/0`). One table,
 * here with the app names, so the loader can tell which app a script opens without the workspace.
 */
export const APP_SLUGS: Readonly<Record<AppName, string>> = {
  messenger: "messenger",
  calendar: "calendar",
  todo: "todo",
  maps: "maps",
  code_editor: "code",
  shop: "shop",
  forum: "forum",
  mail: "mail",
  tracker: "tracker",
  files: "files",
  terminal: "terminal",
};

/** The app whose pages start with this path segment, if any. */
export function appOfSlug(slug: string): AppName | undefined {
  return (Object.keys(APP_SLUGS) as AppName[]).find((app) => APP_SLUGS[app] === slug);
}
