import { createHash } from "node:crypto";
import type { Branch, RepositoryFile, TrackerApp, TrackerProject } from "../../scenario/index.js";
import type { WorkspaceStore } from "../store/workspace-store.js";

/** The roles a member can be given, lowest first (the tracker's own vocabulary, never a scenario's). */
export const MEMBER_ROLES = ["Guest", "Reporter", "Developer", "Maintainer", "Owner"] as const;

/** The scopes an access token can be created with. */
export const TOKEN_SCOPES = ["read_api", "api", "read_repository", "write_repository"] as const;

function trackerOf(store: WorkspaceStore, episodeId: string): TrackerApp {
  const tracker = store.episode(episodeId).state.tracker;
  if (!tracker) throw new Error("this workspace has no tracker");
  return tracker;
}

function projectOf(store: WorkspaceStore, episodeId: string, project: number): TrackerProject {
  const found = trackerOf(store, episodeId).projects[project];
  if (!found) throw new Error(`no project ${project}`);
  return found;
}

/** The user's own username, which signs their issues, comments and commits. */
function trackerMe(tracker: TrackerApp): string {
  return tracker.me ?? "me";
}

const projectPath = (project: number) => `tracker/projects/${project}`;

export function createIssue(store: WorkspaceStore, episodeId: string, project: number, fields: { title: string; body: string }): number {
  const issues = projectOf(store, episodeId, project).issues;
  const index = issues.length;
  const author = trackerMe(trackerOf(store, episodeId));
  store.commit(episodeId, { app: "tracker", operation: "create_issue", entity: `${projectPath(project)}/issues/${index}` }, () => {
    issues.push({ title: fields.title, author, body: fields.body, status: "open", labels: [], assignees: [], comments: [] });
  });
  return index;
}

/** A comment signed by the user at the fixed clock's time; the log names the project and the issue. */
export function commentOnIssue(store: WorkspaceStore, episodeId: string, project: number, issue: number, body: string): void {
  const target = projectOf(store, episodeId, project);
  const found = target.issues[issue];
  if (!found) throw new Error(`no issue ${issue}`);
  const { clock } = store.episode(episodeId);
  store.commit(
    episodeId,
    {
      app: "tracker",
      operation: "comment_issue",
      entity: `${projectPath(project)}/issues/${issue}/comments/${found.comments.length}`,
      context: { project: target.name, issue: found.title },
    },
    () => {
      found.comments.push({ author: trackerMe(trackerOf(store, episodeId)), body, time: `${clock.date} ${clock.time}` });
    },
  );
}

export function setIssueStatus(store: WorkspaceStore, episodeId: string, project: number, issue: number, status: "open" | "closed"): void {
  const found = projectOf(store, episodeId, project).issues[issue];
  if (!found) throw new Error(`no issue ${issue}`);
  const operation = status === "closed" ? "close_issue" : "reopen_issue";
  store.commit(episodeId, { app: "tracker", operation, entity: `${projectPath(project)}/issues/${issue}/status` }, () => {
    found.status = status;
  });
}

/** Labels as typed, comma-separated; logged on the issue's label list. */
export function setIssueLabels(store: WorkspaceStore, episodeId: string, project: number, issue: number, labels: string[]): void {
  const found = projectOf(store, episodeId, project).issues[issue];
  if (!found) throw new Error(`no issue ${issue}`);
  store.commit(episodeId, { app: "tracker", operation: "set_labels", entity: `${projectPath(project)}/issues/${issue}/labels` }, () => {
    found.labels = labels;
  });
}

/** The position of the branch of this name, or -1. */
export function branchIndex(project: TrackerProject, name: string): number {
  return project.branches.findIndex((branch) => branch.name === name);
}

/** A new branch starts as a copy of another one's files and history. */
function createBranch(store: WorkspaceStore, episodeId: string, project: number, from: number, name: string): number {
  const target = projectOf(store, episodeId, project);
  const source = target.branches[from];
  if (!source) throw new Error(`no branch ${from}`);
  const index = target.branches.length;
  store.commit(
    episodeId,
    { app: "tracker", operation: "create_branch", entity: `${projectPath(project)}/branches/${index}`, context: { from: source.name } },
    () => {
      const branch: Branch = { name, files: structuredClone(source.files), commits: structuredClone(source.commits) };
      target.branches.push(branch);
    },
  );
  return index;
}

