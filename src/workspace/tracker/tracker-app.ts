import { countOf } from "../../core/index.js";
import type { WorkspaceAppDefinition } from "../app-definition.js";

/** The tracker's actions change the state the injection suite's oracles read; none is an artifact. */
export const trackerApp: WorkspaceAppDefinition<"tracker"> = {
  name: "tracker",
  label: "Tracker",
  routes: async () => (await import("./tracker-routes.js")).registerTrackerRoutes,
  summary: (tracker) => countOf(tracker.projects.length, "project"),
};
