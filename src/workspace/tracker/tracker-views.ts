import type { AccessToken, TrackerApp, TrackerComment, TrackerProject } from "../../scenario/index.js";
import type { Episode } from "../store/workspace-store.js";
import { actionButton, checkboxField, hidden, submitButton, textArea, textField } from "../views/controls.js";
import { type Html, html } from "../views/html.js";
import { fixedText } from "../views/labelling.js";
import { appPath } from "../views/paths.js";
import { renderExtra } from "../views/render-extra.js";
import { selectField } from "../views/select-field.js";
import { MEMBER_ROLES, TOKEN_SCOPES } from "./tracker-operations.js";

const FIXED_STATUSES = new Set(["open", "closed", "merged"]);

/** A status the tracker itself names is a badge (chrome); any other word came from the scenario. */
export function statusBadge(status: string): Html {
  return FIXED_STATUSES.has(status) ? html`<span class="badge" data-operator>${status}</span>` : html`<span data-content>${status}</span>`;
}

export function projectPath(episode: Episode, project: number, ...parts: Array<string | number>): string {
  return appPath(episode.id, "tracker", "projects", project, ...parts);
}

/** The project's own navigation: fixed words and counts the tracker computes. */
export function projectNav(episode: Episode, project: TrackerProject, index: number, current: string): Html {
  const item = (slug: string, label: string) =>
    html`<li><a href="${projectPath(episode, index, ...(slug === "" ? [] : [slug]))}"${slug === current ? html` aria-current="page"` : html``}>${label}</a></li>`;
  return html`<nav aria-label="Project" id="project-nav" data-operator><ul class="plain inline-list">${item("", "Overview")}${item("issues", `Issues (${project.issues.length})`)}${item(
    "merge-requests",
    `Merge requests (${project.merge_requests.length})`,
  )}${item("branches", `Repository (${project.branches.length} branches)`)}${item("members", `Members (${project.members.length})`)}</ul></nav>`;
}

/**
 * A discussion: each comment an article with its author's byline (the user's own comments carry
 * their username, so a self-authored rule has a byline to check) and its text, all content.
 */
export function commentList(comments: readonly TrackerComment[], label: string): Html {
  if (comments.length === 0) return html`<p class="muted empty-note" data-operator>No comments yet.</p>`;
  return html`<div class="discussion" aria-label="${label}">${comments.map(
    (comment) =>
      html`<article class="user-comment card" data-content><p class="comment-meta"><span class="byline">${comment.author}</span>${comment.time ? html` <span class="muted">· ${comment.time}</span>` : html``}</p><p class="comment-body pre-wrap">${comment.body}</p>${renderExtra(comment.extra)}</article>`,
  )}</div>`;
}

export function commentForm(action: string, expect: string): Html {
  return html`<form method="post" action="${action}">${hidden("expect", expect)}
${textArea({ id: "comment", name: "body", label: "Add a comment", rows: 4 })}
<div class="actions" data-operator>${submitButton("Comment")}</div></form>`;
}

export function trackerHome(episode: Episode, tracker: TrackerApp): Html {
  return html`<p class="page-links" data-operator><a href="${appPath(episode.id, "tracker", "tokens")}">Access tokens</a></p>
<p data-content>${fixedText("Signed in as")} <span class="byline" id="signed-in-as">${tracker.me ?? "me"}</span></p>
<section aria-labelledby="projects-heading"><h2 id="projects-heading" class="section-heading" data-operator>Projects (${tracker.projects.length})</h2>
${tracker.projects.length === 0 ? html`<p class="muted empty-note" data-operator>No projects.</p>` : html``}<ul class="plain">${tracker.projects.map(
    (project, index) =>
      html`<li class="card" data-content><h3><a href="${projectPath(episode, index)}">${project.name}</a></h3>${project.description ? html`<p class="pre-wrap">${project.description}</p>` : html``}</li>`,
  )}</ul></section>
${renderExtra(tracker.extra, "Other tracker details")}`;
}

export function projectOverview(episode: Episode, project: TrackerProject, index: number): Html {
  const open = project.issues.filter((issue) => issue.status === "open").length;
  return html`${projectNav(episode, project, index, "")}
${project.description ? html`<p class="pre-wrap" data-content>${project.description}</p>` : html``}
<p data-content>${fixedText("Default branch:")} ${project.default_branch}</p>
<p class="count-summary" data-operator>${`${open} open issues, ${project.merge_requests.filter((request) => request.status === "open").length} open merge requests`}</p>
${renderExtra(project.extra, "Other project details")}`;
}

/**
 * A role from the tracker's own list is shown by the role drop-down alone (chrome); any other word
 * came from the scenario and is shown as content beside it. Showing a fixed role twice would make
 * the drop-down an echo of the cell and mask it.
 */
function isFixedRole(role: string): boolean {
  return (MEMBER_ROLES as readonly string[]).includes(role);
}

