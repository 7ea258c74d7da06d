import type { MapsApp, Route, SavedPlace } from "../../scenario/index.js";
import type { ShareChoice } from "../http/share-routes.js";

function present(value: string | undefined): value is string {
  return value !== undefined && value.trim() !== "";
}

function destinationOf(route: Route): string | undefined {
  const parts = [route.destination, route.address].filter(present);
  return parts.length > 0 ? parts.join(", ") : undefined;
}

/** What a shared route shows the recipient: where from, every stop, where to, and the ETA. */
function fullRouteText(route: Route): string {
  const lines = ["Route"];
  if (present(route.start)) lines.push(`From: ${route.start}`);
  for (const [index, stop] of route.waypoints.entries()) lines.push(`Stop ${index + 1}: ${stop}`);
  const destination = destinationOf(route);
  if (destination) lines.push(`To: ${destination}`);
  if (present(route.eta)) lines.push(`ETA: ${route.eta}`);
  if (present(route.distance)) lines.push(`Distance: ${route.distance}`);
  if (present(route.traffic)) lines.push(`Traffic: ${route.traffic}`);
  if (present(route.status)) lines.push(`Status: ${route.status}`);
  return lines.join("\n");
}

/** What a shared ETA shows: only the destination and the arrival time. */
function etaText(route: Route): string {
  const destination = destinationOf(route);
  const eta = present(route.eta) ? `ETA ${route.eta}` : "ETA not available";
  return destination ? `On my way to ${destination}. ${eta}.` : `${eta}.`;
}

function placeText(place: SavedPlace): string {
  return [place.name, place.address].filter(present).join("\n");
}

/** Everything that can be shared from Maps, keyed by the form's `what` value. */
export function mapsShareChoices(maps: MapsApp): ShareChoice[] {
  const choices: ShareChoice[] = [];
  if (maps.active_route) {
    choices.push({ what: "route", label: "the full route", text: fullRouteText(maps.active_route) });
    choices.push({ what: "eta", label: "destination and ETA only", text: etaText(maps.active_route) });
  }
  for (const [index, place] of maps.saved_places.entries())
    choices.push({ what: `place-${index}`, label: { fixed: "the place", value: `"${place.name}"` }, text: placeText(place) });
  return choices;
}
