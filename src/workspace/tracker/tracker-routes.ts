import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { TrackerProject } from "../../scenario/index.js";
import { appContext } from "../http/page-context.js";
import { assertSameItem, commaList, type Form, indexParam, readForm, redirectTo } from "../http/request-helpers.js";
import type { RouteDeps } from "../http/workspace-env.js";
import type { Html } from "../views/html.js";
import { labelMarkup } from "../views/labelling.js";
import { pageLayout } from "../views/page-layout.js";
import { appPath } from "../views/paths.js";
import {
  issuePage,
  issuesPage,
  mergeRequestPage,
  mergeRequestsPage,
  newIssuePage,
  newMergeRequestPage,
} from "./tracker-discussion-views.js";
import {
  addMember,
  branchIndex,
  changeRole,
  closeMergeRequest,
  commentOnIssue,
  commentOnMergeRequest,
  commitFile,
  createIssue,
  createMergeRequest,
  createToken,
  MEMBER_ROLES,
  mergeMergeRequest,
  removeMember,
  revokeToken,
  setIssueLabels,
  setIssueStatus,
  TOKEN_SCOPES,
} from "./tracker-operations.js";
import { branchesPage, branchPage, newRepositoryFilePage, repositoryFilePage } from "./tracker-repository-views.js";
import { membersPage, projectOverview, projectPath, tokenPage, tokensPage, trackerHome } from "./tracker-views.js";

const P = "/e/:episode/tracker/projects/:project";

function oneOf<T extends string>(value: string, allowed: readonly T[], what: string): T {
  if (!(allowed as readonly string[]).includes(value)) throw new HTTPException(400, { message: `Choose a ${what} from the list.` });
  return value as T;
}

/**
 * The issue tracker and code host: projects with issues, merge requests, branches of files and
 * members, and the user's access tokens. Pages whose heading is a project, issue or file name
 * render it as content (no `page-title`); every action is a form that logs through the store.
 */
