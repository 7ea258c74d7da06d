import type { Decimal } from "./decimal-number.js";

/**
 * What a type's grammar makes of a text: the canonical `value` (what a variable holds and an action
 * types), the `key` two values are compared by
 * (docs/design/guarded-agent.md, "Normalisation for equality"), and for the numeric types the exact
 * `amount` the constraint's bounds are checked against. A refusal says why in fixed words that
 * never quote the text: reasons reach the planner, and the text came from the page.
 */
export type ParsedValue = { ok: true; value: string; key: string; amount?: Decimal } | { ok: false; reason: string };
