import { type AppName, presentApps, type WorkspaceState } from "../../scenario/index.js";
import { WORKSPACE_APPS } from "../apps.js";
import type { Episode } from "../store/workspace-store.js";
import { type Html, html } from "../views/html.js";
import { APP_ROUTES, appPath } from "../views/paths.js";

/** The tile's line of a present app: its definition's summary of its part of the state. */
function summary<A extends AppName>(state: WorkspaceState, app: A): string {
  const part = state[app];
  return part === undefined ? "" : WORKSPACE_APPS[app].summary(part);
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
