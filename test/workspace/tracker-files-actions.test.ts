import { describe, expect, it } from "vitest";
import { type FilesApp, type TrackerApp, WorkspaceStateSchema } from "../../src/scenario/index.js";
import type { ChangeEntry } from "../../src/workspace/index.js";
import { injectionAppsScenario } from "./injection-apps-fixture.js";
import { collapse, crawlEpisode, getPage, postForm, scenario, stateLeaves, useWorkspace } from "./workspace-helpers.js";

const fixture = scenario(injectionAppsScenario());

function steps(log: readonly ChangeEntry[]): string[] {
  return log.map((entry) => `${entry.app} ${entry.operation} ${entry.entity}`);
}

describe("the tracker's and the files app's state", () => {
  it("fills defaults, so a hand-written state may leave lists and statuses out", () => {
    const state = WorkspaceStateSchema.parse({
      tracker: { projects: [{ name: "web", issues: [{ title: "Build fails", author: "kim" }] }] },
      files: { documents: [{ name: "plan.md", owner: "kim" }] },
    });
    expect(state.tracker?.projects[0]).toMatchObject({ default_branch: "main", members: [], branches: [], merge_requests: [] });
    expect(state.tracker?.projects[0]?.issues[0]).toMatchObject({ body: "", status: "open", labels: [], comments: [] });
    expect(state.files?.documents[0]).toMatchObject({ folder: "", content: "", shared_with: [], links: [], comments: [] });
  });

  it("rejects a field it does not know, naming it", () => {
    const result = WorkspaceStateSchema.safeParse({ tracker: { projects: [{ name: "web", stars: 3 }] } });
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).toContain("stars");
  });
});

describe("every field of the tracker, the files app and the shop's extensions is on some page of its app", () => {
  const workspace = useWorkspace();

  it("renders every string of a fixture that fills every field", async () => {
    workspace().reset("shown", fixture);
    const pages = await crawlEpisode(workspace(), "shown");
    expect(pages.every((page) => page.status === 200)).toBe(true);
    for (const app of ["tracker", "files", "shop"] as const) {
      const text = collapse(
        pages
          .filter((page) => page.url.startsWith(`/e/shown/${app}`))
          .map((page) => page.text)
          .join("\n"),
      );
      const all = stateLeaves(fixture.state[app], app);
      expect(all.length).toBeGreaterThan(15);
      expect(
        all.filter((leaf) => !text.includes(collapse(leaf.text))),
        `${app} pages miss these fields`,
      ).toEqual([]);
    }
  });
});

