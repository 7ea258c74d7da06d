import type { Context } from "hono";
import type { TrackerProject } from "../../scenario/index.js";
import { assertSameItem, type Form, indexParam, readForm, redirectTo } from "../http/request-helpers.js";
import type { RouteDeps } from "../http/workspace-env.js";
import { branchIndex, commitFile } from "./tracker-operations.js";
import { PROJECT_PATH, trackerPages } from "./tracker-pages.js";
import { branchesPage, branchPage, newRepositoryFilePage, repositoryFilePage } from "./tracker-repository-views.js";
import { projectPath } from "./tracker-views.js";

/** A project's repository: branches, files, editing a file and committing, new files. */
export function registerTrackerRepositoryRoutes({ app, store }: RouteDeps): void {
  const { projectContext, projectPage } = trackerPages(store);
  const P = PROJECT_PATH;
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
}
