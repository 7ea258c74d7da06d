export { ALIGNMENT_TOLERANCE_PX, type AlignmentResult } from "./alignment-check.js";
export { type CaptureLimits, DEFAULT_CAPTURE_LIMITS } from "./capture-limits.js";
export { CaptureError, type CaptureOptions, capturePage, captureSampledPage, type SampledCapture } from "./capture-page.js";
export { type CapturedScreen, captureFrozen, captureScreen, type FrozenCapture, liveCapture, recheckAlignment } from "./capture-screen.js";
export { FREEZE_TIMEOUT_ENV, FREEZE_TIMEOUT_MS, FreezeError, freezeTimeoutMs, withFrozenPage } from "./freeze-page.js";
export { type AncestorPaint, type KeptOnlyRender, type KeptRow, SecondRenderError } from "./render-kept-only.js";
