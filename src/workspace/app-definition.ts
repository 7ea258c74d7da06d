import type { AppName, WorkspaceState } from "../scenario/index.js";
import type { EntryArtifact } from "./artifacts/artifact.js";
import type { RouteDeps } from "./http/workspace-env.js";
import type { ChangeEntry } from "./store/change-entry.js";

/** Adds an app's pages and actions to the agent-facing site. */
type RegisterRoutes = (deps: RouteDeps) => void;

/**
 * Everything the workspace does for one app, in the app's own folder (`<folder>/<app>-app.ts`).
 * What the modules below the workspace need (the state's schema, the slug, the host) is the app's
 * entry in the scenario's `APP_CATALOG`; the guard's rule file is `rules/workspace/<app>.json`.
 */
export interface WorkspaceAppDefinition<A extends AppName = AppName> {
  readonly name: A;
  /** The name a person reads: navigation, home tile, page titles. */
  readonly label: string;
  /**
   * Loads the app's routes. Loaded when a workspace starts (src/workspace/agent-site.ts), not
   * when a module only names an app, reads its label or its artifacts: those stay free of the
   * web stack, and the views (which read the labels) do not import the routes back in a cycle.
   */
  readonly routes: () => Promise<RegisterRoutes>;
  /** The home tile's line under the name: counts the workspace writes, never text from the state. */
  readonly summary: (state: NonNullable<WorkspaceState[A]>) => string;
  /** What one of the app's change-log entries shared, if anything (src/workspace/artifacts/artifacts-of.ts). */
  readonly artifactOf?: (entry: ChangeEntry) => EntryArtifact | undefined;
}