export function membersPage(episode: Episode, project: TrackerProject, index: number, values: { username?: string } = {}): Html {
  const base = projectPath(episode, index, "members");
  return html`${projectNav(episode, project, index, "members")}
<section aria-labelledby="members-heading"><h2 id="members-heading" class="section-heading" data-operator>Members (${project.members.length})</h2>
${
  project.members.length === 0
    ? html`<p class="muted empty-note" data-operator>No members.</p>`
    : html`<table class="member-table"><caption class="muted" data-operator>Project members and their roles</caption><thead data-operator><tr><th scope="col">Username</th><th scope="col">Name</th><th scope="col">Role</th><th scope="col">Remove</th></tr></thead><tbody>${project.members.map(
        (member, row) =>
          html`<tr data-content><th scope="row"><span class="byline">${member.username}</span>${renderExtra(member.extra)}</th><td>${member.display_name ?? ""}</td><td>${isFixedRole(member.role) ? html`` : html`<span>${member.role}</span> `}<form method="post" action="${base}/${row}/role" class="inline">${hidden("expect", member.username)}${selectField(
            {
              id: `role-${row}`,
              name: "role",
              label: { fixed: "New role for", value: member.username },
              choices: MEMBER_ROLES,
              selected: member.role,
              fixedChoices: true,
              placeholder: "Choose a role",
              accessibleName: `New role for ${member.username}`,
            },
          )}<button type="submit" class="row-action" aria-label="Change the role of ${member.username}" data-operator>Change role</button></form></td><td>${actionButton(`${base}/${row}/remove`, "Remove", { accessibleName: `Remove ${member.username} from the project`, fields: hidden("expect", member.username) })}</td></tr>`,
      )}</tbody></table>`
}</section>
<section aria-labelledby="invite-heading" class="card"><h2 id="invite-heading" class="section-heading" data-operator>Invite a member</h2>
<form method="post" action="${base}">
${textField({ id: "username", name: "username", label: "Username", value: values.username, required: true, hint: "The account's username, without the @" })}
${selectField({ id: "role", name: "role", label: "Role", choices: MEMBER_ROLES, selected: "Developer", fixedChoices: true })}
<div class="actions" data-operator>${submitButton("Invite")}</div></form></section>`;
}

function tokenRow(episode: Episode, token: AccessToken, index: number): Html {
  const path = appPath(episode.id, "tracker", "tokens", index);
  return html`<li class="card" data-content><h3><a href="${path}">${token.name}</a></h3><ul class="plain"><li>${fixedText("Scopes:")} ${token.scopes.join(", ")}</li>${token.expires ? html`<li>${fixedText("Expires:")} ${token.expires}</li>` : html``}</ul>${token.revoked ? html`<p><span class="badge" data-operator>revoked</span></p>` : html``}${renderExtra(token.extra)}</li>`;
}

export function tokensPage(episode: Episode, tracker: TrackerApp, values: { name?: string; expires?: string } = {}): Html {
  return html`<p class="page-links" data-operator><a href="${appPath(episode.id, "tracker")}">Back to projects</a></p>
<section aria-labelledby="tokens-heading"><h2 id="tokens-heading" class="section-heading" data-operator>Personal access tokens (${tracker.tokens.length})</h2>
${tracker.tokens.length === 0 ? html`<p class="muted empty-note" data-operator>No tokens.</p>` : html``}<ul class="plain">${tracker.tokens.map((token, index) => tokenRow(episode, token, index))}</ul></section>
<section aria-labelledby="new-token-heading" class="card"><h2 id="new-token-heading" class="section-heading" data-operator>Add a token</h2>
<form method="post" action="${appPath(episode.id, "tracker", "tokens")}">
${textField({ id: "token-name", name: "name", label: "Token name", value: values.name, required: true })}
${textField({ id: "token-expires", name: "expires", label: "Expires on (optional)", value: values.expires, hint: "For example 2026-12-31" })}
<fieldset><legend>${fixedText("Scopes")}</legend>${TOKEN_SCOPES.map((scope) => checkboxField({ id: `scope-${scope}`, name: `scope_${scope}`, label: scope, checked: false }))}</fieldset>
<div class="actions" data-operator>${submitButton("Create token")}</div></form></section>`;
}

/** A token's page shows its secret: the one place the value is on screen. */
export function tokenPage(episode: Episode, token: AccessToken, index: number): Html {
  const path = appPath(episode.id, "tracker", "tokens", index);
  return html`<p class="page-links" data-operator><a href="${appPath(episode.id, "tracker", "tokens")}">All tokens</a></p>
<p data-content>${fixedText("Scopes:")} ${token.scopes.join(", ")}</p>${token.expires ? html`<p data-content>${fixedText("Expires:")} ${token.expires}</p>` : html``}
<p data-content>${fixedText("Token:")} <code id="token-value">${token.value}</code></p>
${token.revoked ? html`<p><span class="badge" data-operator>revoked</span></p>` : html`<div class="actions" data-operator>${actionButton(`${path}/revoke`, "Revoke", { accessibleName: `Revoke ${token.name}`, fields: hidden("expect", token.name) })}</div>`}
${renderExtra(token.extra, "Other token details")}`;
}
