/**
 * Why the policy gate refused a call (docs/design/guarded-agent.md, "The policy gate"). Fixed
 * strings: a refusal never quotes page content, so a refusal cannot carry an attacker's words back
 * to the planner.
 */
export const REASON_CODES = [
  "SCHEMA_INVALID",
  "STALE_SCREEN",
  "LOCATION_MASKED",
  "DRAG_START_MASKED",
  "DRAG_END_MASKED",
  "FOCUS_MASKED",
  "FOCUS_UNKNOWN",
  "FETCH_UNTRUSTED_URL",
  "UNENDORSED_VARIABLE",
  "TYPE_NOT_QUERYABLE",
  "VERIFIER_NOT_ALLOWED",
] as const;
export type ReasonCode = (typeof REASON_CODES)[number];

/** What each code means, for the planner's prompt and the docs. */
const REASON_TEXT: Record<ReasonCode, string> = {
  SCHEMA_INVALID: "the call does not fit its tool's schema or ranges",
  STALE_SCREEN: "the screen changed under the point since it was captured; look again",
  LOCATION_MASKED: "the point is on masked (untrusted) content",
  DRAG_START_MASKED: "the drag starts on masked content",
  DRAG_END_MASKED: "the drag ends on masked content",
  FOCUS_MASKED: "the focused element is masked, so keyboard input is not allowed",
  FOCUS_UNKNOWN: "no focused element can be determined, so keyboard input is not allowed",
  FETCH_UNTRUSTED_URL: "the URL comes from untrusted content and its host is not on the allowlist",
  UNENDORSED_VARIABLE: "an argument uses a variable that is not endorsed",
  TYPE_NOT_QUERYABLE: "the answer type cannot be asked (free text, booleans and boolean-like options are refused)",
  VERIFIER_NOT_ALLOWED: "this endorsement route is not allowed for the variable's own type",
};

/** How every refusal's message starts, followed by its code: what a planner (scripted too) reads a refusal by. */
export const REFUSAL_PREFIX = "Policy blocked your last tool call: ";

/** The message the planner gets for a refusal; after three identical refusals it says so. */
export function refusalMessage(code: ReasonCode, repeated: boolean): string {
  const base = `${REFUSAL_PREFIX}${code} (${REASON_TEXT[code]}).`;
  return repeated ? `${base} You made this identical call three times; repeating it will keep failing.` : base;
}
