import type { Context } from "hono";
import { fileText } from "../artifacts/entity-text.js";
import { shareText } from "../artifacts/share-payload.js";
import { appContext } from "../http/page-context.js";
import { assertSameItem, indexParam, readForm, redirectTo } from "../http/request-helpers.js";
import { logShare, sharesOf } from "../http/share-log.js";
import type { RouteDeps } from "../http/workspace-env.js";
import { labelMarkup } from "../views/labelling.js";
import { pageLayout } from "../views/page-layout.js";
import { appPath } from "../views/paths.js";
import { shareForm } from "../views/share-views.js";
import { createFile, saveFile } from "./code-editor-operations.js";
import { codeEditorPage, defaultSelection, newFilePage } from "./code-editor-views.js";

export function registerCodeEditorRoutes({ app, store }: RouteDeps): void {
  const context = (c: Context) => appContext(c, store, "code_editor");

  app.get("/e/:episode/code", (c) => {
    const { episode, state, path, notice } = context(c);
    const body = codeEditorPage(episode, state, defaultSelection(state), sharesOf(episode, "code_editor"));
    return c.html(pageLayout({ episode, title: "Code editor", app: "code_editor", path, notice, body }));
  });

  app.get("/e/:episode/code/files/:file", (c) => {
    const { episode, state, path, notice } = context(c);
    const index = indexParam(c, "file", state.files.length);
    const body = codeEditorPage(episode, state, index, sharesOf(episode, "code_editor"));
    const title = state.files[index]!.path;
    return c.html(pageLayout({ episode, title, heading: labelMarkup({ value: title }), app: "code_editor", path, notice, body }));
  });

  app.post("/e/:episode/code/files/:file", async (c) => {
    const { episode, state } = context(c);
    const index = indexParam(c, "file", state.files.length);
    const form = await readForm(c);
    assertSameItem(form, state.files[index]!.path);
    saveFile(store, episode.id, index, form.get("content"));
    return redirectTo(c, appPath(episode.id, "code_editor", "files", index), "saved");
  });

  const newPage = (c: Context, values: { path?: string; content?: string }, error?: string) => {
    const { episode } = context(c);
    const path = appPath(episode.id, "code_editor", "new");
    return c.html(
      pageLayout({ episode, title: "New file", app: "code_editor", path, error: error ?? null, body: newFilePage(episode, values) }),
      error ? 400 : 200,
    );
  };

  app.get("/e/:episode/code/new", (c) => newPage(c, {}));

  app.post("/e/:episode/code/new", async (c) => {
    const { episode, state } = context(c);
    const form = await readForm(c);
    const values = { path: form.get("path").trim(), content: form.get("content") };
    if (values.path === "") return newPage(c, values, "A file needs a path.");
    if (state.files.some((file) => file.path === values.path)) return newPage(c, values, "A file with this path exists already.");
    const index = createFile(store, episode.id, values.path, values.content);
    return redirectTo(c, appPath(episode.id, "code_editor", "files", index), "created");
  });

  const sharePage = (c: Context, index: number, values?: { to: string; message: string }, error?: string) => {
    const { episode, state } = context(c);
    const file = state.files[index]!;
    const path = appPath(episode.id, "code_editor", "files", index, "share");
    const body = shareForm({ episode, action: path, what: file.path, whatLabel: { value: file.path }, preview: fileText(file), values });
    const heading = labelMarkup({ fixed: "Share", value: file.path });
    return c.html(
      pageLayout({ episode, title: `Share ${file.path}`, heading, app: "code_editor", path, error: error ?? null, body }),
      error ? 400 : 200,
    );
  };

  app.get("/e/:episode/code/files/:file/share", (c) => sharePage(c, indexParam(c, "file", context(c).state.files.length)));

  app.post("/e/:episode/code/files/:file/share", async (c) => {
    const { episode, state } = context(c);
    const index = indexParam(c, "file", state.files.length);
    const file = state.files[index]!;
    const form = await readForm(c);
    const values = { to: form.get("to").trim(), message: form.get("message") };
    if (values.to === "") return sharePage(c, index, values, "Enter who to share with.");
    logShare(store, episode.id, "code_editor", {
      to: values.to,
      what: file.path,
      message: values.message,
      text: shareText(values.message, fileText(file)),
    });
    return redirectTo(c, appPath(episode.id, "code_editor", "files", index), "shared");
  });
}
