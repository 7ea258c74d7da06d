import type { GuardAblation } from "../guard-ablation.js";
import { capacityException } from "./capacity-exception.js";
import { consentException } from "./consent-exception.js";
import { fileException } from "./file-exception.js";
import type { ExceptionInputs, GuardException } from "./guard-exception.js";
import { terminalException } from "./terminal-exception.js";
import type { Verdict } from "./verdict.js";

export type { ExceptionInputs, GuardException } from "./guard-exception.js";

/** The guard's exceptions, in the order they apply: each sees the verdicts the ones before it left. */
export const GUARD_EXCEPTIONS: readonly GuardException[] = [consentException, capacityException, fileException, terminalException];

/**
 * Applies the exceptions to the verdicts the safety checks left (docs/design/guard.md,
 * "Exceptions"), skipping those `ablate` switches off. The guarantee is the pipeline's, not each
 * exception's: a row is released only if it is still untrusted and not forced (opaque,
 * truncated, no URL), so an exception can only unmask, and never a forced row.
 */
export function applyExceptions(
  inputs: ExceptionInputs,
  verdicts: readonly Verdict[],
  ablate: ReadonlySet<GuardAblation> = new Set(),
  exceptions: readonly GuardException[] = GUARD_EXCEPTIONS,
): Verdict[] {
  const out = [...verdicts];
  for (const exception of exceptions) {
    if (exception.ablation !== undefined && ablate.has(exception.ablation)) continue;
    for (const index of exception.releases(inputs, out)) {
      const row = inputs.model.rows[index];
      if (row === undefined || row.forced !== null || out[index]?.verdict !== "untrusted") continue;
      out[index] = { verdict: "trusted", source: exception.source, container: null };
    }
  }
  return out;
}
