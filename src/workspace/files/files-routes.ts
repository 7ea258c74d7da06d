import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { appContext } from "../http/page-context.js";
import { assertSameItem, indexParam, readForm, redirectTo } from "../http/request-helpers.js";
import type { RouteDeps } from "../http/workspace-env.js";
import { labelMarkup } from "../views/labelling.js";
import { pageLayout } from "../views/page-layout.js";
import { appPath } from "../views/paths.js";
import {
  commentOnDocument,
  createDocument,
  createFolder,
  createShareLink,
  LINK_PERMISSIONS,
  normaliseFolder,
  removeShareLink,
  saveDocument,
  shareWithUser,
} from "./files-operations.js";
import { documentPage, editDocumentPage, folderPage, folderUrl, knownFolders, newDocumentPage } from "./files-views.js";

const D = "/e/:episode/files/documents/:document";

/**
 * The file share: folders (`?folder=a/b`, the root without), documents of the user and of others,
 * share links and comments. A document's name is its page's heading (content, no `page-title`).
 */
export function registerFilesRoutes({ app, store }: RouteDeps): void {
  const context = (c: Context) => appContext(c, store, "files");
  const documentContext = (c: Context) => {
    const base = context(c);
    const index = indexParam(c, "document", base.state.documents.length);
    return { ...base, index, document: base.state.documents[index]! };
  };
  const documentHome = (c: Context) => appPath(context(c).episode.id, "files", "documents", documentContext(c).index);

  app.get("/e/:episode/files", (c) => {
    const { episode, state, path, notice } = context(c);
    const folder = normaliseFolder(c.req.query("folder") ?? "");
    if (folder !== "" && !knownFolders(state).includes(folder)) throw new HTTPException(404, { message: "There is no such folder." });
    return c.html(pageLayout({ episode, title: "Files", app: "files", path, notice, body: folderPage(episode, state, folder) }));
  });

  app.post("/e/:episode/files/folders", async (c) => {
    const { episode, state } = context(c);
    const form = await readForm(c);
    const parent = normaliseFolder(form.get("parent"));
    const name = normaliseFolder(form.get("name"));
    if (name === "") throw new HTTPException(400, { message: "A folder needs a name." });
    const path = parent === "" ? name : `${parent}/${name}`;
    if (!knownFolders(state).includes(path)) createFolder(store, episode.id, path);
    // The folder is in the query, so the notice joins it with "&" (redirectTo starts a query).
    return c.redirect(`${folderUrl(episode, path)}&notice=created`, 303);
  });

  const newPage = (c: Context, values: { name?: string; folder?: string; content?: string }, error?: string) => {
    const { episode, state } = context(c);
    const path = appPath(episode.id, "files", "new");
    return c.html(
      pageLayout({
        episode,
        title: "New document",
        app: "files",
        path,
        error: error ?? null,
        body: newDocumentPage(episode, state, values),
      }),
      error ? 400 : 200,
    );
  };
  app.get("/e/:episode/files/new", (c) => newPage(c, { folder: normaliseFolder(c.req.query("folder") ?? "") }));
  app.post("/e/:episode/files/new", async (c) => {
    const { episode, state } = context(c);
    const form = await readForm(c);
    const values = { name: form.get("name").trim(), folder: normaliseFolder(form.get("folder")), content: form.get("content") };
    if (values.name === "") return newPage(c, values, "A document needs a name.");
    if (values.folder !== "" && !knownFolders(state).includes(values.folder)) return newPage(c, values, "Choose a folder from the list.");
    const index = createDocument(store, episode.id, values);
    return redirectTo(c, appPath(episode.id, "files", "documents", index), "created");
  });

  app.get(D, (c) => {
    const { episode, state, path, notice, document, index } = documentContext(c);
    const heading = labelMarkup({ value: document.name });
    return c.html(
      pageLayout({
        episode,
        title: document.name,
        heading,
        app: "files",
        path,
        notice,
        body: documentPage(episode, state, document, index),
      }),
    );
  });

  app.get(`${D}/edit`, (c) => {
    const { episode, path, document, index } = documentContext(c);
    const heading = labelMarkup({ fixed: "Edit", value: document.name });
    return c.html(
      pageLayout({
        episode,
        title: `Edit ${document.name}`,
        heading,
        app: "files",
        path,
        body: editDocumentPage(episode, document, index),
      }),
    );
  });
  app.post(`${D}/edit`, async (c) => {
    const { episode, document, index } = documentContext(c);
    const form = await readForm(c);
    assertSameItem(form, document.name);
    saveDocument(store, episode.id, index, form.get("content"));
    return redirectTo(c, documentHome(c), "saved");
  });

  app.post(`${D}/comments`, async (c) => {
    const { episode, document, index } = documentContext(c);
    const form = await readForm(c);
    assertSameItem(form, document.name);
    if (form.get("body").trim() === "") throw new HTTPException(400, { message: "Type a comment first." });
    commentOnDocument(store, episode.id, index, form.get("body"));
    return redirectTo(c, documentHome(c), "created");
  });

  app.post(`${D}/share`, async (c) => {
    const { episode, document, index } = documentContext(c);
    const form = await readForm(c);
    assertSameItem(form, document.name);
    const user = form.get("user").trim().replace(/^@/, "");
    if (user === "") throw new HTTPException(400, { message: "Enter who to share with." });
    shareWithUser(store, episode.id, index, user);
    return redirectTo(c, documentHome(c), "shared");
  });

  app.post(`${D}/links`, async (c) => {
    const { episode, document, index } = documentContext(c);
    const form = await readForm(c);
    assertSameItem(form, document.name);
    const permission = form.get("permission");
    if (!(LINK_PERMISSIONS as readonly string[]).includes(permission))
      throw new HTTPException(400, { message: "Choose what the link allows from the list." });
    const expires = form.get("expires").trim();
    createShareLink(store, episode.id, index, { permission, ...(expires !== "" ? { expires } : {}) });
    return redirectTo(c, documentHome(c), "created");
  });

  app.post(`${D}/links/:link/remove`, async (c) => {
    const { episode, document, index } = documentContext(c);
    const link = indexParam(c, "link", document.links.length);
    assertSameItem(await readForm(c), document.links[link]!.url);
    removeShareLink(store, episode.id, index, link);
    return redirectTo(c, documentHome(c), "updated");
  });
}