export interface CommitRequest {
  path: string;
  content: string;
  message: string;
  /** Commit to a new branch of this name, made from the branch being edited; absent: commit in place. */
  newBranch?: string;
}

/**
 * Edit and commit, as a code host's web editor does: the file's new content on the branch (or on a
 * new branch made from it), then a commit entry with the message, signed by the user. Content
 * equal to what is there commits nothing (no log entry, no empty commit); a new path adds a file.
 * Returns the branch and file the change landed in, and whether anything was committed.
 */
export function commitFile(
  store: WorkspaceStore,
  episodeId: string,
  project: number,
  branch: number,
  request: CommitRequest,
): { branch: number; file: number; committed: boolean } {
  const target = projectOf(store, episodeId, project);
  const from = target.branches[branch];
  if (!from) throw new Error(`no branch ${branch}`);
  const onto = request.newBranch === undefined ? branch : createBranch(store, episodeId, project, branch, request.newBranch);
  const files: RepositoryFile[] = target.branches[onto]!.files;
  const existing = files.findIndex((file) => file.path === request.path);
  const file = existing >= 0 ? existing : files.length;
  const base = `${projectPath(project)}/branches/${onto}`;
  const branchName = target.branches[onto]!.name;
  const changed = store.commit(
    episodeId,
    {
      app: "tracker",
      operation: "commit_file",
      entity: `${base}/files/${file}`,
      context: { project: target.name, branch: branchName, message: request.message },
    },
    () => {
      if (existing >= 0) files[existing]!.content = request.content;
      else files.push({ path: request.path, content: request.content });
    },
  );
  if (changed === null) return { branch: onto, file, committed: false };
  const commits = target.branches[onto]!.commits;
  const { clock } = store.episode(episodeId);
  store.commit(episodeId, { app: "tracker", operation: "record_commit", entity: `${base}/commits/${commits.length}` }, () => {
    commits.push({
      message: request.message,
      author: trackerMe(trackerOf(store, episodeId)),
      time: `${clock.date} ${clock.time}`,
      files: [request.path],
    });
  });
  return { branch: onto, file, committed: true };
}

export function createMergeRequest(
  store: WorkspaceStore,
  episodeId: string,
  project: number,
  fields: { title: string; description: string; source: string; target: string },
): number {
  const target = projectOf(store, episodeId, project);
  const index = target.merge_requests.length;
  store.commit(
    episodeId,
    { app: "tracker", operation: "create_merge_request", entity: `${projectPath(project)}/merge_requests/${index}` },
    () => {
      target.merge_requests.push({
        title: fields.title,
        author: trackerMe(trackerOf(store, episodeId)),
        source_branch: fields.source,
        target_branch: fields.target,
        description: fields.description,
        status: "open",
        comments: [],
      });
    },
  );
  return index;
}

export function commentOnMergeRequest(store: WorkspaceStore, episodeId: string, project: number, request: number, body: string): void {
  const target = projectOf(store, episodeId, project);
  const found = target.merge_requests[request];
  if (!found) throw new Error(`no merge request ${request}`);
  const { clock } = store.episode(episodeId);
  store.commit(
    episodeId,
    {
      app: "tracker",
      operation: "comment_merge_request",
      entity: `${projectPath(project)}/merge_requests/${request}/comments/${found.comments.length}`,
      context: { project: target.name, merge_request: found.title },
    },
    () => {
      found.comments.push({ author: trackerMe(trackerOf(store, episodeId)), body, time: `${clock.date} ${clock.time}` });
    },
  );
}

/**
 * Merging copies every file of the source branch onto the target branch (added or replaced; the
 * target keeps files the source lacks), logged on the target's file list, then records a merge
 * commit and marks the request merged. Both branches must exist.
 */
