import { type CapturedPage, type CapturedPageInput, screenshotSize } from "../captured-page.js";
import { type GuardOptions, type GuardResult, guardPage, validateCapture } from "../guard-page.js";
import { RuleSetError } from "../rules/parse-rule-set.js";
import { MaskBuildError, MaskUnavailableError } from "./mask-build-error.js";
import { paintMask } from "./paint-mask.js";

/** Retries after the first attempt (spec §1.2: "retry three times, then stop the episode"). */
export const MASK_RETRIES = 3;

export interface MaskedScreen {
  page: CapturedPage;
  result: GuardResult;
  /** The screenshot with F painted black; the only screenshot this function ever returns. */
  png: Buffer;
}

export interface CaptureWithScreenshot {
  page: CapturedPage | CapturedPageInput;
  screenshot: Buffer;
}

/**
 * Capture → guard → paint, with the seed's failure rule: when the mask cannot be built (no tree,
 * unparsable tree, failed alignment, no content root, a screenshot that does not match the
 * geometry, a capture that throws), capture again, up to three retries; then throw
 * `MaskUnavailableError`. There is no path that returns an unmasked screenshot. An invalid rule
 * set is a configuration error, not a capture failure, and is thrown at once.
 */
export async function buildMaskWithRetries(
  captureFn: () => Promise<CaptureWithScreenshot>,
  rules: unknown | ((page: CapturedPage) => unknown),
  options: GuardOptions & {
    retries?: number;
    onAttemptFailed?: (error: Error, attempt: number) => void;
    /** Reveal records re-resolved against each capture (node ids of that capture); wins over `reveals`. */
    revealsFor?: (page: CapturedPage) => readonly string[];
    /** Rules dropped earlier on the captured page's template (asked after `rules`); wins over `keepDropped`. */
    keepDroppedFor?: (page: CapturedPage) => ReadonlySet<number>;
  } = {},
): Promise<MaskedScreen> {
  const retries = Math.max(0, Math.min(options.retries ?? MASK_RETRIES, 10));
  const failures: Error[] = [];
  for (let attempt = 1; attempt <= retries + 1; attempt++) {
    try {
      let captured: CaptureWithScreenshot;
      try {
        captured = await captureFn();
      } catch (error) {
        throw new MaskBuildError("capture-failed", error instanceof Error ? error.message : String(error));
      }
      const page = validateCapture(captured.page);
      const ruleSet = typeof rules === "function" ? await (rules as (page: CapturedPage) => unknown)(page) : rules;
      const reveals = options.revealsFor?.(page) ?? options.reveals;
      const keepDropped = options.keepDroppedFor?.(page) ?? options.keepDropped;
      const result = guardPage(page, ruleSet, { ...options, ...(reveals && { reveals }), ...(keepDropped && { keepDropped }) });
      const png = await paintMask(captured.screenshot, result.mask, screenshotSize(page));
      return { page, result, png };
    } catch (error) {
      if (error instanceof RuleSetError) throw error;
      const failure = error instanceof Error ? error : new Error(String(error));
      failures.push(failure);
      options.onAttemptFailed?.(failure, attempt);
    }
  }
  throw new MaskUnavailableError(failures);
}
