import type { Context } from "hono";
import { appContext } from "../http/page-context.js";
import { assertSameItem, indexParam, readForm, redirectTo } from "../http/request-helpers.js";
import type { RouteDeps } from "../http/workspace-env.js";
import { pageLayout } from "../views/page-layout.js";
import { appPath } from "../views/paths.js";
import { addItem, editItem, setDone } from "./todo-operations.js";
import { itemPage, todoHome } from "./todo-views.js";

export function registerTodoRoutes({ app, store }: RouteDeps): void {
  const context = (c: Context) => appContext(c, store, "todo");

  app.get("/e/:episode/todo", (c) => {
    const { episode, state, path, notice } = context(c);
    return c.html(pageLayout({ episode, title: "To-do", app: "todo", path, notice, body: todoHome(episode, state) }));
  });

  app.post("/e/:episode/todo/items", async (c) => {
    const { episode, state } = context(c);
    const form = await readForm(c);
    const fields = { text: form.get("text").trim(), list: form.get("list").trim(), due: form.get("due").trim(), notes: form.get("notes") };
    if (fields.text === "") {
      const path = appPath(episode.id, "todo");
      return c.html(
        pageLayout({ episode, title: "To-do", app: "todo", path, error: "Type the item first.", body: todoHome(episode, state, fields) }),
        400,
      );
    }
    addItem(store, episode.id, fields);
    return redirectTo(c, appPath(episode.id, "todo"), "created");
  });

  app.get("/e/:episode/todo/items/:item", (c) => {
    const { episode, state, path, notice } = context(c);
    const index = indexParam(c, "item", state.items.length);
    return c.html(
      pageLayout({ episode, title: "Edit item", app: "todo", path, notice, body: itemPage(episode, state, state.items[index]!, index) }),
    );
  });

  app.post("/e/:episode/todo/items/:item", async (c) => {
    const { episode, state } = context(c);
    const index = indexParam(c, "item", state.items.length);
    const item = state.items[index]!;
    const form = await readForm(c);
    assertSameItem(form, item.text);
    const path = appPath(episode.id, "todo", "items", index);
    const text = form.get("text").trim();
    if (text === "") {
      return c.html(
        pageLayout({
          episode,
          title: "Edit item",
          app: "todo",
          path,
          error: "An item needs text.",
          body: itemPage(episode, state, item, index),
        }),
        400,
      );
    }
    editItem(store, episode.id, index, {
      text,
      list: form.get("list").trim(),
      due: form.get("due").trim(),
      status: form.get("status").trim(),
      notes: form.get("notes"),
      done: form.get("done") === "on",
    });
    return redirectTo(c, appPath(episode.id, "todo"), "saved");
  });

  app.post("/e/:episode/todo/items/:item/toggle", async (c) => {
    const { episode, state } = context(c);
    const index = indexParam(c, "item", state.items.length);
    const form = await readForm(c);
    assertSameItem(form, state.items[index]!.text);
    setDone(store, episode.id, index, form.get("done") !== "false");
    return redirectTo(c, appPath(episode.id, "todo"), "updated");
  });
}
