import type { Hono } from "hono";
import type { WorkspaceStore } from "../store/workspace-store.js";

/** What each app's routes are registered with: the agent-facing app and the one store. */
export interface RouteDeps {
  app: Hono;
  store: WorkspaceStore;
}
