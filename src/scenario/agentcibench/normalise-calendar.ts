import type { z } from "zod";
import type { CalendarAppSchema, CalendarEventSchema } from "../apps/calendar-app.js";
import type { Path, ProblemSink } from "./problems.js";
import { buildExtra, FieldReader, mapElements, type RawObject, stringElements, unrecognisedExtra, withExtra } from "./raw-fields.js";

type CalendarAppInput = z.input<typeof CalendarAppSchema>;
type CalendarEventInput = z.input<typeof CalendarEventSchema>;

/**
 * `open_calendar` → the canonical calendar. Events are `{title, date, description, location}`,
 * `{title, time}` (the time becomes `start`), `{title, start, end}` or a plain string (the title).
 * An empty `{}` calendar is an app with no events; empty strings are kept as the source wrote them.
 */
export function normaliseCalendar(raw: RawObject, path: Path, problems: ProblemSink): CalendarAppInput {
  const reader = new FieldReader(raw);
  const list = reader.list("events");
  reader.warnUntaken(["events"], "a list of events", path, problems);
  const { entries, unrecognised } = list
    ? mapElements(
        list.value,
        [...path, "events"],
        problems,
        (title) => ({ title }),
        (event, eventPath) => normaliseEvent(event, eventPath, problems),
      )
    : { entries: [], unrecognised: [] };
  return withExtra({ events: entries }, buildExtra(reader.rest(), unrecognisedExtra("events", unrecognised)));
}

function normaliseEvent(raw: RawObject, path: Path, problems: ProblemSink): CalendarEventInput {
  const reader = new FieldReader(raw);
  const title = reader.text("title", "name", "summary");
  if (title === undefined) problems.warn(path, "an event without a title; shown with an empty title");
  const event: CalendarEventInput = { title: title ?? "" };
  const date = reader.text("date");
  if (date !== undefined) event.date = date;
  const start = reader.text("start", "time", "start_time");
  if (start !== undefined) event.start = start;
  const end = reader.text("end", "end_time");
  if (end !== undefined) event.end = end;
  const description = reader.text("description");
  if (description !== undefined) event.description = description;
  const location = reader.text("location");
  if (location !== undefined) event.location = location;
  let extra: RawObject | undefined;
  const invitees = reader.list("invitees", "attendees", "participants");
  if (invitees) {
    const { strings, unrecognised } = stringElements(invitees.value, [...path, invitees.key], problems);
    event.invitees = strings;
    extra = unrecognisedExtra(invitees.key, unrecognised);
  }
  return withExtra(event, buildExtra(reader.rest(), extra));
}
