import type { AppName } from "../scenario/index.js";
import type { WorkspaceAppDefinition } from "./app-definition.js";
import { calendarApp } from "./calendar/calendar-app.js";
import { codeEditorApp } from "./code-editor/code-editor-app.js";
import { filesApp } from "./files/files-app.js";
import { forumApp } from "./forum/forum-app.js";
import { mailApp } from "./mail/mail-app.js";
import { mapsApp } from "./maps/maps-app.js";
import { messengerApp } from "./messenger/messenger-app.js";
import { shopApp } from "./shop/shop-app.js";
import { terminalApp } from "./terminal/terminal-app.js";
import { todoApp } from "./todo/todo-app.js";
import { trackerApp } from "./tracker/tracker-app.js";

/**
 * The workspace's app registry: one definition per app, keyed by its name in the scenario's
 * `APP_CATALOG`. The type makes the two lists agree (an app in the catalog without a definition
 * here, or one here the catalog does not know, does not compile); the order everyone iterates in
 * is the catalog's (`APP_NAMES`). Adding an app: docs/design/changing.md, "A workspace app".
 */
export const WORKSPACE_APPS: { readonly [A in AppName]: WorkspaceAppDefinition<A> } = {
  messenger: messengerApp,
  calendar: calendarApp,
  todo: todoApp,
  maps: mapsApp,
  code_editor: codeEditorApp,
  shop: shopApp,
  forum: forumApp,
  mail: mailApp,
  tracker: trackerApp,
  files: filesApp,
  terminal: terminalApp,
};
