import type { KeptOnlyRender, KeptRow } from "../capture/render-kept-only.js";
import { type CapturedPage, type CapturedPageInput, screenshotSize } from "../captured-page.js";
import { type GuardOptions, type GuardResult, type HostTyped, judgePage, validateCapture } from "../guard-page.js";
import { RuleSetError } from "../rules/parse-rule-set.js";
import { differingRows, unevenRows } from "./differential-check.js";
import { MaskBuildError, MaskUnavailableError } from "./mask-build-error.js";
import { checkScreenshotSize, paintMaskOnPixels } from "./paint-mask.js";
import { decodeImage } from "./raw-image.js";

/**
 * Retries after the first attempt (docs/design/guard.md, "Failure": three retries, then the episode
 * stops).
 */
const MASK_RETRIES = 3;

/** What the differential check found on the capture the mask was built from. */
interface DifferentialSummary {
  /** Rows the mask revealed before the check. */
  checked: number;
  /** Rows masked because a pixel they showed differed in the second render (node ids, sorted). */
  demoted: string[];
  /** Elements kept painting and made to paint nothing in the second render. */
  kept: number;
  hidden: number;
  /** Elements only inline styles could hide (the page sees style mutation records for them). */
  inline: number;
  /** What could not be vouched for (elements that would not stop painting, references to a shared id): every revealed row was masked. */
  unverified: number;
}

export interface MaskedScreen {
  page: CapturedPage;
  result: GuardResult;
  /** The screenshot with F painted black; the only screenshot this function ever returns. */
  png: Buffer;
  /** The unmasked screenshot, for the host's own use (the quarantined reader); never for the planner. */
  screenshot: Buffer;
  /** Null for a capture that was not taken from a live page here (no second render was possible). */
  differential: DifferentialSummary | null;
}

export interface CaptureWithScreenshot {
  page: CapturedPage | CapturedPageInput;
  screenshot: Buffer;
}

/** One capture, handed over while it can still be rendered again (a live page is frozen meanwhile). */
interface CaptureInFrame extends CaptureWithScreenshot {
  /** The second render of the differential check; absent for a capture taken elsewhere (a file). */
  renderKeptOnly?: (rows: readonly KeptRow[]) => Promise<KeptOnlyRender>;
}

/**
 * Where each attempt's capture comes from: it calls `decide` with the capture and returns what
 * `decide` returns. `liveCapture(page)` (capture module) does so inside the page's freeze.
 */
export type CaptureSource = <T>(decide: (frame: CaptureInFrame) => Promise<T>) => Promise<T>;

/** A source for captures that already exist (files, fixtures): the differential check cannot run. */
export function takenCapture(capture: () => Promise<CaptureWithScreenshot>): CaptureSource {
  return async (decide) => decide(await capture());
}

type MaskOptions = GuardOptions & {
  retries?: number;
  onAttemptFailed?: (error: Error, attempt: number) => void;
  /** Reveal records re-resolved against each capture (node ids of that capture); wins over `reveals`. */
  revealsFor?: (page: CapturedPage) => readonly string[];
  /** Regions the host vouches for, per capture (node ids of that capture); wins over `hostTrusted`. */
  hostTrustedFor?: (page: CapturedPage) => readonly string[];
  /** Values the host typed into fields, per capture (node ids of that capture); wins over `hostTyped`. */
  hostTypedFor?: (page: CapturedPage) => readonly HostTyped[];
  /** Rules dropped earlier on the captured page's template (asked after `rules`); wins over `keepDropped`. */
  keepDroppedFor?: (page: CapturedPage) => ReadonlySet<number>;
};

/**
 * Capture → guard → differential check → paint, with the seed's failure rule: when the mask cannot
 * be built (no tree, unparsable tree, failed alignment, no content root, a screenshot that does
 * not match the geometry, a capture or second render that throws), capture again, up to three
 * retries; then throw `MaskUnavailableError`. There is no path that returns an unmasked
 * screenshot, and none that returns a live capture's mask without the differential check. An
 * invalid rule set is a configuration error, not a capture failure, and is thrown at once.
 */