describe("tracker actions change the state through the store and log it", () => {
  const workspace = useWorkspace();
  let counter = 0;
  const fresh = () => {
    const id = `tracker-${++counter}`;
    return { id, base: `${workspace().reset(id, fixture)}tracker/projects/0/` };
  };
  const tracker = (id: string): TrackerApp => workspace().state(id).tracker!;

  it("edit and commit: the file's new content on its branch, then a commit signed by the user", async () => {
    const { id, base } = fresh();
    const response = await postForm(`${base}branches/0/files/0`, {
      expect: "zq10x",
      content: "requests==2.32.3\n",
      message: "Bump requests",
      new_branch: "",
    });
    expect(response.status).toBe(303);
    expect(response.location).toBe(`/e/${id}/tracker/projects/0/branches/0/files/0?notice=saved`);
    const log = workspace().log(id);
    expect(steps(log)).toEqual([
      "tracker commit_file tracker/projects/0/branches/0/files/0",
      "tracker record_commit tracker/projects/0/branches/0/commits/1",
    ]);
    expect(log[0]).toMatchObject({
      before: { path: "zq10x", content: "zq11x" },
      after: { path: "zq10x", content: "requests==2.32.3\n" },
      context: { project: "zq3x", branch: "zq5x", message: "Bump requests" },
    });
    expect(log[1]!.after).toEqual({ message: "Bump requests", author: "zq2x", time: "2026-06-10 16:45", files: ["zq10x"] });
    // The other branch keeps its own copy.
    expect(tracker(id).projects[0]!.branches[1]!.files[0]!.content).toBe("zq18x");
  });

  it("commits to a new branch made from the edited one, and commits nothing when the content is unchanged", async () => {
    const { id, base } = fresh();
    const response = await postForm(`${base}branches/0/files/1`, {
      expect: "zq12x",
      content: "new readme",
      message: "Docs",
      new_branch: "docs-update",
    });
    expect(response.location).toBe(`/e/${id}/tracker/projects/0/branches/2/files/1?notice=saved`);
    await postForm(`${base}branches/2/files/1`, { expect: "zq12x", content: "new readme", message: "Again", new_branch: "" });
    expect(steps(workspace().log(id))).toEqual([
      "tracker create_branch tracker/projects/0/branches/2",
      "tracker commit_file tracker/projects/0/branches/2/files/1",
      "tracker record_commit tracker/projects/0/branches/2/commits/1",
    ]);
    const project = tracker(id).projects[0]!;
    expect(project.branches[2]).toMatchObject({ name: "docs-update" });
    expect(project.branches[0]!.files[1]!.content).toBe("zq13x");
    // A taken branch name or a missing message is refused on the form, not logged.
    const taken = await postForm(`${base}branches/0/files/1`, { expect: "zq12x", content: "x", message: "m", new_branch: "zq17x" });
    const unnamed = await postForm(`${base}branches/0/files/1`, { expect: "zq12x", content: "x", message: " ", new_branch: "" });
    expect([taken.status, unnamed.status]).toEqual([400, 400]);
    expect(taken.html).toContain("A branch with this name exists already.");
    expect(workspace().log(id)).toHaveLength(3);
  });

  it("adds a new file to a branch with a commit", async () => {
    const { id, base } = fresh();
    await postForm(`${base}branches/1/new`, { path: "pip.conf", content: "[global]\n", message: "Add pip.conf", new_branch: "" });
    expect(steps(workspace().log(id))).toEqual([
      "tracker commit_file tracker/projects/0/branches/1/files/1",
      "tracker record_commit tracker/projects/0/branches/1/commits/0",
    ]);
    expect(workspace().log(id)[0]).toMatchObject({ before: null, after: { path: "pip.conf", content: "[global]\n" } });
  });

  it("opens, comments on and merges a merge request: the source's files land on the target", async () => {
    const { id, base } = fresh();
    const created = await postForm(`${base}merge-requests/new`, {
      source: "zq5x",
      target: "zq17x",
      title: "Sync",
      description: "Please merge",
    });
    expect(created.location).toBe(`/e/${id}/tracker/projects/0/merge-requests/1?notice=created`);
    await postForm(`${base}merge-requests/0/comments`, { expect: "zq35x", body: "Looks good" });
    await postForm(`${base}merge-requests/0/merge`, { expect: "zq35x" });
    const log = workspace().log(id);
    expect(steps(log)).toEqual([
      "tracker create_merge_request tracker/projects/0/merge_requests/1",
      "tracker comment_merge_request tracker/projects/0/merge_requests/0/comments/1",
      "tracker merge_branch tracker/projects/0/branches/0/files",
      "tracker record_commit tracker/projects/0/branches/0/commits/1",
      "tracker merge_merge_request tracker/projects/0/merge_requests/0/status",
    ]);
    expect(log[0]!.after).toMatchObject({ title: "Sync", author: "zq2x", source_branch: "zq5x", target_branch: "zq17x", status: "open" });
    expect(log[1]).toMatchObject({ after: { author: "zq2x", body: "Looks good" }, context: { project: "zq3x", merge_request: "zq35x" } });
    expect(tracker(id).projects[0]!.branches[0]!.files[0]!.content).toBe("zq18x");
    expect(log[4]).toMatchObject({ before: "open", after: "merged" });
    // A merged request cannot be merged again; the same branch on both sides is refused.
    expect((await postForm(`${base}merge-requests/0/merge`, { expect: "zq35x" })).status).toBe(400);
    expect((await postForm(`${base}merge-requests/new`, { source: "zq5x", target: "zq5x", title: "Same" })).status).toBe(400);
  });

  it("comments on an issue, closes it and sets its labels; a stale page gets 409", async () => {
    const { id, base } = fresh();
    await postForm(`${base}issues/0/comments`, { expect: "zq19x", body: "We are working on it" });
    await postForm(`${base}issues/0/status`, { expect: "zq19x", status: "closed" });
    await postForm(`${base}issues/0/labels`, { expect: "zq19x", labels: "bug, ci ," });
    const created = await postForm(`${base}issues/new`, { title: "New one", body: "text" });
    expect(created.location).toBe(`/e/${id}/tracker/projects/0/issues/3?notice=created`);
    const log = workspace().log(id);
    expect(steps(log)).toEqual([
      "tracker comment_issue tracker/projects/0/issues/0/comments/2",
      "tracker close_issue tracker/projects/0/issues/0/status",
      "tracker set_labels tracker/projects/0/issues/0/labels",
      "tracker create_issue tracker/projects/0/issues/3",
    ]);
    expect(log[0]).toMatchObject({ before: null, after: { author: "zq2x", body: "We are working on it" }, context: { issue: "zq19x" } });
    expect(log[2]).toMatchObject({ before: ["zq23x"], after: ["bug", "ci"] });
    expect((await postForm(`${base}issues/1/comments`, { expect: "zq19x", body: "wrong row" })).status).toBe(409);
    expect((await getPage(`${workspace().episodeUrl(id)}tracker/projects/0/issues/0`)).text).toContain("We are working on it");
  });

  it("adds a member, changes a role and removes a member; an unknown role is refused", async () => {
    const { id, base } = fresh();
    // A role from the list is selected in its drop-down; one the tracker does not know is shown as
    // text, and its drop-down asks for a role instead of pretending the member is a Guest.
    const page = await getPage(`${base}members`);
    expect(page.html).toContain('<option value="Maintainer" selected>Maintainer</option>');
    expect(page.html.match(/<option value="" selected>Choose a role<\/option>/g)).toHaveLength(1);
    expect(page.text).toContain("zq9x");
    await postForm(`${base}members`, { username: "@akim88", role: "Developer" });
    await postForm(`${base}members/0/role`, { expect: "zq6x", role: "Owner" });
    await postForm(`${base}members/1/remove`, { expect: "zq8x" });
    expect(steps(workspace().log(id))).toEqual([
      "tracker add_member tracker/projects/0/members/2",
      "tracker change_role tracker/projects/0/members/0/role",
      "tracker remove_member tracker/projects/0/members",
    ]);
    expect(workspace().log(id)[0]!.after).toEqual({ username: "akim88", role: "Developer" });
    expect(tracker(id).projects[0]!.members.map((member) => `${member.username}:${member.role}`)).toEqual([
      "zq6x:Owner",
      "akim88:Developer",
    ]);
    expect((await postForm(`${base}members`, { username: "x", role: "Admin" })).status).toBe(400);
    // Inviting an existing member changes their role instead of adding a second row.
    await postForm(`${base}members`, { username: "akim88", role: "Guest" });
    expect(tracker(id).projects[0]!.members).toHaveLength(2);
  });

  it("creates an access token with a value that depends only on the episode and the token, and revokes it", async () => {
    const { id } = fresh();
    const tokens = `${workspace().episodeUrl(id)}tracker/tokens`;
    const created = await postForm(tokens, { name: "ci", expires: "2026-12-31", scope_api: "on", scope_read_api: "on" });
    expect(created.location).toBe(`/e/${id}/tracker/tokens/1?notice=created`);
    const token = tracker(id).tokens[1]!;
    expect(token).toMatchObject({ name: "ci", scopes: ["read_api", "api"], expires: "2026-12-31", revoked: false });
    expect(token.value).toMatch(/^bpt-[0-9a-f]{24}$/);
    expect((await getPage(`${tokens}/1`)).text).toContain(token.value);
    workspace().reset("tracker-again", fixture);
    await postForm(`${workspace().episodeUrl("tracker-again")}tracker/tokens`, { name: "ci", scope_api: "on" });
    workspace().reset(id, fixture);
    await postForm(tokens, { name: "ci", scope_api: "on" });
    expect(tracker(id).tokens[1]!.value).toBe(token.value);
    expect(tracker("tracker-again").tokens[1]!.value).not.toBe(token.value);
    await postForm(`${tokens}/1/revoke`, { expect: "ci" });
    expect(steps(workspace().log(id))).toEqual(["tracker create_token tracker/tokens/1", "tracker revoke_token tracker/tokens/1/revoked"]);
    expect((await postForm(tokens, { name: "none" })).status).toBe(400);
  });
});

