import type { CalendarApp, CalendarEvent } from "../../scenario/index.js";
import type { FixedClock } from "../store/fixed-clock.js";
import type { Episode } from "../store/workspace-store.js";
import { datalist, hidden, submitButton, textArea, textField } from "../views/controls.js";
import { dateSortKey, relativeDateLabel } from "../views/date-labels.js";
import { type Html, html } from "../views/html.js";
import { knownContacts } from "../views/known-contacts.js";
import { fixedText } from "../views/labelling.js";
import { appPath } from "../views/paths.js";
import { renderExtra } from "../views/render-extra.js";
import type { EventFields } from "./calendar-operations.js";

function dateLine(date: string | undefined, clock: FixedClock): Html {
  if (date === undefined || date === "") return html``;
  const relative = relativeDateLabel(date, clock);
  return html`<li>${fixedText("Date:")} ${date}${relative ? html` <span class="muted">(${relative})</span>` : html``}</li>`;
}

function timeLine(event: CalendarEvent): Html {
  const hasStart = event.start !== undefined && event.start !== "";
  const hasEnd = event.end !== undefined && event.end !== "";
  if (!hasStart && !hasEnd) return html``;
  if (hasStart && hasEnd) return html`<li>${fixedText("Time:")} ${event.start} ${fixedText("to")} ${event.end}</li>`;
  return hasStart ? html`<li>${fixedText("Starts:")} ${event.start}</li>` : html`<li>${fixedText("Ends:")} ${event.end}</li>`;
}

function optionalLine(label: string, value: string | undefined): Html {
  return value === undefined || value === "" ? html`` : html`<li>${fixedText(`${label}:`)} <span class="pre-wrap">${value}</span></li>`;
}

/** Every field of an event; the title is a link to its page when `href` is given. Content, but for the labels. */
function eventDetails(event: CalendarEvent, clock: FixedClock, href?: string): Html {
  return html`<h3 data-content>${href ? html`<a href="${href}">${event.title}</a>` : event.title}</h3>
<ul class="plain" data-content>${dateLine(event.date, clock)}${timeLine(event)}${optionalLine("Location", event.location)}${optionalLine("Invitees", event.invitees.join(", "))}${optionalLine("Description", event.description)}</ul>${renderExtra(event.extra)}`;
}

/** Code-unit order: ISO dates sort chronologically and the "~" of free-text dates after them (localeCompare would not). */
function ordinal(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function calendarHome(episode: Episode, calendar: CalendarApp): Html {
  const order = calendar.events
    .map((event, index) => ({ event, index }))
    .sort(
      (a, b) =>
        ordinal(dateSortKey(a.event.date), dateSortKey(b.event.date)) ||
        ordinal(a.event.start ?? "", b.event.start ?? "") ||
        a.index - b.index,
    );
  return html`<p class="page-links" data-operator><a href="${appPath(episode.id, "calendar", "new")}">New event</a></p>
<section aria-labelledby="events-heading"><h2 id="events-heading" class="section-heading" data-operator>Events (${calendar.events.length})</h2>
${calendar.events.length === 0 ? html`<p class="muted empty-note" data-operator>No events.</p>` : html``}<ul class="plain">${order.map(
    ({ event, index }) =>
      html`<li class="card">${eventDetails(event, episode.clock, appPath(episode.id, "calendar", "events", index))}</li>`,
  )}</ul></section>
${renderExtra(calendar.extra, "Other calendar details")}`;
}

export function eventForm(episode: Episode, action: string, values: Partial<EventFields>, submitLabel: string, expect?: string): Html {
  return html`<form method="post" action="${action}">${expect !== undefined ? hidden("expect", expect) : html``}
${textField({ id: "title", name: "title", label: "Title", value: values.title, required: true })}
${textField({ id: "date", name: "date", label: "Date", value: values.date, hint: `For example ${episode.clock.date}` })}
${textField({ id: "start", name: "start", label: "Start time", value: values.start, hint: "For example 14:00" })}
${textField({ id: "end", name: "end", label: "End time", value: values.end })}
${textField({ id: "location", name: "location", label: "Location", value: values.location })}
${textField({ id: "invitees", name: "invitees", label: "Invitees", value: values.invitees?.join(", "), list: "contacts", hint: "Names separated by commas" })}
${textArea({ id: "description", name: "description", label: "Description", value: values.description, rows: 5 })}
<div class="actions" data-operator>${submitButton(submitLabel)}</div>
${datalist("contacts", knownContacts(episode.state))}
</form>`;
}

export function eventPage(episode: Episode, event: CalendarEvent, index: number): Html {
  const fields: EventFields = {
    title: event.title,
    date: event.date ?? "",
    start: event.start ?? "",
    end: event.end ?? "",
    location: event.location ?? "",
    description: event.description ?? "",
    invitees: event.invitees,
  };
  return html`<p class="page-links" data-operator><a href="${appPath(episode.id, "calendar")}">All events</a></p>
<section class="card" aria-label="Event details">${eventDetails(event, episode.clock)}</section>
<section aria-labelledby="edit-heading"><h2 id="edit-heading" class="section-heading" data-operator>Edit event</h2>
${eventForm(episode, appPath(episode.id, "calendar", "events", index), fields, "Save changes", event.title)}</section>`;
}