export async function buildMaskWithRetries(
  source: CaptureSource,
  rules: unknown | ((page: CapturedPage) => unknown),
  options: MaskOptions = {},
): Promise<MaskedScreen> {
  const retries = Math.max(0, Math.min(options.retries ?? MASK_RETRIES, 10));
  const failures: Error[] = [];
  for (let attempt = 1; attempt <= retries + 1; attempt++) {
    try {
      return await buildMask(source, rules, options);
    } catch (error) {
      if (error instanceof RuleSetError) throw error;
      const failure = error instanceof Error ? error : new Error(String(error));
      failures.push(failure);
      options.onAttemptFailed?.(failure, attempt);
    }
  }
  throw new MaskUnavailableError(failures);
}

async function buildMask(source: CaptureSource, rules: unknown, options: MaskOptions): Promise<MaskedScreen> {
  // While the page is frozen: judge the capture and render the same frame with only what the mask reveals.
  let decided: Awaited<ReturnType<typeof decide>>;
  const decide = async (frame: CaptureInFrame) => {
    const page = validateCapture(frame.page);
    const ruleSet = typeof rules === "function" ? await (rules as (page: CapturedPage) => unknown)(page) : rules;
    const reveals = options.revealsFor?.(page) ?? options.reveals;
    const keepDropped = options.keepDroppedFor?.(page) ?? options.keepDropped;
    const hostTrusted = options.hostTrustedFor?.(page) ?? options.hostTrusted;
    const hostTyped = options.hostTypedFor?.(page) ?? options.hostTyped;
    const judged = judgePage(page, ruleSet, {
      ...options,
      ...(reveals && { reveals }),
      ...(keepDropped && { keepDropped }),
      ...(hostTrusted && { hostTrusted }),
      ...(hostTyped && { hostTyped }),
    });
    const second =
      frame.renderKeptOnly === undefined || judged.revealed.length === 0 || options.ablate?.has("differential-check")
        ? null
        : await frame.renderKeptOnly(judged.anchors);
    return {
      page,
      screenshot: frame.screenshot,
      judged,
      second,
      live: frame.renderKeptOnly !== undefined && !options.ablate?.has("differential-check"),
    };
  };
  try {
    decided = await source(decide);
  } catch (error) {
    if (error instanceof MaskBuildError || error instanceof RuleSetError) throw error;
    throw new MaskBuildError("capture-failed", error instanceof Error ? error.message : String(error));
  }

  const { page, screenshot, judged, second, live } = decided;
  const first = await decodeImage(screenshot);
  checkScreenshotSize(first, screenshotSize(page));
  let result = judged.result;
  let differential: DifferentialSummary | null = null;
  if (live) {
    const counts = second ?? { kept: 0, hidden: 0, inline: 0, unverified: 0 };
    // A second render some element survived proves nothing: every revealed row is masked.
    const demoted =
      second === null
        ? new Set<string>()
        : second.unverified > 0
          ? new Set(judged.revealed.map((row) => row.rowId))
          : differingRows(first, await decodeImage(second.screenshot), judged.revealed, second.area);
    // Under a row no operator vouched for, its ancestors may paint one colour and nothing else.
    const flat = judged.revealed.filter((row) => row.ancestorPaint === "flat" && !demoted.has(row.rowId));
    if (second !== null && flat.length > 0) {
      const under = second.withoutFlatRows === null ? null : await decodeImage(second.withoutFlatRows);
      for (const rowId of under === null ? flat.map((row) => row.rowId) : unevenRows(under, flat, second.area)) demoted.add(rowId);
    }
    if (demoted.size > 0) result = judged.demote(demoted);
    differential = {
      checked: judged.revealed.length,
      demoted: [...demoted].sort(),
      kept: counts.kept,
      hidden: counts.hidden,
      inline: counts.inline,
      unverified: counts.unverified,
    };
  }
  return { page, result, png: await paintMaskOnPixels(first, result.mask), screenshot, differential };
}