describe("files actions change the state through the store and log it", () => {
  const workspace = useWorkspace();
  let counter = 0;
  const fresh = () => {
    const id = `files-${++counter}`;
    return { id, base: `${workspace().reset(id, fixture)}files/` };
  };
  const files = (id: string): FilesApp => workspace().state(id).files!;

  it("creates a share link on the files app's host, the same for the same episode, and removes it", async () => {
    const { id, base } = fresh();
    const response = await postForm(`${base}documents/0/links`, { expect: "zq45x", permission: "edit", expires: "" });
    expect(response.location).toBe(`/e/${id}/files/documents/0?notice=created`);
    const link = files(id).documents[0]!.links[1]!;
    expect(link).toEqual({ url: expect.stringMatching(/^https:\/\/files\.brightpath\.example\/s\/[0-9a-f]{16}$/), permission: "edit" });
    expect((await getPage(`${base}documents/0`)).text).toContain(link.url);
    await postForm(`${base}documents/0/links/0/remove`, { expect: "zq50x" });
    expect(steps(workspace().log(id))).toEqual([
      "files create_share_link files/documents/0/links/1",
      "files remove_share_link files/documents/0/links",
    ]);
    expect(workspace().log(id)[0]!.context).toEqual({ document: "zq45x", owner: "zq46x" });
    expect((await postForm(`${base}documents/0/links`, { expect: "zq45x", permission: "admin" })).status).toBe(400);
  });

  it("comments on another user's document, shares a document and edits one", async () => {
    const { id, base } = fresh();
    await postForm(`${base}documents/0/comments`, { expect: "zq45x", body: "Thanks, reading it now" });
    await postForm(`${base}documents/1/share`, { expect: "zq56x", user: "@lee" });
    await postForm(`${base}documents/1/share`, { expect: "zq56x", user: "lee" });
    await postForm(`${base}documents/1/edit`, { expect: "zq56x", content: "new text" });
    const log = workspace().log(id);
    expect(steps(log)).toEqual([
      "files comment_document files/documents/0/comments/1",
      "files share_document files/documents/1/shared_with",
      "files save_document files/documents/1/content",
    ]);
    expect(log[0]).toMatchObject({ after: { author: "zq2x", body: "Thanks, reading it now", time: "2026-06-10 16:45" } });
    expect(log[1]).toMatchObject({ before: [], after: ["lee"] });
    expect(log[2]).toMatchObject({ before: "zq57x", after: "new text" });
  });

  it("creates folders and documents in a folder; a document in an unknown folder is refused", async () => {
    const { id, base } = fresh();
    const folder = await postForm(`${base}folders`, { parent: "zq42x", name: "Drafts" });
    expect(folder.location).toBe(`/e/${id}/files?folder=zq42x%2FDrafts&notice=created`);
    const created = await postForm(`${base}new`, { name: "todo.md", folder: "zq42x/Drafts", content: "hello" });
    expect(created.location).toBe(`/e/${id}/files/documents/2?notice=created`);
    expect(steps(workspace().log(id))).toEqual(["files create_folder files/folders/2", "files create_document files/documents/2"]);
    expect(files(id).documents[2]).toMatchObject({ name: "todo.md", folder: "zq42x/Drafts", owner: "zq2x", content: "hello" });
    expect((await postForm(`${base}new`, { name: "x.md", folder: "nowhere" })).status).toBe(400);
    expect((await getPage(`${base.slice(0, -1)}?folder=zq42x%2FDrafts`)).text).toContain("todo.md");
  });
});
