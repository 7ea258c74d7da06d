/**
 * The closed list of answer types a value read from the screen may have, and per type what the host
 * lets vouch for it (docs/design/guarded-agent.md, "Answer types and verifiers"). A value is
 * untrusted until a verifier allowed for its type endorses it; only the user's instruction (`task`)
 * can endorse every type but `point`.
 *
 * Nothing boolean or free-text is a type: a boolean can hardly be verified and free text
 * can carry any instruction. Questions of that kind go to the text-search tools instead.
 */

export const ANSWER_TYPES = [
  "count",
  "integer",
  "number",
  "money",
  "percentage",
  "date",
  "time",
  "duration",
  "enum",
  "point",
  "version",
  "commit_hash",
  "reference_id",
  "email_address",
  "username",
  "person_name",
  "hostname",
  "url",
  "repository",
  "package_name",
  "file_path",
  "shell_command",
] as const;
export type AnswerType = (typeof ANSWER_TYPES)[number];

export const VERIFIERS = ["task", "recall", "expected", "shape", "byline", "crosscheck", "registry", "listing", "procedure"] as const;
export type Verifier = (typeof VERIFIERS)[number];

/**
 * `none`: the value is a choice among options the planner supplied or a screen position;
 * `bounded`: a small closed grammar that cannot carry an instruction;
 * `unbounded`: an open string that can carry an identity choice an attacker cares about.
 */
export type Shape = "none" | "bounded" | "unbounded";

export interface TypeSpec {
  shape: Shape;
  /** Verifiers allowed besides `task`, in Table 10's order. */
  verifiers: readonly Verifier[];
  /** Whether `query_screen` may ask the quarantined model for a value of this type. */
  queryable: boolean;
}

/**
 * Table 10 as data. Every type in the closed list is queryable: free text and booleans, the two
 * things `query_screen` must refuse, are not types at all, so `TYPE_NOT_QUERYABLE` is the answer
 * for any name outside `ANSWER_TYPES`. The flag stays so a future type can be listed (for
 * `locate_on_screen`, say) without being asked of the model.
 *
 * `point` has no verifier, not even `task`: it carries the label of the pixels it was read from,
 * and the location rule of the gate, not endorsement, decides whether it may be clicked.
 * `shape` appears only on bounded types whose choice is not a security decision (a count, a date,
 * a version), never on identifiers; and it clears them only from trusted provenance
 * (`shapeProvenanceProblem`). `byline` is ours, not the table's: a username or person name equal to
 * the one author whose content the reader was shown (`bylineProblem`) — "the person who asked in
 * the comments", an identity the app states, never a name someone wrote.
 */
export const TYPE_SPECS: Readonly<Record<AnswerType, TypeSpec>> = {
  count: { shape: "bounded", verifiers: ["expected", "crosscheck", "shape"], queryable: true },
  integer: { shape: "bounded", verifiers: ["expected", "crosscheck"], queryable: true },
  number: { shape: "bounded", verifiers: ["expected", "crosscheck"], queryable: true },
  money: { shape: "bounded", verifiers: ["expected", "crosscheck"], queryable: true },
  percentage: { shape: "bounded", verifiers: ["expected", "crosscheck", "shape"], queryable: true },
  date: { shape: "bounded", verifiers: ["expected", "crosscheck", "shape"], queryable: true },
  time: { shape: "bounded", verifiers: ["expected", "crosscheck", "shape"], queryable: true },
  duration: { shape: "bounded", verifiers: ["expected", "crosscheck", "shape"], queryable: true },
  enum: { shape: "none", verifiers: ["expected"], queryable: true },
  point: { shape: "none", verifiers: [], queryable: true },
  version: { shape: "bounded", verifiers: ["recall", "expected", "listing", "crosscheck", "shape"], queryable: true },
  commit_hash: { shape: "bounded", verifiers: ["expected", "listing"], queryable: true },
  reference_id: { shape: "bounded", verifiers: ["expected", "crosscheck"], queryable: true },
  email_address: { shape: "unbounded", verifiers: ["expected", "crosscheck"], queryable: true },
  username: { shape: "unbounded", verifiers: ["expected", "byline"], queryable: true },
  person_name: { shape: "unbounded", verifiers: ["expected", "byline"], queryable: true },
  hostname: { shape: "unbounded", verifiers: ["expected", "crosscheck"], queryable: true },
  url: { shape: "unbounded", verifiers: ["expected", "listing", "crosscheck"], queryable: true },
  repository: { shape: "unbounded", verifiers: ["recall", "crosscheck", "listing"], queryable: true },
  package_name: { shape: "unbounded", verifiers: ["recall", "registry", "listing", "crosscheck"], queryable: true },
  file_path: { shape: "unbounded", verifiers: ["expected", "listing"], queryable: true },
  shell_command: { shape: "unbounded", verifiers: ["procedure"], queryable: true },
};

const TYPE_NAMES: ReadonlySet<string> = new Set(ANSWER_TYPES);

/** True for the names in the closed list only (not `boolean`, not `text`, not `__proto__`). */
export function isAnswerType(value: string): value is AnswerType {
  return TYPE_NAMES.has(value);
}
