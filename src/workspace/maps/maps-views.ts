import type { MapsApp, Route } from "../../scenario/index.js";
import type { SharePayload } from "../artifacts/share-payload.js";
import type { Episode } from "../store/workspace-store.js";
import { actionButton, hidden, submitButton, textArea, textField } from "../views/controls.js";
import { type Html, html } from "../views/html.js";
import { fixedText } from "../views/labelling.js";
import { appPath } from "../views/paths.js";
import { renderExtra } from "../views/render-extra.js";
import { sentShares } from "../views/share-views.js";

function line(label: string, value: string | undefined): Html {
  return value === undefined || value === "" ? html`` : html`<li data-content>${fixedText(`${label}:`)} ${value}</li>`;
}

function routeSection(episode: Episode, route: Route): Html {
  const base = appPath(episode.id, "maps");
  return html`<section class="card" aria-labelledby="route-heading"><h2 id="route-heading" class="section-heading" data-operator>Active route</h2>
<ul class="plain">${line("From", route.start)}${line("To", route.destination)}${line("Address", route.address)}${line("ETA", route.eta)}${line("Distance", route.distance)}${line("Traffic", route.traffic)}${line("Status", route.status)}</ul>
<h3 class="section-heading" data-operator>Stops on the way (${route.waypoints.length})</h3>
${route.waypoints.length === 0 ? html`<p class="muted empty-note" data-operator>No stops.</p>` : html``}<ol>${route.waypoints.map(
    (stop, index) =>
      html`<li data-content>${stop} ${actionButton(`${base}/route/stops/${index}/remove`, "Remove stop", { accessibleName: `Remove stop "${stop}"`, fields: hidden("expect", stop) })}</li>`,
  )}</ol>${renderExtra(route.extra, "Other route details")}
<form method="post" action="${base}/route/stops">${textField({ id: "stop", name: "stop", label: "Add a stop", required: true })}<div class="actions" data-operator>${submitButton("Add stop")}</div></form>
<div class="actions" data-operator><a href="${base}/share?what=route">Share route</a><a href="${base}/share?what=eta">Share ETA</a></div></section>`;
}

function searchResults(maps: MapsApp, query: string): Html {
  const wanted = query.toLowerCase();
  const places = maps.saved_places.filter((place) =>
    [place.name, place.address, place.note].some((field) => field?.toLowerCase().includes(wanted)),
  );
  const searches = maps.recent_searches.filter((search) => search.toLowerCase().includes(wanted));
  return html`<section aria-labelledby="results-heading"><h2 id="results-heading">${fixedText("Results for")} <span data-content>"${query}"</span></h2>
${places.length + searches.length === 0 ? html`<p class="muted empty-note" data-operator>Nothing found among your places and searches.</p>` : html``}<ul>${places.map(
    (place) =>
      html`<li data-content>${place.name}${place.address ? `, ${place.address}` : ""} <span class="muted fixed-label" data-operator>(saved place)</span></li>`,
  )}${searches.map((search) => html`<li data-content>${search} <span class="muted fixed-label" data-operator>(recent search)</span></li>`)}</ul></section>`;
}

export function mapsHome(episode: Episode, maps: MapsApp, shares: readonly SharePayload[], query?: string): Html {
  const base = appPath(episode.id, "maps");
  return html`<form method="post" action="${base}/search" role="search" id="place-search">${textField({ id: "q", name: "q", label: "Search places", value: query, required: true })}<div class="actions" data-operator>${submitButton("Search")}</div></form>
${query ? searchResults(maps, query) : html``}
${maps.active_route ? routeSection(episode, maps.active_route) : html`<p class="muted empty-note" data-operator>No active route.</p>`}
<section aria-labelledby="waypoints-heading"><h2 id="waypoints-heading" class="section-heading" data-operator>Planned stops (${maps.waypoints.length})</h2>
${maps.waypoints.length === 0 ? html`<p class="muted empty-note" data-operator>None.</p>` : html`<ol>${maps.waypoints.map((stop) => html`<li data-content>${stop}</li>`)}</ol>`}</section>
<section aria-labelledby="places-heading"><h2 id="places-heading" class="section-heading" data-operator>Saved places (${maps.saved_places.length})</h2>
<ul class="plain">${maps.saved_places.map(
    (
      place,
      index,
    ) => html`<li class="card" data-content><h3>${place.name}</h3><ul class="plain">${line("Address", place.address)}${line("Note", place.note)}</ul>${renderExtra(place.extra)}
<a href="${base}/share?what=place-${index}" aria-label="Share ${place.name}" class="row-link" data-operator>Share</a></li>`,
  )}</ul>
<details><summary id="save-place-toggle" data-operator>Save a place</summary><form method="post" action="${base}/places">${textField({ id: "place-name", name: "name", label: "Place name", required: true })}${textField({ id: "place-address", name: "address", label: "Address" })}${textArea({ id: "place-note", name: "note", label: "Note", rows: 2 })}<div class="actions" data-operator>${submitButton("Save place")}</div></form></details></section>
<section aria-labelledby="recent-heading"><h2 id="recent-heading" class="section-heading" data-operator>Recent searches (${maps.recent_searches.length})</h2>
${maps.recent_searches.length === 0 ? html`<p class="muted empty-note" data-operator>None.</p>` : html`<ul>${maps.recent_searches.map((search) => html`<li data-content>${search}</li>`)}</ul>`}</section>
${sentShares(shares, "Shared from Maps")}
${renderExtra(maps.extra, "Other maps details")}`;
}