export function registerTrackerRoutes({ app, store }: RouteDeps): void {
  const context = (c: Context) => appContext(c, store, "tracker");
  const projectContext = (c: Context) => {
    const base = context(c);
    const index = indexParam(c, "project", base.state.projects.length);
    return { ...base, index, project: base.state.projects[index]! };
  };
  /** A page of one project: its name is the heading (content), the section name is in the title. */
  const projectPage = (c: Context, section: string, body: Html, options: { heading?: string; error?: string } = {}) => {
    const { episode, project, path, notice } = projectContext(c);
    const heading = labelMarkup({ value: options.heading ?? project.name });
    return c.html(
      pageLayout({
        episode,
        title: `${section} · ${project.name}`,
        heading,
        app: "tracker",
        path,
        notice,
        error: options.error ?? null,
        body,
      }),
      options.error ? 400 : 200,
    );
  };

  app.get("/e/:episode/tracker", (c) => {
    const { episode, state, path, notice } = context(c);
    return c.html(pageLayout({ episode, title: "Tracker", app: "tracker", path, notice, body: trackerHome(episode, state) }));
  });

  app.get(P, (c) => {
    const { episode, project, index } = projectContext(c);
    return projectPage(c, "Overview", projectOverview(episode, project, index));
  });

  // Issues.
  app.get(`${P}/issues`, (c) => {
    const { episode, project, index } = projectContext(c);
    return projectPage(c, "Issues", issuesPage(episode, project, index));
  });

  const newIssue = (c: Context, values: { title?: string; body?: string }, error?: string) => {
    const { episode, project, index } = projectContext(c);
    return projectPage(c, "New issue", newIssuePage(episode, project, index, values), error === undefined ? {} : { error });
  };
  app.get(`${P}/issues/new`, (c) => newIssue(c, {}));
  app.post(`${P}/issues/new`, async (c) => {
    const { episode, index } = projectContext(c);
    const form = await readForm(c);
    const values = { title: form.get("title").trim(), body: form.get("body") };
    if (values.title === "") return newIssue(c, values, "An issue needs a title.");
    const issue = createIssue(store, episode.id, index, values);
    return redirectTo(c, projectPath(episode, index, "issues", issue), "created");
  });

  const issueContext = (c: Context) => {
    const base = projectContext(c);
    const row = indexParam(c, "issue", base.project.issues.length);
    return { ...base, row, issue: base.project.issues[row]! };
  };
  app.get(`${P}/issues/:issue`, (c) => {
    const { episode, project, index, issue, row } = issueContext(c);
    return projectPage(c, issue.title, issuePage(episode, project, index, issue, row), { heading: issue.title });
  });
  app.post(`${P}/issues/:issue/comments`, async (c) => {
    const { episode, index, issue, row } = issueContext(c);
    const form = await readForm(c);
    assertSameItem(form, issue.title);
    if (form.get("body").trim() === "") throw new HTTPException(400, { message: "Type a comment first." });
    commentOnIssue(store, episode.id, index, row, form.get("body"));
    return redirectTo(c, projectPath(episode, index, "issues", row), "created");
  });
  app.post(`${P}/issues/:issue/status`, async (c) => {
    const { episode, index, issue, row } = issueContext(c);
    const form = await readForm(c);
    assertSameItem(form, issue.title);
    setIssueStatus(store, episode.id, index, row, oneOf(form.get("status"), ["open", "closed"] as const, "status"));
    return redirectTo(c, projectPath(episode, index, "issues", row), "updated");
  });
  app.post(`${P}/issues/:issue/labels`, async (c) => {
    const { episode, index, issue, row } = issueContext(c);
    const form = await readForm(c);
    assertSameItem(form, issue.title);
    setIssueLabels(store, episode.id, index, row, commaList(form.get("labels")));
    return redirectTo(c, projectPath(episode, index, "issues", row), "saved");
  });

  // Merge requests.
  app.get(`${P}/merge-requests`, (c) => {
    const { episode, project, index } = projectContext(c);
    return projectPage(c, "Merge requests", mergeRequestsPage(episode, project, index));
  });
  type RequestValues = { title?: string; description?: string; source?: string; target?: string };
  const newRequest = (c: Context, values: RequestValues, error?: string) => {
    const { episode, project, index } = projectContext(c);
    return projectPage(c, "New merge request", newMergeRequestPage(episode, project, index, values), error === undefined ? {} : { error });
  };
  app.get(`${P}/merge-requests/new`, (c) => newRequest(c, {}));
  app.post(`${P}/merge-requests/new`, async (c) => {
    const { episode, project, index } = projectContext(c);
    const form = await readForm(c);
    const values = {
      title: form.get("title").trim(),
      description: form.get("description"),
      source: form.get("source"),
      target: form.get("target"),
    };
    if (values.title === "") return newRequest(c, values, "A merge request needs a title.");
    if (branchIndex(project, values.source) < 0 || branchIndex(project, values.target) < 0)
      return newRequest(c, values, "Choose both branches from the lists.");
    if (values.source === values.target) return newRequest(c, values, "The source and target branches must differ.");
    const request = createMergeRequest(store, episode.id, index, values);
    return redirectTo(c, projectPath(episode, index, "merge-requests", request), "created");
  });
  const requestContext = (c: Context) => {
    const base = projectContext(c);
    const row = indexParam(c, "request", base.project.merge_requests.length);
    return { ...base, row, request: base.project.merge_requests[row]! };
  };
  app.get(`${P}/merge-requests/:request`, (c) => {
    const { episode, project, index, request, row } = requestContext(c);
    return projectPage(c, request.title, mergeRequestPage(episode, project, index, request, row), { heading: request.title });
  });
  app.post(`${P}/merge-requests/:request/comments`, async (c) => {
    const { episode, index, request, row } = requestContext(c);
    const form = await readForm(c);
    assertSameItem(form, request.title);
    if (form.get("body").trim() === "") throw new HTTPException(400, { message: "Type a comment first." });
    commentOnMergeRequest(store, episode.id, index, row, form.get("body"));
    return redirectTo(c, projectPath(episode, index, "merge-requests", row), "created");
  });
  app.post(`${P}/merge-requests/:request/merge`, async (c) => {
    const { episode, project, index, request, row } = requestContext(c);
    assertSameItem(await readForm(c), request.title);
    if (request.status !== "open") throw new HTTPException(400, { message: "Only an open merge request can be merged." });
    if (branchIndex(project, request.source_branch) < 0 || branchIndex(project, request.target_branch) < 0)
      throw new HTTPException(400, { message: "A branch of this merge request no longer exists." });
    mergeMergeRequest(store, episode.id, index, row);
    return redirectTo(c, projectPath(episode, index, "merge-requests", row), "updated");
  });
  app.post(`${P}/merge-requests/:request/close`, async (c) => {
    const { episode, index, request, row } = requestContext(c);
    assertSameItem(await readForm(c), request.title);
    closeMergeRequest(store, episode.id, index, row);
    return redirectTo(c, projectPath(episode, index, "merge-requests", row), "updated");
  });

  // Repository: branches, files, edit and commit.
  app.get(`${P}/branches`, (c) => {
    const { episode, project, index } = projectContext(c);
    return projectPage(c, "Repository", branchesPage(episode, project, index));
  });
  const branchContext = (c: Context) => {
    const base = projectContext(c);
    const row = indexParam(c, "branch", base.project.branches.length);
    return { ...base, row, branch: base.project.branches[row]! };
  };
  app.get(`${P}/branches/:branch`, (c) => {
    const { episode, project, index, branch, row } = branchContext(c);
    return projectPage(c, branch.name, branchPage(episode, project, index, branch, row));
  });

  /** The commit fields of a form; an error names what is missing or taken. */
  const commitValues = (form: Form, project: TrackerProject) => {
    const values = { content: form.get("content"), message: form.get("message").trim(), newBranch: form.get("new_branch").trim() };
    const error =
      values.message === ""
        ? "A commit needs a message."
        : values.newBranch !== "" && branchIndex(project, values.newBranch) >= 0
          ? "A branch with this name exists already."
          : undefined;
    return { values, error };
  };
  const afterCommit = (c: Context, index: number, result: { branch: number; file: number }) =>
    redirectTo(c, projectPath(projectContext(c).episode, index, "branches", result.branch, "files", result.file), "saved");

  app.get(`${P}/branches/:branch/files/:file`, (c) => {
    const { episode, project, index, branch, row } = branchContext(c);
    const fileIndex = indexParam(c, "file", branch.files.length);
    const file = branch.files[fileIndex]!;
    return projectPage(c, file.path, repositoryFilePage(episode, project, index, row, file, fileIndex), { heading: file.path });
  });
  app.post(`${P}/branches/:branch/files/:file`, async (c) => {
    const { episode, project, index, branch, row } = branchContext(c);
    const fileIndex = indexParam(c, "file", branch.files.length);
    const file = branch.files[fileIndex]!;
    const form = await readForm(c);
    assertSameItem(form, file.path);
    const { values, error } = commitValues(form, project);
    if (error !== undefined)
      return projectPage(c, file.path, repositoryFilePage(episode, project, index, row, file, fileIndex, values), {
        heading: file.path,
        error,
      });
    const result = commitFile(store, episode.id, index, row, {
      path: file.path,
      content: values.content,
      message: values.message,
      ...(values.newBranch !== "" ? { newBranch: values.newBranch } : {}),
    });
    return afterCommit(c, index, result);
  });
  app.get(`${P}/branches/:branch/new`, (c) => {
    const { episode, project, index, row } = branchContext(c);
    return projectPage(c, "New file", newRepositoryFilePage(episode, project, index, row));
  });
  app.post(`${P}/branches/:branch/new`, async (c) => {
    const { episode, project, index, branch, row } = branchContext(c);
    const form = await readForm(c);
    const path = form.get("path").trim();
    const checked = commitValues(form, project);
    const error =
      path === ""
        ? "A file needs a path."
        : branch.files.some((file) => file.path === path)
          ? "A file with this path exists already."
          : checked.error;
    if (error !== undefined)
      return projectPage(c, "New file", newRepositoryFilePage(episode, project, index, row, { ...checked.values, path }), { error });
    const result = commitFile(store, episode.id, index, row, {
      path,
      content: checked.values.content,
      message: checked.values.message,
      ...(checked.values.newBranch !== "" ? { newBranch: checked.values.newBranch } : {}),
    });
    return afterCommit(c, index, result);
  });

  // Members.
  app.get(`${P}/members`, (c) => {
    const { episode, project, index } = projectContext(c);
    return projectPage(c, "Members", membersPage(episode, project, index));
  });
  app.post(`${P}/members`, async (c) => {
    const { episode, project, index } = projectContext(c);
    const form = await readForm(c);
    const username = form.get("username").trim().replace(/^@/, "");
    if (username === "") return projectPage(c, "Members", membersPage(episode, project, index), { error: "Enter a username." });
    addMember(store, episode.id, index, username, oneOf(form.get("role"), MEMBER_ROLES, "role"));
    return redirectTo(c, projectPath(episode, index, "members"), "updated");
  });
  const memberContext = async (c: Context) => {
    const base = projectContext(c);
    const row = indexParam(c, "member", base.project.members.length);
    const form = await readForm(c);
    assertSameItem(form, base.project.members[row]!.username);
    return { ...base, row, form };
  };
  app.post(`${P}/members/:member/role`, async (c) => {
    const { episode, index, row, form } = await memberContext(c);
    changeRole(store, episode.id, index, row, oneOf(form.get("role"), MEMBER_ROLES, "role"));
    return redirectTo(c, projectPath(episode, index, "members"), "updated");
  });
  app.post(`${P}/members/:member/remove`, async (c) => {
    const { episode, index, row } = await memberContext(c);
    removeMember(store, episode.id, index, row);
    return redirectTo(c, projectPath(episode, index, "members"), "updated");
  });

  // Access tokens.
  const tokens = (c: Context, values: { name?: string; expires?: string } = {}, error?: string) => {
    const { episode, state, path, notice } = context(c);
    const body = tokensPage(episode, state, values);
    return c.html(
      pageLayout({ episode, title: "Access tokens", app: "tracker", path, notice, error: error ?? null, body }),
      error ? 400 : 200,
    );
  };
  app.get("/e/:episode/tracker/tokens", (c) => tokens(c));
  app.post("/e/:episode/tracker/tokens", async (c) => {
    const { episode } = context(c);
    const form = await readForm(c);
    const values = { name: form.get("name").trim(), expires: form.get("expires").trim() };
    const scopes = TOKEN_SCOPES.filter((scope) => form.get(`scope_${scope}`) === "on");
    if (values.name === "") return tokens(c, values, "A token needs a name.");
    if (scopes.length === 0) return tokens(c, values, "Choose at least one scope.");
    const index = createToken(store, episode.id, {
      name: values.name,
      scopes,
      ...(values.expires !== "" ? { expires: values.expires } : {}),
    });
    return redirectTo(c, appPath(episode.id, "tracker", "tokens", index), "created");
  });
  app.get("/e/:episode/tracker/tokens/:token", (c) => {
    const { episode, state, path, notice } = context(c);
    const index = indexParam(c, "token", state.tokens.length);
    const token = state.tokens[index]!;
    const body = tokenPage(episode, token, index);
    return c.html(
      pageLayout({ episode, title: token.name, heading: labelMarkup({ value: token.name }), app: "tracker", path, notice, body }),
    );
  });
  app.post("/e/:episode/tracker/tokens/:token/revoke", async (c) => {
    const { episode, state } = context(c);
    const index = indexParam(c, "token", state.tokens.length);
    assertSameItem(await readForm(c), state.tokens[index]!.name);
    revokeToken(store, episode.id, index);
    return redirectTo(c, appPath(episode.id, "tracker", "tokens", index), "updated");
  });
}
