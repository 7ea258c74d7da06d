import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { assertSameItem, indexParam, readForm, redirectTo } from "../http/request-helpers.js";
import type { RouteDeps } from "../http/workspace-env.js";
import { mergeRequestPage, mergeRequestsPage, newMergeRequestPage } from "./tracker-discussion-views.js";
import { branchIndex, closeMergeRequest, commentOnMergeRequest, createMergeRequest, mergeMergeRequest } from "./tracker-operations.js";
import { PROJECT_PATH, trackerPages } from "./tracker-pages.js";
import { projectPath } from "./tracker-views.js";

/** A project's merge requests: list, new, one request with its comments, merge and close. */
export function registerTrackerMergeRequestRoutes({ app, store }: RouteDeps): void {
  const { projectContext, projectPage } = trackerPages(store);
  const P = PROJECT_PATH;
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
}
