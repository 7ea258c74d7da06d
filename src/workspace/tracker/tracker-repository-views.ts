import type { Branch, RepositoryFile, TrackerProject } from "../../scenario/index.js";
import type { Episode } from "../store/workspace-store.js";
import { hidden, submitButton, textArea, textField } from "../views/controls.js";
import { type Html, html } from "../views/html.js";
import { fixedText } from "../views/labelling.js";
import { renderExtra } from "../views/render-extra.js";
import { projectNav, projectPath } from "./tracker-views.js";

export function branchesPage(episode: Episode, project: TrackerProject, index: number): Html {
  return html`${projectNav(episode, project, index, "branches")}
<section aria-labelledby="branches-heading"><h2 id="branches-heading" class="section-heading" data-operator>Branches (${project.branches.length})</h2>
${project.branches.length === 0 ? html`<p class="muted empty-note" data-operator>The repository is empty.</p>` : html``}<ul class="plain">${project.branches.map(
    (branch, row) =>
      html`<li class="card" data-content><a href="${projectPath(episode, index, "branches", row)}">${branch.name}</a>${branch.name === project.default_branch ? html` <span class="badge" data-operator>default</span>` : html``} ${fixedText(`${branch.files.length} files, ${branch.commits.length} commits`)}</li>`,
  )}</ul></section>`;
}

export function branchPage(episode: Episode, project: TrackerProject, index: number, branch: Branch, row: number): Html {
  const base = projectPath(episode, index, "branches", row);
  return html`${projectNav(episode, project, index, "branches")}
<p class="page-links" data-operator><a href="${base}/new">New file</a></p>
<section aria-labelledby="files-heading"><h2 id="files-heading" class="section-heading" data-operator>Files (${branch.files.length})</h2>
${branch.files.length === 0 ? html`<p class="muted empty-note" data-operator>No files on this branch.</p>` : html``}<ul class="plain file-list" data-content>${branch.files.map(
    (file, fileIndex) => html`<li><a href="${base}/files/${fileIndex}">${file.path}</a></li>`,
  )}</ul></section>
<section aria-labelledby="commits-heading"><h2 id="commits-heading" class="section-heading" data-operator>Commits (${branch.commits.length})</h2>
${branch.commits.length === 0 ? html`<p class="muted empty-note" data-operator>No commits.</p>` : html``}<ol class="plain">${[
    ...branch.commits,
  ]
    .reverse()
    .map(
      (commit) =>
        html`<li class="card commit" data-content><p class="pre-wrap">${commit.message}</p><p class="muted"><span class="byline">${commit.author}</span>${commit.time ? ` · ${commit.time}` : ""}${commit.files.length > 0 ? ` · ${commit.files.join(", ")}` : ""}</p>${renderExtra(commit.extra)}</li>`,
    )}</ol></section>
${renderExtra(branch.extra, "Other branch details")}`;
}

/** The commit part of the edit form: a message, and optionally a new branch to commit to. */
function commitFields(values: { message?: string; newBranch?: string }): Html {
  return html`${textField({ id: "message", name: "message", label: "Commit message", value: values.message, required: true })}
${textField({ id: "new-branch", name: "new_branch", label: "Commit to a new branch (optional)", value: values.newBranch, hint: "Leave empty to commit to this branch" })}`;
}

/** A file of a branch, open in the web editor: its content is editable and committed with a message. */
export function repositoryFilePage(
  episode: Episode,
  project: TrackerProject,
  index: number,
  row: number,
  file: RepositoryFile,
  fileIndex: number,
  values: { content?: string; message?: string; newBranch?: string } = {},
): Html {
  const branch = project.branches[row]!;
  const action = projectPath(episode, index, "branches", row, "files", fileIndex);
  return html`${projectNav(episode, project, index, "branches")}
<p data-content>${fixedText("Branch:")} <a href="${projectPath(episode, index, "branches", row)}">${branch.name}</a></p>
${renderExtra(file.extra, "File details")}
<form method="post" action="${action}">${hidden("expect", file.path)}
${textArea({ id: "content", name: "content", label: { fixed: "Contents of", value: file.path }, value: values.content ?? file.content, rows: 18, monospace: true })}
${commitFields(values)}
<div class="actions" data-operator>${submitButton("Commit changes")}</div></form>`;
}

export function newRepositoryFilePage(
  episode: Episode,
  project: TrackerProject,
  index: number,
  row: number,
  values: { path?: string; content?: string; message?: string; newBranch?: string } = {},
): Html {
  return html`${projectNav(episode, project, index, "branches")}
<form method="post" action="${projectPath(episode, index, "branches", row, "new")}">
${textField({ id: "path", name: "path", label: "File path", value: values.path, required: true, hint: "For example docs/setup.md" })}
${textArea({ id: "content", name: "content", label: "Contents", value: values.content, rows: 14, monospace: true })}
${commitFields(values)}
<div class="actions" data-operator>${submitButton("Commit new file")}</div></form>`;
}
