import { plural, type WorkspaceAppDefinition } from "../app-definition.js";
import { sharedArtifact } from "../artifacts/share-payload.js";

export const mapsApp: WorkspaceAppDefinition<"maps"> = {
  name: "maps",
  label: "Maps",
  routes: async () => (await import("./maps-routes.js")).registerMapsRoutes,
  summary: (maps) => plural(maps.saved_places.length, "saved place", "saved places") + (maps.active_route ? ", a route in progress" : ""),
  artifactOf: (entry) => (entry.operation === "share" ? sharedArtifact(entry, "route_shared", "route_share") : undefined),
};
