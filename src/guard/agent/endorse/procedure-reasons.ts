/**
 * Why `endorse_by_procedure` did not endorse a command (docs/design/guarded-agent.md,
 * "Registries, listings and procedures"). Fixed texts, like the gate's reason codes
 * (`gate/reason-codes.ts`): a refusal names the rule, never the command's text, so it cannot carry
 * the page's words back to the planner.
 */
const PROCEDURE_REASONS = [
  "SYNTAX",
  "COMPOUND",
  "SUBSTITUTION",
  "EVAL",
  "SOURCE",
  "INTERPRETER_PIPE",
  "VARIABLE_EXPANSION",
  "ASSIGNMENT",
  "GLOB",
  "UNSUPPORTED_SYNTAX",
  "UNKNOWN_PROGRAM",
  "BAD_ARGUMENT",
  "PROTECTED_PATH",
  "PATH_OUTSIDE_HOME",
  "PATH_NOT_NAMED",
  "DOWNLOAD_TO_CONFIG",
  "URL_NOT_HTTPS",
  "URL_USERINFO",
  "URL_HOST_NOT_ASCII",
  "INDEX_NOT_ALLOWLISTED",
  "CAPABILITY_NOT_DECLARED",
  "SOURCE_PAGE_UNTRUSTED",
  "NO_ROUTE",
] as const;
export type ProcedureReason = (typeof PROCEDURE_REASONS)[number];

const PROCEDURE_REASON_TEXT: Record<ProcedureReason, string> = {
  SYNTAX: "the command does not parse as a shell line",
  COMPOUND: "loops, conditionals, functions, subshells and groups are never endorsed",
  SUBSTITUTION: "command and process substitution are never endorsed",
  EVAL: "eval is never endorsed",
  SOURCE: "source and . are never endorsed",
  INTERPRETER_PIPE: "a pipe into an interpreter is never endorsed",
  VARIABLE_EXPANSION: "variables other than ~ and $HOME at the start of a word are never endorsed",
  ASSIGNMENT: "environment assignments before a command are never endorsed",
  GLOB: "wildcards are never endorsed (what they match cannot be checked)",
  UNSUPPORTED_SYNTAX: "background jobs, negation, here-strings and fd redirections other than 2>&1 are not endorsed",
  UNKNOWN_PROGRAM: "a program, subcommand or option is not in the table of known programs",
  BAD_ARGUMENT: "an argument does not fit its kind in the program table",
  PROTECTED_PATH: "a path is in a protected directory (~/.ssh, ~/.gnupg, /etc, /boot, /usr)",
  PATH_OUTSIDE_HOME: "a path is outside the home directory and not named by your request",
  PATH_NOT_NAMED:
    "the command deletes, re-permissions or overwrites a file, or changes a shell start-up or config file, that your request does not name",
  DOWNLOAD_TO_CONFIG: "a download into a shell start-up or config file is never endorsed",
  URL_NOT_HTTPS: "a URL is not https",
  URL_USERINFO: "a URL carries user information",
  URL_HOST_NOT_ASCII: "a URL's host is not plain ASCII",
  INDEX_NOT_ALLOWLISTED: "a package index URL is not on an allowlisted host",
  CAPABILITY_NOT_DECLARED: "the command needs a capability you did not declare",
  SOURCE_PAGE_UNTRUSTED: "the source page is not on an allowlisted host",
  NO_ROUTE:
    "no route vouches for the command (the request does not name it, a task-only model does not name the same resource, and no allowlisted page shows it)",
};

/** A refusal's text for the planner: the code, then what it means. */
export function procedureReasonText(code: ProcedureReason): string {
  return `${code}: ${PROCEDURE_REASON_TEXT[code]}`;
}
