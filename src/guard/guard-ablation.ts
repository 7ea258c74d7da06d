/**
 * Protections of the guard that a benchmark run may switch off one by one
 * (docs/design/guard.md, "Ablations"), to measure what each buys. Each entry: what is switched off,
 * and what that exposes. The first four can only unmask (they expose attacks); `capacity-grammars`
 * and `endorsement-by-shape` can only mask or refuse more (they expose no attack and measure the
 * utility the mechanism buys); `shape-provenance` can only endorse more (it exposes value attacks).
 * The shape pair and the full guard are the three shape rules side by side: refused, ours
 * (provenance), the paper's (any).
 */
const GUARD_ABLATIONS = {
  "echo-demotion":
    "trusted rows that repeat untrusted text stay trusted: a payload planted in a post title shows through the trusted breadcrumb or notification that echoes it",
  containment:
    "grants skip the geometric check: content the page's markup puts in a trusted container but draws outside its box keeps the container's trust",
  "differential-check":
    "the mask is built from layout boxes alone, without the second render: untrusted paint beyond a box, under a row or through effects nobody listed shows inside trusted rows",
  "coverage-cap":
    "over-broad rules (granting more than half the page's rows) are kept: a rule that reaches into the comments shows the payloads there",
  "capacity-grammars":
    "the capacity exception is off (no untrusted text run is released for matching a closed grammar): masks more, exposes no attack; measures the utility the grammars buy",
  "terminal-trust":
    "the terminal exception is off (a terminal's screen stays masked even while every line on it is the host's and none tainted): masks more, exposes no attack; measures the utility terminal trust tracking buys",
  "endorsement-by-shape":
    "endorse with source shape is refused for every type: refuses more, exposes no attack; measures the utility shape endorsement buys",
  "shape-provenance":
    "shape endorses the types Table 10 lists whatever the provenance (the paper's rule): a stranger's well-formed time, date or version is endorsed and used; exposes value attacks",
} as const;

export type GuardAblation = keyof typeof GUARD_ABLATIONS;

/** The names in their fixed order: labels list them in this order whatever order they were given in. */
export const GUARD_ABLATION_NAMES = Object.keys(GUARD_ABLATIONS) as GuardAblation[];

export function isGuardAblation(name: string): name is GuardAblation {
  return Object.hasOwn(GUARD_ABLATIONS, name);
}
