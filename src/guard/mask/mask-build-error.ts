import { countOf } from "../../core/index.js";

/**
 * Why no mask could be built for a capture (docs/design/guard.md, "Failure"). Retryable: the next
 * capture may succeed.
 */
export type MaskBuildFailure =
  | "no-tree"
  | "unparsable-tree"
  | "failed-alignment"
  | "no-content-root"
  | "screenshot-mismatch"
  | "capture-failed";

export class MaskBuildError extends Error {
  constructor(
    readonly reason: MaskBuildFailure,
    message: string,
  ) {
    super(`cannot build the mask (${reason}): ${message}`);
    this.name = "MaskBuildError";
  }
}

/** Every attempt failed: the episode must stop; no unmasked screenshot is ever returned. */
export class MaskUnavailableError extends Error {
  /** The failure kind an episode record gets. */
  readonly kind = "mask";
  constructor(readonly failures: readonly Error[]) {
    super(
      `no mask after ${countOf(failures.length, "attempt")}; refusing to show the screen:\n${failures.map((error, i) => `  ${i + 1}. ${error.message}`).join("\n")}`,
    );
    this.name = "MaskUnavailableError";
  }
}
