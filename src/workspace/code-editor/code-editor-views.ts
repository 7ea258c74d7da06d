import type { CodeEditorApp, CodeFile } from "../../scenario/index.js";
import type { SharePayload } from "../artifacts/share-payload.js";
import type { Episode } from "../store/workspace-store.js";
import { hidden, submitButton, textArea, textField } from "../views/controls.js";
import { type Html, html } from "../views/html.js";
import { fixedText } from "../views/labelling.js";
import { appPath } from "../views/paths.js";
import { renderExtra } from "../views/render-extra.js";
import { sentShares } from "../views/share-views.js";
import { fileTree, type TreeFolder } from "./file-tree.js";

function folderMarkup(episode: Episode, folder: TreeFolder, selected: number | null): Html {
  return html`<ul data-content>${folder.folders.map((child) => html`<li><span aria-hidden="true">▸ </span>${child.name}/${folderMarkup(episode, child, selected)}</li>`)}${folder.files.map(
    (file) =>
      html`<li><a href="${appPath(episode.id, "code_editor", "files", file.index)}"${file.index === selected ? html` aria-current="page"` : html``}>${file.name}</a></li>`,
  )}</ul>`;
}

function tabsMarkup(episode: Episode, editor: CodeEditorApp, selected: number | null): Html {
  if (editor.open_tabs.length === 0) return html`<p class="muted empty-note" data-operator>No open tabs.</p>`;
  return html`<ul class="tabs" aria-label="Open tabs" data-content>${editor.open_tabs.map((tab) => {
    const index = editor.files.findIndex((file) => file.path === tab);
    if (index < 0) return html`<li><span>${tab}</span></li>`;
    return html`<li><a href="${appPath(episode.id, "code_editor", "files", index)}"${index === selected ? html` aria-current="page"` : html``}>${tab}</a></li>`;
  })}</ul>`;
}

function editorPane(episode: Episode, editor: CodeEditorApp, file: CodeFile, index: number): Html {
  const base = appPath(episode.id, "code_editor", "files", index);
  const badges = [
    file.path === editor.active_file ? "active file" : null,
    editor.open_tabs.includes(file.path) ? "open in a tab" : null,
  ].filter((badge): badge is string => badge !== null);
  return html`<section aria-labelledby="file-heading"><h2 id="file-heading" data-content>${file.path}</h2>${badges.length > 0 ? html`<p>${badges.map((badge) => html`<span class="badge" data-operator>${badge}</span>`)}</p>` : html``}
${renderExtra(file.extra, "File details")}${file.content === undefined ? html`<p class="muted empty-note" data-operator>The contents of this file were not loaded; only its name is known.</p>` : html``}
<form method="post" action="${base}">${hidden("expect", file.path)}
${textArea({ id: "content", name: "content", label: { fixed: "Contents of", value: file.path }, value: file.content, rows: 22, monospace: true })}
<div class="actions" data-operator>${submitButton("Save")}<a href="${base}/share" aria-label="Share ${file.path}">Share file</a></div></form></section>`;
}

/** The editor: file tree, open tabs, and the selected file (the active file on the editor's home). */
export function codeEditorPage(episode: Episode, editor: CodeEditorApp, selected: number | null, shares: readonly SharePayload[]): Html {
  const file = selected === null ? undefined : editor.files[selected];
  return html`<div class="columns"><nav aria-label="Files" class="tree" id="file-tree"><h2 class="section-heading" data-operator>Files (${editor.files.length})</h2>${folderMarkup(episode, fileTree(editor.files), selected)}
<p class="page-links" data-operator><a href="${appPath(episode.id, "code_editor", "new")}">New file</a></p></nav>
<div>${editor.active_file !== undefined ? html`<p data-content>${fixedText("Active file:")} ${editor.active_file}</p>` : html``}${tabsMarkup(episode, editor, selected)}
${file && selected !== null ? editorPane(episode, editor, file, selected) : html`<p class="muted empty-note" data-operator>No file is open. Choose one from the file list.</p>`}</div></div>
${sentShares(shares, "Shared from the editor")}
${renderExtra(editor.extra, "Other editor details")}`;
}

export function newFilePage(episode: Episode, values: { path?: string; content?: string } = {}): Html {
  return html`<form method="post" action="${appPath(episode.id, "code_editor", "new")}">
${textField({ id: "path", name: "path", label: "File path", value: values.path, required: true, hint: "For example notes/handoff.md" })}
${textArea({ id: "content", name: "content", label: "Contents", value: values.content, rows: 16, monospace: true })}
<div class="actions" data-operator>${submitButton("Create file")}</div></form>`;
}

/** Which file the editor's home shows: the active file, else the first open tab, else the first file. */
export function defaultSelection(editor: CodeEditorApp): number | null {
  const byPath = (path: string | undefined) => (path === undefined ? -1 : editor.files.findIndex((file) => file.path === path));
  for (const candidate of [byPath(editor.active_file), ...editor.open_tabs.map(byPath)]) if (candidate >= 0) return candidate;
  return editor.files.length > 0 ? 0 : null;
}
