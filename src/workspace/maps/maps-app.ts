import { countOf } from "../../core/index.js";
import type { WorkspaceAppDefinition } from "../app-definition.js";
import { sharedArtifact } from "../artifacts/share-payload.js";

export const mapsApp: WorkspaceAppDefinition<"maps"> = {
  name: "maps",
  label: "Maps",
  routes: async () => (await import("./maps-routes.js")).registerMapsRoutes,
  summary: (maps) => countOf(maps.saved_places.length, "saved place") + (maps.active_route ? ", a route in progress" : ""),
  artifactOf: (entry) => (entry.operation === "share" ? sharedArtifact(entry, "route_shared", "route_share") : undefined),
};
