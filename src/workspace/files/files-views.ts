import type { FilesApp, FilesDocument } from "../../scenario/index.js";
import type { Episode } from "../store/workspace-store.js";
import { actionButton, hidden, submitButton, textArea, textField } from "../views/controls.js";
import { type Html, html } from "../views/html.js";
import { fixedText } from "../views/labelling.js";
import { appPath } from "../views/paths.js";
import { renderExtra } from "../views/render-extra.js";
import { selectField } from "../views/select-field.js";
import { filesMe, LINK_PERMISSIONS, normaliseFolder } from "./files-operations.js";

function parentOf(path: string): string {
  return path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "";
}

/** Every folder the app knows: listed ones, those documents sit in, and all their parents; sorted. */
export function knownFolders(files: FilesApp): string[] {
  const all = new Set<string>();
  const add = (path: string) => {
    for (let folder = normaliseFolder(path); folder !== ""; folder = parentOf(folder)) all.add(folder);
  };
  for (const folder of files.folders) add(folder.path);
  for (const document of files.documents) add(document.folder);
  return [...all].sort((a, b) => a.localeCompare(b));
}

export function folderUrl(episode: Episode, folder: string): string {
  return folder === "" ? appPath(episode.id, "files") : `${appPath(episode.id, "files")}?folder=${encodeURIComponent(folder)}`;
}

function documentUrl(episode: Episode, index: number, ...parts: string[]): string {
  return appPath(episode.id, "files", "documents", index, ...parts);
}

function ownerLine(files: FilesApp, document: FilesDocument): Html {
  return document.owner === filesMe(files)
    ? html`<span class="badge" data-operator>yours</span>`
    : html`${fixedText("Shared by")} <span class="byline">${document.owner}</span>`;
}

/** A folder's page: its subfolders and documents, and forms to add either. */
export function folderPage(episode: Episode, files: FilesApp, folder: string): Html {
  const folders = knownFolders(files).filter((path) => parentOf(path) === folder);
  const documents = files.documents
    .map((document, index) => ({ document, index }))
    .filter(({ document }) => normaliseFolder(document.folder) === folder);
  const listed = files.folders.find((candidate) => normaliseFolder(candidate.path) === folder);
  return html`${folder === "" ? html`<p data-content>${fixedText("Signed in as")} <span class="byline" id="signed-in-as">${filesMe(files)}</span></p>` : html`<p class="page-links" data-operator><a href="${folderUrl(episode, parentOf(folder))}">Up one folder</a> <a href="${folderUrl(episode, "")}">All files</a></p><p data-content>${fixedText("Folder:")} ${folder}${listed && listed.owner !== filesMe(files) ? html` · ${fixedText("owned by")} <span class="byline">${listed.owner}</span>` : html``}</p>`}
<section aria-labelledby="folders-heading"><h2 id="folders-heading" class="section-heading" data-operator>Folders (${folders.length})</h2>
${folders.length === 0 ? html`<p class="muted empty-note" data-operator>No folders here.</p>` : html``}<ul class="plain folder-list" data-content>${folders.map(
    (path) =>
      html`<li><span aria-hidden="true">▸ </span><a href="${folderUrl(episode, path)}">${path.slice(path.lastIndexOf("/") + 1)}</a></li>`,
  )}</ul></section>
<section aria-labelledby="documents-heading"><h2 id="documents-heading" class="section-heading" data-operator>Documents (${documents.length})</h2>
${documents.length === 0 ? html`<p class="muted empty-note" data-operator>No documents here.</p>` : html``}<ul class="plain document-list">${documents.map(
    ({ document, index }) =>
      html`<li class="card" data-content><a href="${documentUrl(episode, index)}">${document.name}</a> ${ownerLine(files, document)}${document.comments.length > 0 ? html` ${fixedText(`· ${document.comments.length} comments`)}` : html``}</li>`,
  )}</ul></section>
<section aria-labelledby="new-heading" class="card"><h2 id="new-heading" class="section-heading" data-operator>Add here</h2>
<form method="post" action="${appPath(episode.id, "files", "folders")}">${hidden("parent", folder)}
${textField({ id: "folder-name", name: "name", label: "New folder name" })}
<div class="actions" data-operator>${submitButton("Create folder")}</div></form>
<p class="page-links" data-operator><a href="${appPath(episode.id, "files", "new")}${folder === "" ? "" : `?folder=${encodeURIComponent(folder)}`}">New document</a></p></section>
${folder === "" ? renderExtra(files.extra, "Other file details") : html``}`;
}

