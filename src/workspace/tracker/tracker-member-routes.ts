import type { Context } from "hono";
import { assertSameItem, indexParam, readForm, redirectTo } from "../http/request-helpers.js";
import type { RouteDeps } from "../http/workspace-env.js";
import { addMember, changeRole, MEMBER_ROLES, removeMember } from "./tracker-operations.js";
import { oneOf, PROJECT_PATH, trackerPages } from "./tracker-pages.js";
import { membersPage, projectPath } from "./tracker-views.js";

/** A project's members: add, change a role, remove. */
export function registerTrackerMemberRoutes({ app, store }: RouteDeps): void {
  const { projectContext, projectPage } = trackerPages(store);
  const P = PROJECT_PATH;
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
}
