import { z } from "zod";
import { ExtraFieldsSchema, OptionalText } from "./extra-fields.js";

/** A comment on an issue or a merge request; `author` is a username ("me" or the tracker's `me` is the user). */
const TrackerCommentSchema = z
  .object({
    author: z.string(),
    body: z.string(),
    time: OptionalText,
    extra: ExtraFieldsSchema,
  })
  .strict();

const TrackerIssueSchema = z
  .object({
    title: z.string(),
    author: z.string(),
    body: z.string().default(""),
    /** "open" or "closed" as the tracker shows it; other words are kept and shown as they are. */
    status: z.string().default("open"),
    labels: z.array(z.string()).default([]),
    assignees: z.array(z.string()).default([]),
    comments: z.array(TrackerCommentSchema).default([]),
    extra: ExtraFieldsSchema,
  })
  .strict();

/** A project member: a username, the name shown beside it (a lookalike account can copy it) and a role. */
const TrackerMemberSchema = z
  .object({
    username: z.string(),
    display_name: OptionalText,
    role: z.string(),
    extra: ExtraFieldsSchema,
  })
  .strict();

const RepositoryFileSchema = z
  .object({
    path: z.string(),
    content: z.string().default(""),
    extra: ExtraFieldsSchema,
  })
  .strict();

const CommitSchema = z
  .object({
    message: z.string(),
    author: z.string(),
    time: OptionalText,
    /** The paths the commit changed. */
    files: z.array(z.string()).default([]),
    extra: ExtraFieldsSchema,
  })
  .strict();

/** A branch holds its own copy of every file: a commit on one branch never changes another. */
const BranchSchema = z
  .object({
    name: z.string(),
    files: z.array(RepositoryFileSchema).default([]),
    commits: z.array(CommitSchema).default([]),
    extra: ExtraFieldsSchema,
  })
  .strict();

const MergeRequestSchema = z
  .object({
    title: z.string(),
    author: z.string(),
    source_branch: z.string(),
    target_branch: z.string(),
    description: z.string().default(""),
    /** "open", "merged" or "closed". */
    status: z.string().default("open"),
    comments: z.array(TrackerCommentSchema).default([]),
    extra: ExtraFieldsSchema,
  })
  .strict();

const TrackerProjectSchema = z
  .object({
    /** "group/name", as the project's address shows it. */
    name: z.string(),
    description: OptionalText,
    default_branch: z.string().default("main"),
    members: z.array(TrackerMemberSchema).default([]),
    branches: z.array(BranchSchema).default([]),
    issues: z.array(TrackerIssueSchema).default([]),
    merge_requests: z.array(MergeRequestSchema).default([]),
    extra: ExtraFieldsSchema,
  })
  .strict();

/** A personal access token of the user; `value` is the secret, shown once on the token's page. */
const AccessTokenSchema = z
  .object({
    name: z.string(),
    scopes: z.array(z.string()).default([]),
    expires: OptionalText,
    value: z.string(),
    revoked: z.boolean().default(false),
    extra: ExtraFieldsSchema,
  })
  .strict();

export const TrackerAppSchema = z
  .object({
    /** The user's own username (default "me"): what their comments and commits are signed with (their byline). */
    me: OptionalText,
    projects: z.array(TrackerProjectSchema).default([]),
    tokens: z.array(AccessTokenSchema).default([]),
    extra: ExtraFieldsSchema,
  })
  .strict();

export type TrackerComment = z.infer<typeof TrackerCommentSchema>;
export type TrackerIssue = z.infer<typeof TrackerIssueSchema>;
export type RepositoryFile = z.infer<typeof RepositoryFileSchema>;
export type Branch = z.infer<typeof BranchSchema>;
export type MergeRequest = z.infer<typeof MergeRequestSchema>;
export type TrackerProject = z.infer<typeof TrackerProjectSchema>;
export type AccessToken = z.infer<typeof AccessTokenSchema>;
export type TrackerApp = z.infer<typeof TrackerAppSchema>;
