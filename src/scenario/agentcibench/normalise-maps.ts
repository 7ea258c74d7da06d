import type { z } from "zod";
import type { MapsAppSchema, RouteSchema, SavedPlaceSchema } from "../apps/maps-app.js";
import type { Path, ProblemSink } from "./problems.js";
import { buildExtra, FieldReader, mapElements, type RawObject, stringElements, unrecognisedExtra, withExtra } from "./raw-fields.js";

type MapsAppInput = z.input<typeof MapsAppSchema>;
type RouteInput = z.input<typeof RouteSchema>;
type SavedPlaceInput = z.input<typeof SavedPlaceSchema>;

/**
 * `open_maps` → the canonical maps app: `recent_searches`, `waypoints`, `active_route` and the
 * `sidebar: {recent_searches}` layout. Sidebar searches are appended to `recent_searches` in
 * order; `extra.recent_searches_from_sidebar` says how many of the last entries came from the
 * sidebar, and any other sidebar field stays in `extra.sidebar`.
 */
export function normaliseMaps(raw: RawObject, path: Path, problems: ProblemSink): MapsAppInput {
  const reader = new FieldReader(raw);
  const app: MapsAppInput = {};
  const extras: Array<RawObject | undefined> = [];

  const searches: string[] = [];
  const recent = reader.list("recent_searches");
  reader.warnUntaken(["recent_searches"], "a list of searches", path, problems);
  if (recent) {
    const { strings, unrecognised } = stringElements(recent.value, [...path, "recent_searches"], problems);
    searches.push(...strings);
    extras.push(unrecognisedExtra("recent_searches", unrecognised));
  }
  const sidebar = reader.object("sidebar");
  if (sidebar) {
    const sidebarReader = new FieldReader(sidebar);
    const sidebarSearches = sidebarReader.list("recent_searches");
    sidebarReader.warnUntaken(["recent_searches"], "a list of searches", [...path, "sidebar"], problems);
    let sidebarExtra: RawObject | undefined;
    if (sidebarSearches) {
      const { strings, unrecognised } = stringElements(sidebarSearches.value, [...path, "sidebar", "recent_searches"], problems);
      searches.push(...strings);
      extras.push({ recent_searches_from_sidebar: strings.length });
      sidebarExtra = unrecognisedExtra("recent_searches", unrecognised);
    }
    const sidebarRest = buildExtra(sidebarReader.rest(), sidebarExtra);
    if (sidebarRest) extras.push({ sidebar: sidebarRest });
  }
  if (recent || sidebar) app.recent_searches = searches;

  const waypoints = reader.list("waypoints");
  reader.warnUntaken(["waypoints"], "a list of stops", path, problems);
  if (waypoints) {
    const { strings, unrecognised } = stringElements(waypoints.value, [...path, "waypoints"], problems);
    app.waypoints = strings;
    extras.push(unrecognisedExtra("waypoints", unrecognised));
  }

  const places = reader.list("saved_places");
  if (places) {
    const { entries, unrecognised } = mapElements(
      places.value,
      [...path, "saved_places"],
      problems,
      (name) => ({ name }),
      (place) => normalisePlace(place),
    );
    app.saved_places = entries;
    extras.push(unrecognisedExtra("saved_places", unrecognised));
  }

  const route = reader.object("active_route");
  reader.warnUntaken(["active_route"], "an object", path, problems);
  if (route) app.active_route = normaliseRoute(route, [...path, "active_route"], problems);

  return withExtra(app, buildExtra(reader.rest(), ...extras));
}

/**
 * The three route shapes: `{destination, eta, traffic, address}`, `{destination, eta, status}`
 * and `{start, waypoints, total_distance, total_eta}` (`total_eta` → eta, `total_distance` →
 * distance). Any other field stays in the route's `extra`.
 */
function normaliseRoute(raw: RawObject, path: Path, problems: ProblemSink): RouteInput {
  const reader = new FieldReader(raw);
  const route: RouteInput = {};
  const text = (field: "start" | "destination" | "address" | "eta" | "distance" | "traffic" | "status", ...keys: string[]) => {
    const value = reader.text(...keys);
    if (value !== undefined) route[field] = value;
  };
  text("start", "start");
  text("destination", "destination");
  text("address", "address");
  text("eta", "eta", "total_eta");
  text("distance", "distance", "total_distance");
  text("traffic", "traffic");
  text("status", "status");
  let extra: RawObject | undefined;
  const waypoints = reader.list("waypoints");
  if (waypoints) {
    const { strings, unrecognised } = stringElements(waypoints.value, [...path, "waypoints"], problems);
    route.waypoints = strings;
    extra = unrecognisedExtra("waypoints", unrecognised);
  }
  return withExtra(route, buildExtra(reader.rest(), extra));
}

function normalisePlace(raw: RawObject): SavedPlaceInput {
  const reader = new FieldReader(raw);
  const place: SavedPlaceInput = { name: reader.text("name", "title") ?? "" };
  const address = reader.text("address");
  if (address !== undefined) place.address = address;
  const note = reader.text("note", "notes");
  if (note !== undefined) place.note = note;
  return withExtra(place, reader.rest());
}