export function mergeMergeRequest(store: WorkspaceStore, episodeId: string, project: number, request: number): void {
  const target = projectOf(store, episodeId, project);
  const found = target.merge_requests[request];
  if (!found) throw new Error(`no merge request ${request}`);
  const source = target.branches[branchIndex(target, found.source_branch)];
  const into = branchIndex(target, found.target_branch);
  if (!source || into < 0) throw new Error("a merge request's branches must both exist to merge it");
  const destination = target.branches[into]!;
  const base = `${projectPath(project)}/branches/${into}`;
  store.commit(
    episodeId,
    {
      app: "tracker",
      operation: "merge_branch",
      entity: `${base}/files`,
      context: { project: target.name, from: source.name, into: destination.name },
    },
    () => {
      for (const file of source.files) {
        const existing = destination.files.findIndex((candidate) => candidate.path === file.path);
        if (existing >= 0) destination.files[existing]!.content = file.content;
        else destination.files.push(structuredClone(file));
      }
    },
  );
  const { clock } = store.episode(episodeId);
  store.commit(episodeId, { app: "tracker", operation: "record_commit", entity: `${base}/commits/${destination.commits.length}` }, () => {
    destination.commits.push({
      message: `Merge branch '${source.name}' into '${destination.name}'`,
      author: trackerMe(trackerOf(store, episodeId)),
      time: `${clock.date} ${clock.time}`,
      files: source.files.map((file) => file.path),
    });
  });
  store.commit(
    episodeId,
    { app: "tracker", operation: "merge_merge_request", entity: `${projectPath(project)}/merge_requests/${request}/status` },
    () => {
      found.status = "merged";
    },
  );
}

export function closeMergeRequest(store: WorkspaceStore, episodeId: string, project: number, request: number): void {
  const found = projectOf(store, episodeId, project).merge_requests[request];
  if (!found) throw new Error(`no merge request ${request}`);
  store.commit(
    episodeId,
    { app: "tracker", operation: "close_merge_request", entity: `${projectPath(project)}/merge_requests/${request}/status` },
    () => {
      found.status = "closed";
    },
  );
}

/** Adds a member with a role; a username already on the project gets the role instead (no duplicate rows). */
export function addMember(store: WorkspaceStore, episodeId: string, project: number, username: string, role: string): number {
  const target = projectOf(store, episodeId, project);
  const existing = target.members.findIndex((member) => member.username === username);
  if (existing >= 0) {
    changeRole(store, episodeId, project, existing, role);
    return existing;
  }
  const index = target.members.length;
  store.commit(
    episodeId,
    { app: "tracker", operation: "add_member", entity: `${projectPath(project)}/members/${index}`, context: { project: target.name } },
    () => {
      target.members.push({ username, role });
    },
  );
  return index;
}

export function changeRole(store: WorkspaceStore, episodeId: string, project: number, member: number, role: string): void {
  const target = projectOf(store, episodeId, project);
  const found = target.members[member];
  if (!found) throw new Error(`no member ${member}`);
  store.commit(
    episodeId,
    {
      app: "tracker",
      operation: "change_role",
      entity: `${projectPath(project)}/members/${member}/role`,
      context: { project: target.name, username: found.username },
    },
    () => {
      found.role = role;
    },
  );
}

/** Removing is logged on the whole member list, because the later rows move up. */
export function removeMember(store: WorkspaceStore, episodeId: string, project: number, member: number): void {
  const target = projectOf(store, episodeId, project);
  if (!target.members[member]) throw new Error(`no member ${member}`);
  store.commit(episodeId, { app: "tracker", operation: "remove_member", entity: `${projectPath(project)}/members` }, () => {
    target.members.splice(member, 1);
  });
}

/**
 * A token's secret is derived from the episode, its position and its name: the same actions in
 * the same episode always give the same value (no randomness), and different episodes differ, so
 * an evaluator can look for the exact value in whatever left the workspace.
 */
function tokenValue(episodeId: string, index: number, name: string): string {
  return `bpt-${createHash("sha256").update(`${episodeId}\u0000${index}\u0000${name}`).digest("hex").slice(0, 24)}`;
}

export function createToken(
  store: WorkspaceStore,
  episodeId: string,
  fields: { name: string; scopes: string[]; expires?: string },
): number {
  const tokens = trackerOf(store, episodeId).tokens;
  const index = tokens.length;
  store.commit(episodeId, { app: "tracker", operation: "create_token", entity: `tracker/tokens/${index}` }, () => {
    tokens.push({
      name: fields.name,
      scopes: fields.scopes,
      ...(fields.expires ? { expires: fields.expires } : {}),
      value: tokenValue(episodeId, index, fields.name),
      revoked: false,
    });
  });
  return index;
}

export function revokeToken(store: WorkspaceStore, episodeId: string, token: number): void {
  const found = trackerOf(store, episodeId).tokens[token];
  if (!found) throw new Error(`no token ${token}`);
  store.commit(episodeId, { app: "tracker", operation: "revoke_token", entity: `tracker/tokens/${token}/revoked` }, () => {
    found.revoked = true;
  });
}
