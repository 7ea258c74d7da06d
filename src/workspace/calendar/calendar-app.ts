import { countOf } from "../../core/index.js";
import { CalendarEventSchema } from "../../scenario/index.js";
import type { WorkspaceAppDefinition } from "../app-definition.js";
import { eventText } from "../artifacts/entity-text.js";
import { entryField, notMe } from "../artifacts/entry-fields.js";

export const calendarApp: WorkspaceAppDefinition<"calendar"> = {
  name: "calendar",
  label: "Calendar",
  routes: async () => (await import("./calendar-routes.js")).registerCalendarRoutes,
  summary: (calendar) => countOf(calendar.events.length, "event"),
  artifactOf(entry) {
    if (entry.operation !== "create_event" && entry.operation !== "edit_event") return undefined;
    const event = entryField(CalendarEventSchema, entry.after, entry);
    const invitees = event.invitees.filter(notMe);
    return {
      kind: entry.operation === "create_event" ? "event_created" : "event_edited",
      channel: "calendar_event",
      recipient: invitees.length > 0 ? invitees.join(", ") : null,
      recipients: invitees,
      text: eventText(event),
    };
  },
};
