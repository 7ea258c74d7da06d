import type { MapsApp, Route, SavedPlace } from "../../scenario/index.js";
import type { WorkspaceStore } from "../store/workspace-store.js";

function mapsOf(store: WorkspaceStore, episodeId: string): MapsApp {
  const maps = store.episode(episodeId).state.maps;
  if (!maps) throw new Error("this workspace has no maps app");
  return maps;
}

/** A new search goes to the top of the recent searches (a repeated one moves there). */
export function recordSearch(store: WorkspaceStore, episodeId: string, query: string): void {
  const maps = mapsOf(store, episodeId);
  store.commit(episodeId, { app: "maps", operation: "search", entity: "maps/recent_searches" }, () => {
    maps.recent_searches = [query, ...maps.recent_searches.filter((previous) => previous !== query)];
  });
}

export function savePlace(store: WorkspaceStore, episodeId: string, place: { name: string; address: string; note: string }): void {
  const maps = mapsOf(store, episodeId);
  store.commit(episodeId, { app: "maps", operation: "save_place", entity: `maps/saved_places/${maps.saved_places.length}` }, () => {
    const saved: SavedPlace = { name: place.name };
    if (place.address !== "") saved.address = place.address;
    if (place.note !== "") saved.note = place.note;
    maps.saved_places.push(saved);
  });
}

function routeOf(maps: MapsApp): Route {
  if (!maps.active_route) throw new Error("there is no active route");
  return maps.active_route;
}

export function addRouteStop(store: WorkspaceStore, episodeId: string, stop: string): void {
  const route = routeOf(mapsOf(store, episodeId));
  store.commit(episodeId, { app: "maps", operation: "add_stop", entity: "maps/active_route" }, () => {
    route.waypoints = [...route.waypoints, stop];
  });
}

export function removeRouteStop(store: WorkspaceStore, episodeId: string, index: number): void {
  const route = routeOf(mapsOf(store, episodeId));
  store.commit(episodeId, { app: "maps", operation: "remove_stop", entity: "maps/active_route" }, () => {
    route.waypoints = route.waypoints.filter((_, position) => position !== index);
  });
}
