import { APP_CATALOG } from "./app-catalog.js";
import { APP_NAMES, type AppName, type WorkspaceState } from "./workspace-state.js";

/** Each app's state-text function (`text` of its catalog entry), typed with its own part of the state. */
// (`slug` is named only so that the entries without a `text` still share a property with the type.)
const TEXT_OF: { readonly [A in AppName]: { readonly slug: string; readonly text?: (part: NonNullable<WorkspaceState[A]>) => string } } =
  APP_CATALOG;

function appText<A extends AppName>(state: WorkspaceState, app: A): string | undefined {
  const part = state[app];
  const text = TEXT_OF[app].text;
  return part === undefined || text === undefined ? undefined : text(part);
}

/**
 * Human-readable text of a workspace, app by app, in the order a person would scan the screens
 * (the catalog's). An app without a `text` (the forum, mail, the terminal) is left out.
 */
export function renderStateText(state: WorkspaceState): string {
  return APP_NAMES.flatMap((app) => appText(state, app) ?? []).join("\n\n");
}
