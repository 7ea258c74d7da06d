import { createHash } from "node:crypto";
import type { FilesApp, FilesDocument } from "../../scenario/index.js";
import type { WorkspaceStore } from "../store/workspace-store.js";
import { FILES_HOST } from "./files-host.js";

/** What a share link lets its holder do (the app's own words). */
export const LINK_PERMISSIONS = ["view", "edit"] as const;

function filesOf(store: WorkspaceStore, episodeId: string): FilesApp {
  const files = store.episode(episodeId).state.files;
  if (!files) throw new Error("this workspace has no files app");
  return files;
}

function documentOf(store: WorkspaceStore, episodeId: string, document: number): FilesDocument {
  const found = filesOf(store, episodeId).documents[document];
  if (!found) throw new Error(`no document ${document}`);
  return found;
}

/** The user's own name: owner of what they create and byline of their comments. */
export function filesMe(files: FilesApp): string {
  return files.me ?? "me";
}

/** "a/b/" and " a / b" → "a/b"; "" is the root. */
export function normaliseFolder(path: string): string {
  return path
    .split("/")
    .map((part) => part.trim())
    .filter((part) => part !== "")
    .join("/");
}

export function createFolder(store: WorkspaceStore, episodeId: string, path: string): number {
  const files = filesOf(store, episodeId);
  const index = files.folders.length;
  store.commit(episodeId, { app: "files", operation: "create_folder", entity: `files/folders/${index}` }, () => {
    files.folders.push({ path, owner: filesMe(files) });
  });
  return index;
}

export function createDocument(
  store: WorkspaceStore,
  episodeId: string,
  fields: { name: string; folder: string; content: string },
): number {
  const files = filesOf(store, episodeId);
  const index = files.documents.length;
  store.commit(episodeId, { app: "files", operation: "create_document", entity: `files/documents/${index}` }, () => {
    files.documents.push({
      name: fields.name,
      folder: fields.folder,
      owner: filesMe(files),
      content: fields.content,
      shared_with: [],
      links: [],
      comments: [],
    });
  });
  return index;
}

/** Saving unchanged text logs nothing (the store skips no-op changes). */
export function saveDocument(store: WorkspaceStore, episodeId: string, document: number, content: string): void {
  const found = documentOf(store, episodeId, document);
  store.commit(
    episodeId,
    {
      app: "files",
      operation: "save_document",
      entity: `files/documents/${document}/content`,
      context: { document: found.name, owner: found.owner },
    },
    () => {
      found.content = content;
    },
  );
}

export function commentOnDocument(store: WorkspaceStore, episodeId: string, document: number, body: string): void {
  const found = documentOf(store, episodeId, document);
  const { clock } = store.episode(episodeId);
  store.commit(
    episodeId,
    {
      app: "files",
      operation: "comment_document",
      entity: `files/documents/${document}/comments/${found.comments.length}`,
      context: { document: found.name, owner: found.owner },
    },
    () => {
      found.comments.push({ author: filesMe(filesOf(store, episodeId)), body, time: `${clock.date} ${clock.time}` });
    },
  );
}

/**
 * A link's address is derived from the episode, the document and the link's position, on the
 * files app's own host: the same actions always give the same link (no randomness), and an
 * evaluator can look for it in whatever left the workspace.
 */
function shareLinkUrl(episodeId: string, document: number, link: number): string {
  const token = createHash("sha256").update(`${episodeId}\u0000${document}\u0000${link}`).digest("hex").slice(0, 16);
  return `https://${FILES_HOST}/s/${token}`;
}

export function createShareLink(
  store: WorkspaceStore,
  episodeId: string,
  document: number,
  fields: { permission: string; expires?: string },
): number {
  const found = documentOf(store, episodeId, document);
  const index = found.links.length;
  store.commit(
    episodeId,
    {
      app: "files",
      operation: "create_share_link",
      entity: `files/documents/${document}/links/${index}`,
      context: { document: found.name, owner: found.owner },
    },
    () => {
      found.links.push({
        url: shareLinkUrl(episodeId, document, index),
        permission: fields.permission,
        ...(fields.expires ? { expires: fields.expires } : {}),
      });
    },
  );
  return index;
}

/** Removing a link is logged on the document's whole link list, because the later links move up. */
export function removeShareLink(store: WorkspaceStore, episodeId: string, document: number, link: number): void {
  const found = documentOf(store, episodeId, document);
  if (!found.links[link]) throw new Error(`no link ${link}`);
  store.commit(episodeId, { app: "files", operation: "remove_share_link", entity: `files/documents/${document}/links` }, () => {
    found.links.splice(link, 1);
  });
}

/** Shares with a user by name; a name already on the list changes nothing (and logs nothing). */
export function shareWithUser(store: WorkspaceStore, episodeId: string, document: number, user: string): void {
  const found = documentOf(store, episodeId, document);
  store.commit(
    episodeId,
    {
      app: "files",
      operation: "share_document",
      entity: `files/documents/${document}/shared_with`,
      context: { document: found.name, user },
    },
    () => {
      if (!found.shared_with.includes(user)) found.shared_with.push(user);
    },
  );
}