function linksSection(episode: Episode, document: FilesDocument, index: number): Html {
  const base = documentUrl(episode, index, "links");
  return html`<section aria-labelledby="links-heading"><h2 id="links-heading" class="section-heading" data-operator>Share links (${document.links.length})</h2>
${document.links.length === 0 ? html`<p class="muted empty-note" data-operator>No share links.</p>` : html``}<ul class="plain">${document.links.map(
    (link, row) =>
      html`<li class="card" data-content><code class="link-url">${link.url}</code> ${fixedText("can")} ${(LINK_PERMISSIONS as readonly string[]).includes(link.permission) ? html`<span class="badge" data-operator>${link.permission}</span>` : link.permission}${link.expires ? html` · ${fixedText("expires")} ${link.expires}` : html``}${renderExtra(link.extra)}
${actionButton(`${base}/${row}/remove`, "Remove link", { accessibleName: `Remove share link ${row + 1}`, fields: hidden("expect", link.url) })}</li>`,
  )}</ul>
<form method="post" action="${base}">${hidden("expect", document.name)}
${selectField({ id: "permission", name: "permission", label: "Anyone with the link can", choices: LINK_PERMISSIONS, selected: "view", fixedChoices: true })}
${textField({ id: "link-expires", name: "expires", label: "Link expires on (optional)", hint: "For example 2026-12-31" })}
<div class="actions" data-operator>${submitButton("Create share link")}</div></form></section>`;
}

/** A document: its text (content, whoever wrote it), who it is shared with, its links and comments. */
export function documentPage(episode: Episode, files: FilesApp, document: FilesDocument, index: number): Html {
  const path = documentUrl(episode, index);
  const folder = normaliseFolder(document.folder);
  return html`<p class="page-links" data-operator><a href="${folderUrl(episode, folder)}">Back to the folder</a> <a href="${path}/edit">Edit document</a></p>
<p data-content>${ownerLine(files, document)}${folder !== "" ? html` · ${fixedText("in")} ${folder}` : html``}</p>
<div class="document-text card pre-wrap" data-content>${document.content}</div>${renderExtra(document.extra, "Other document details")}
<section aria-labelledby="sharing-heading"><h2 id="sharing-heading" class="section-heading" data-operator>Shared with (${document.shared_with.length})</h2>
${document.shared_with.length === 0 ? html`<p class="muted empty-note" data-operator>Not shared with anyone.</p>` : html`<p data-content>${document.shared_with.join(", ")}</p>`}
<form method="post" action="${path}/share">${hidden("expect", document.name)}
${textField({ id: "share-user", name: "user", label: "Share with a user", hint: "Their username" })}
<div class="actions" data-operator>${submitButton("Share")}</div></form></section>
${linksSection(episode, document, index)}
<section aria-labelledby="comments-heading"><h2 id="comments-heading" class="section-heading" data-operator>Comments (${document.comments.length})</h2>
${
  document.comments.length === 0
    ? html`<p class="muted empty-note" data-operator>No comments yet.</p>`
    : html`<div class="discussion">${document.comments.map(
        (comment) =>
          html`<article class="user-comment card" data-content><p class="comment-meta"><span class="byline">${comment.author}</span>${comment.time ? html` <span class="muted">· ${comment.time}</span>` : html``}</p><p class="comment-body pre-wrap">${comment.body}</p>${renderExtra(comment.extra)}</article>`,
      )}</div>`
}
<form method="post" action="${path}/comments">${hidden("expect", document.name)}
${textArea({ id: "comment", name: "body", label: "Add a comment", rows: 3 })}
<div class="actions" data-operator>${submitButton("Comment")}</div></form></section>`;
}

export function editDocumentPage(episode: Episode, document: FilesDocument, index: number): Html {
  const path = documentUrl(episode, index);
  return html`<p class="page-links" data-operator><a href="${path}">Back to the document</a></p>
<form method="post" action="${path}/edit">${hidden("expect", document.name)}
${textArea({ id: "content", name: "content", label: { fixed: "Text of", value: document.name }, value: document.content, rows: 18 })}
<div class="actions" data-operator>${submitButton("Save")}</div></form>`;
}

export function newDocumentPage(
  episode: Episode,
  files: FilesApp,
  values: { name?: string; folder?: string; content?: string } = {},
): Html {
  return html`<p class="page-links" data-operator><a href="${folderUrl(episode, values.folder ?? "")}">Back to the folder</a></p>
<form method="post" action="${appPath(episode.id, "files", "new")}">
${textField({ id: "name", name: "name", label: "Document name", value: values.name, required: true, hint: "For example notes.md" })}
${selectField({ id: "folder", name: "folder", label: "Folder", choices: ["/", ...knownFolders(files)], selected: values.folder || "/", fixedChoices: false })}
${textArea({ id: "content", name: "content", label: "Text", value: values.content, rows: 12 })}
<div class="actions" data-operator>${submitButton("Create document")}</div></form>`;
}
