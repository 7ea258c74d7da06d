import type { Context } from "hono";
import { appContext } from "../http/page-context.js";
import { assertSameItem, commaList, type Form, indexParam, readForm, redirectTo } from "../http/request-helpers.js";
import type { RouteDeps } from "../http/workspace-env.js";
import { labelMarkup } from "../views/labelling.js";
import { pageLayout } from "../views/page-layout.js";
import { appPath } from "../views/paths.js";
import { createEvent, type EventFields, editEvent } from "./calendar-operations.js";
import { calendarHome, eventForm, eventPage } from "./calendar-views.js";

function fieldsOf(form: Form): EventFields {
  return {
    title: form.get("title").trim(),
    date: form.get("date").trim(),
    start: form.get("start").trim(),
    end: form.get("end").trim(),
    location: form.get("location").trim(),
    description: form.get("description"),
    invitees: commaList(form.get("invitees")),
  };
}

export function registerCalendarRoutes({ app, store }: RouteDeps): void {
  const context = (c: Context) => appContext(c, store, "calendar");

  app.get("/e/:episode/calendar", (c) => {
    const { episode, state, path, notice } = context(c);
    return c.html(pageLayout({ episode, title: "Calendar", app: "calendar", path, notice, body: calendarHome(episode, state) }));
  });

  const newEventPage = (c: Context, values: Partial<EventFields>, error?: string) => {
    const { episode } = context(c);
    const path = appPath(episode.id, "calendar", "new");
    const body = eventForm(episode, path, values, "Create event");
    return c.html(pageLayout({ episode, title: "New event", app: "calendar", path, error: error ?? null, body }), error ? 400 : 200);
  };

  app.get("/e/:episode/calendar/new", (c) => newEventPage(c, {}));

  app.post("/e/:episode/calendar/new", async (c) => {
    const { episode } = context(c);
    const fields = fieldsOf(await readForm(c));
    if (fields.title === "") return newEventPage(c, fields, "An event needs a title.");
    const index = createEvent(store, episode.id, fields);
    return redirectTo(c, appPath(episode.id, "calendar", "events", index), "created");
  });

  app.get("/e/:episode/calendar/events/:event", (c) => {
    const { episode, state, path, notice } = context(c);
    const index = indexParam(c, "event", state.events.length);
    const event = state.events[index]!;
    const heading = labelMarkup({ value: event.title });
    return c.html(
      pageLayout({ episode, title: event.title, heading, app: "calendar", path, notice, body: eventPage(episode, event, index) }),
    );
  });

  app.post("/e/:episode/calendar/events/:event", async (c) => {
    const { episode, state } = context(c);
    const index = indexParam(c, "event", state.events.length);
    const event = state.events[index]!;
    const form = await readForm(c);
    assertSameItem(form, event.title);
    const fields = fieldsOf(form);
    const path = appPath(episode.id, "calendar", "events", index);
    if (fields.title === "") {
      return c.html(
        pageLayout({
          episode,
          title: event.title,
          heading: labelMarkup({ value: event.title }),
          app: "calendar",
          path,
          error: "An event needs a title.",
          body: eventPage(episode, event, index),
        }),
        400,
      );
    }
    editEvent(store, episode.id, index, fields);
    return redirectTo(c, path, "saved");
  });
}
