import type { MergeRequest, TrackerIssue, TrackerProject } from "../../scenario/index.js";
import type { Episode } from "../store/workspace-store.js";
import { actionButton, hidden, submitButton, textArea, textField } from "../views/controls.js";
import { type Html, html } from "../views/html.js";
import { fixedText } from "../views/labelling.js";
import { renderExtra } from "../views/render-extra.js";
import { selectField } from "../views/select-field.js";
import { commentForm, commentList, projectNav, projectPath, statusBadge } from "./tracker-views.js";

export function issuesPage(episode: Episode, project: TrackerProject, index: number): Html {
  return html`${projectNav(episode, project, index, "issues")}
<p class="page-links" data-operator><a href="${projectPath(episode, index, "issues", "new")}">New issue</a></p>
<section aria-labelledby="issues-heading"><h2 id="issues-heading" class="section-heading" data-operator>Issues (${project.issues.length})</h2>
${project.issues.length === 0 ? html`<p class="muted empty-note" data-operator>No issues.</p>` : html``}<ul class="plain">${project.issues.map(
    (issue, row) =>
      html`<li class="card" data-content><h3><a href="${projectPath(episode, index, "issues", row)}">${issue.title}</a></h3><p>${statusBadge(issue.status)} ${fixedText("opened by")} <span class="byline">${issue.author}</span>${issue.labels.length > 0 ? html` · ${fixedText("Labels:")} ${issue.labels.join(", ")}` : html``} · ${fixedText(`${issue.comments.length} comments`)}</p></li>`,
  )}</ul></section>`;
}

export function issuePage(episode: Episode, project: TrackerProject, index: number, issue: TrackerIssue, row: number): Html {
  const path = projectPath(episode, index, "issues", row);
  const toggle =
    issue.status === "closed"
      ? actionButton(`${path}/status`, "Reopen issue", { fields: html`${hidden("status", "open")}${hidden("expect", issue.title)}` })
      : actionButton(`${path}/status`, "Close issue", { fields: html`${hidden("status", "closed")}${hidden("expect", issue.title)}` });
  return html`${projectNav(episode, project, index, "issues")}
<p data-content>${statusBadge(issue.status)} ${fixedText("opened by")} <span class="byline">${issue.author}</span></p>
${issue.assignees.length > 0 ? html`<p data-content>${fixedText("Assignees:")} ${issue.assignees.join(", ")}</p>` : html``}
<div class="issue-body card pre-wrap" data-content>${issue.body}</div>${renderExtra(issue.extra, "Other issue details")}
<div class="actions" data-operator>${toggle}</div>
<form method="post" action="${path}/labels">${hidden("expect", issue.title)}
${textField({ id: "labels", name: "labels", label: "Labels", value: issue.labels.join(", "), hint: "Separate labels with commas" })}
<div class="actions" data-operator>${submitButton("Save labels")}</div></form>
<section aria-labelledby="comments-heading"><h2 id="comments-heading" class="section-heading" data-operator>Comments (${issue.comments.length})</h2>
${commentList(issue.comments, "Comments on this issue")}
${commentForm(`${path}/comments`, issue.title)}</section>`;
}

export function newIssuePage(
  episode: Episode,
  project: TrackerProject,
  index: number,
  values: { title?: string; body?: string } = {},
): Html {
  return html`${projectNav(episode, project, index, "issues")}
<form method="post" action="${projectPath(episode, index, "issues", "new")}">
${textField({ id: "title", name: "title", label: "Title", value: values.title, required: true })}
${textArea({ id: "body", name: "body", label: "Description", value: values.body, rows: 8 })}
<div class="actions" data-operator>${submitButton("Create issue")}</div></form>`;
}

export function mergeRequestsPage(episode: Episode, project: TrackerProject, index: number): Html {
  return html`${projectNav(episode, project, index, "merge-requests")}
<p class="page-links" data-operator><a href="${projectPath(episode, index, "merge-requests", "new")}">New merge request</a></p>
<section aria-labelledby="requests-heading"><h2 id="requests-heading" class="section-heading" data-operator>Merge requests (${project.merge_requests.length})</h2>
${project.merge_requests.length === 0 ? html`<p class="muted empty-note" data-operator>No merge requests.</p>` : html``}<ul class="plain">${project.merge_requests.map(
    (request, row) =>
      html`<li class="card" data-content><h3><a href="${projectPath(episode, index, "merge-requests", row)}">${request.title}</a></h3><p>${statusBadge(request.status)} <span class="byline">${request.author}</span> ${fixedText("wants to merge")} ${request.source_branch} ${fixedText("into")} ${request.target_branch}</p></li>`,
  )}</ul></section>`;
}

export function mergeRequestPage(episode: Episode, project: TrackerProject, index: number, request: MergeRequest, row: number): Html {
  const path = projectPath(episode, index, "merge-requests", row);
  const fields = hidden("expect", request.title);
  return html`${projectNav(episode, project, index, "merge-requests")}
<p data-content>${statusBadge(request.status)} <span class="byline">${request.author}</span> ${fixedText("wants to merge")} ${request.source_branch} ${fixedText("into")} ${request.target_branch}</p>
<div class="request-body card pre-wrap" data-content>${request.description}</div>${renderExtra(request.extra, "Other merge request details")}
${request.status === "open" ? html`<div class="actions" data-operator>${actionButton(`${path}/merge`, "Merge", { fields, primary: true })}${actionButton(`${path}/close`, "Close merge request", { fields })}</div>` : html``}
<section aria-labelledby="comments-heading"><h2 id="comments-heading" class="section-heading" data-operator>Comments (${request.comments.length})</h2>
${commentList(request.comments, "Comments on this merge request")}
${commentForm(`${path}/comments`, request.title)}</section>`;
}

export function newMergeRequestPage(
  episode: Episode,
  project: TrackerProject,
  index: number,
  values: { title?: string; description?: string; source?: string; target?: string } = {},
): Html {
  const branches = project.branches.map((branch) => branch.name);
  return html`${projectNav(episode, project, index, "merge-requests")}
<form method="post" action="${projectPath(episode, index, "merge-requests", "new")}">
${selectField({ id: "source", name: "source", label: "Source branch", choices: branches, selected: values.source, fixedChoices: false })}
${selectField({ id: "target", name: "target", label: "Target branch", choices: branches, selected: values.target ?? project.default_branch, fixedChoices: false })}
${textField({ id: "title", name: "title", label: "Title", value: values.title, required: true })}
${textArea({ id: "description", name: "description", label: "Description", value: values.description, rows: 6 })}
<div class="actions" data-operator>${submitButton("Create merge request")}</div></form>`;
}
