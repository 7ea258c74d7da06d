import type { CalendarEvent } from "../../scenario/index.js";
import type { WorkspaceStore } from "../store/workspace-store.js";

/** The editable fields of an event as typed in the form. */
export interface EventFields {
  title: string;
  date: string;
  start: string;
  end: string;
  location: string;
  description: string;
  invitees: string[];
}

const TEXT_FIELDS = ["date", "start", "end", "location", "description"] as const;

/**
 * A blank form field leaves a field the event never had absent (so editing one field does not
 * add empty ones); a field that had a value and is cleared becomes "".
 */
function applyFields(event: CalendarEvent, fields: EventFields): void {
  event.title = fields.title;
  for (const key of TEXT_FIELDS) {
    if (fields[key] === "" && event[key] === undefined) continue;
    event[key] = fields[key];
  }
  event.invitees = fields.invitees;
}

export function createEvent(store: WorkspaceStore, episodeId: string, fields: EventFields): number {
  const events = store.episode(episodeId).state.calendar?.events;
  if (!events) throw new Error("this workspace has no calendar");
  const index = events.length;
  store.commit(episodeId, { app: "calendar", operation: "create_event", entity: `calendar/events/${index}` }, () => {
    const event: CalendarEvent = { title: fields.title, invitees: [] };
    applyFields(event, fields);
    events.push(event);
  });
  return index;
}

export function editEvent(store: WorkspaceStore, episodeId: string, index: number, fields: EventFields): void {
  const event = store.episode(episodeId).state.calendar?.events[index];
  if (!event) throw new Error(`no event ${index}`);
  store.commit(episodeId, { app: "calendar", operation: "edit_event", entity: `calendar/events/${index}` }, () =>
    applyFields(event, fields),
  );
}
