import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { assertSameItem, commaList, indexParam, readForm, redirectTo } from "../http/request-helpers.js";
import type { RouteDeps } from "../http/workspace-env.js";
import { issuePage, issuesPage, newIssuePage } from "./tracker-discussion-views.js";
import { commentOnIssue, createIssue, setIssueLabels, setIssueStatus } from "./tracker-operations.js";
import { oneOf, PROJECT_PATH, trackerPages } from "./tracker-pages.js";
import { projectPath } from "./tracker-views.js";

/** A project's issues: list, new, one issue with its comments, status and labels. */
export function registerTrackerIssueRoutes({ app, store }: RouteDeps): void {
  const { projectContext, projectPage } = trackerPages(store);
  const P = PROJECT_PATH;
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
}
