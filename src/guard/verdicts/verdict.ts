/**
 * Where a verdict came from (the paper's `verdict_source`, extended;
 * docs/design/guard.md, "Verdict order"): the grants `consent`, `page`, `rule#k`, `self`; the
 * exceptions `capacity`, `file`; the default `default`; the safety checks that demoted a grant,
 * `echo` and `containment`; and the reasons a node can never be trusted, `opaque`, `truncated`,
 * `no-url`; and `differential`, a row shown by all of these whose pixels differed from a render
 * without untrusted paint (`mask/differential-check.ts`). The extra names make a masked row explain
 * itself in `safecua guard mask --json`.
 */
export type VerdictSource =
  | "consent"
  | "page"
  | `rule#${number}`
  | "self"
  | "capacity"
  | "file"
  | "terminal"
  | "default"
  | "echo"
  | "containment"
  | "opaque"
  | "truncated"
  | "no-url"
  | "differential";

export type TrustVerdict = "trusted" | "untrusted";

export interface Verdict {
  verdict: TrustVerdict;
  source: VerdictSource;
  /** Node id of the container whose grant made this node trusted (null for page scope and exceptions). */
  container: string | null;
}

export const UNTRUSTED_DEFAULT: Verdict = Object.freeze({ verdict: "untrusted", source: "default", container: null });
