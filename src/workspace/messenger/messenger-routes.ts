import type { Context } from "hono";
import { appContext } from "../http/page-context.js";
import { assertSameItem, commaList, indexParam, readForm, redirectTo } from "../http/request-helpers.js";
import type { RouteDeps } from "../http/workspace-env.js";
import type { WorkspaceStore } from "../store/workspace-store.js";
import { labelMarkup } from "../views/labelling.js";
import { pageLayout } from "../views/page-layout.js";
import { appPath } from "../views/paths.js";
import { createThread, findThread, saveDraft, sendMessage } from "./messenger-operations.js";
import { messengerHome, newMessagePage, threadPage } from "./messenger-views.js";

function context(c: Context, store: WorkspaceStore) {
  const { state, ...rest } = appContext(c, store, "messenger");
  return { messenger: state, ...rest };
}

export function registerMessengerRoutes({ app, store }: RouteDeps): void {
  app.get("/e/:episode/messenger", (c) => {
    const { episode, messenger, path, notice } = context(c, store);
    return c.html(pageLayout({ episode, title: "Messenger", app: "messenger", path, notice, body: messengerHome(episode, messenger) }));
  });

  app.get("/e/:episode/messenger/new", (c) => {
    const { episode, path } = context(c, store);
    return c.html(
      pageLayout({ episode, title: "New message", app: "messenger", path, body: newMessagePage(episode, { to: c.req.query("to") ?? "" }) }),
    );
  });

  app.post("/e/:episode/messenger/new", async (c) => {
    const { episode } = context(c, store);
    const path = appPath(episode.id, "messenger", "new");
    const form = await readForm(c);
    const values = { to: form.get("to"), members: form.get("members"), text: form.get("text") };
    const error = values.to.trim() === "" ? "Enter who the message is to." : values.text.trim() === "" ? "Type a message first." : null;
    if (error)
      return c.html(
        pageLayout({ episode, title: "New message", app: "messenger", path, error, body: newMessagePage(episode, values) }),
        400,
      );
    let index = findThread(store, episode.id, values.to);
    if (index < 0) index = createThread(store, episode.id, values.to, commaList(values.members));
    sendMessage(store, episode.id, index, values.text);
    return redirectTo(c, appPath(episode.id, "messenger", "threads", index), "sent");
  });

  app.get("/e/:episode/messenger/threads/:thread", (c) => {
    const { episode, messenger, path, notice } = context(c, store);
    const index = indexParam(c, "thread", messenger.threads.length);
    const thread = messenger.threads[index]!;
    return c.html(
      pageLayout({
        episode,
        title: thread.contact,
        heading: labelMarkup({ value: thread.contact }),
        app: "messenger",
        path,
        notice,
        body: threadPage(episode, thread, index),
      }),
    );
  });

  app.post("/e/:episode/messenger/threads/:thread/send", async (c) => {
    const { episode, messenger } = context(c, store);
    const index = indexParam(c, "thread", messenger.threads.length);
    const thread = messenger.threads[index]!;
    const path = appPath(episode.id, "messenger", "threads", index);
    const form = await readForm(c);
    assertSameItem(form, thread.contact);
    const text = form.get("text");
    if (form.get("intent") === "draft") {
      saveDraft(store, episode.id, index, text);
      return redirectTo(c, appPath(episode.id, "messenger", "threads", index), "draft");
    }
    if (text.trim() === "") {
      return c.html(
        pageLayout({
          episode,
          title: thread.contact,
          heading: labelMarkup({ value: thread.contact }),
          app: "messenger",
          path,
          error: "Type a message first.",
          body: threadPage(episode, thread, index),
        }),
        400,
      );
    }
    sendMessage(store, episode.id, index, text);
    return redirectTo(c, appPath(episode.id, "messenger", "threads", index), "sent");
  });
}
