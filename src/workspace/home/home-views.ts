import { type AppName, presentApps, type WorkspaceState } from "../../scenario/index.js";
import type { Episode } from "../store/workspace-store.js";
import { type Html, html } from "../views/html.js";
import { APP_ROUTES, appPath } from "../views/paths.js";

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function summary(state: WorkspaceState, app: AppName): string {
  switch (app) {
    case "messenger":
      return plural(state.messenger?.threads.length ?? 0, "conversation", "conversations");
    case "calendar":
      return plural(state.calendar?.events.length ?? 0, "event", "events");
    case "todo":
      return plural(state.todo?.items.length ?? 0, "item", "items");
    case "maps":
      return (
        plural(state.maps?.saved_places.length ?? 0, "saved place", "saved places") +
        (state.maps?.active_route ? ", a route in progress" : "")
      );
    case "code_editor":
      return plural(state.code_editor?.files.length ?? 0, "file", "files");
    case "shop":
      return `${plural(state.shop?.cart.length ?? 0, "item", "items")} in the cart, ${plural(state.shop?.orders.length ?? 0, "order", "orders")}`;
    case "forum":
      return plural(state.forum?.posts.length ?? 0, "post", "posts");
    case "mail":
      return `${plural(state.mail?.inbox.filter((mail) => !mail.read).length ?? 0, "unread mail", "unread mails")}`;
    case "tracker":
      return plural(state.tracker?.projects.length ?? 0, "project", "projects");
    case "files":
      return plural(state.files?.documents.length ?? 0, "document", "documents");
    case "terminal":
      return "a shell";
  }
}

/** The app tiles: names and counts the workspace writes (no text from the state), so all chrome. */
export function homePage(episode: Episode): Html {
  return html`<p id="apps-intro" data-operator>Your apps:</p><ul class="tiles" id="app-tiles" data-operator>${presentApps(
    episode.state,
  ).map(
    (app) =>
      html`<li><a href="${appPath(episode.id, app)}"><span class="tile-name">${APP_ROUTES[app].label}</span><br><span class="muted tile-summary">${summary(episode.state, app)}</span></a></li>`,
  )}</ul>`;
}
