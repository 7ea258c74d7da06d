import type { GuardAblation } from "../guard-ablation.js";
import type { PageModel } from "../rows/page-model.js";
import type { OwnedFiles } from "./file-ownership.js";
import type { Verdict, VerdictSource } from "./verdict.js";

/** What the exceptions may read about one capture, computed once by the page's pipeline. */
export interface ExceptionInputs {
  model: PageModel;
  /** Rows whose consent-banner grant survived the containment check. */
  consentRows: ReadonlySet<number>;
  owned: OwnedFiles;
  /** Rows inside a file listing that a `files` rule names (`fileListingRows`). */
  fileListingRows: ReadonlySet<number>;
  /** Node ids of regions the host vouches for (a trusted terminal's screen: `GuardOptions.hostTrusted`). */
  hostTrusted: ReadonlySet<string>;
}

/**
 * One exception of the guard: a reason to show a row that no rule grants (docs/design/guard.md,
 * "Exceptions": they only unmask). An exception names the rows it would release; the
 * pipeline (`applyExceptions`) releases only rows still untrusted and not forced, so no exception
 * can mask a row or show an opaque, truncated or URL-less one, whatever it returns. Adding one:
 * a file exporting a `GuardException`, a line in `GUARD_EXCEPTIONS`, and, to make it switchable,
 * an entry in `GUARD_ABLATIONS`.
 */
export interface GuardException {
  /** The verdict source a row it releases carries. */
  readonly source: Extract<VerdictSource, "consent" | "capacity" | "file" | "terminal">;
  /** The ablation that switches it off (`bench --guard-ablate`), if it can be switched off. */
  readonly ablation?: GuardAblation;
  /** The rows it would release, given the verdicts so far (earlier exceptions applied). */
  releases(inputs: ExceptionInputs, verdicts: readonly Verdict[]): Iterable<number>;
}
