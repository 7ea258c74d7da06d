export { ALIGNMENT_TOLERANCE_PX, type AlignmentResult } from "./alignment-check.js";
export { DEFAULT_CAPTURE_LIMITS, type CaptureLimits } from "./capture-limits.js";
export { CaptureError, capturePage, type CaptureOptions } from "./capture-page.js";
export { captureScreen, recheckAlignment, type CapturedScreen } from "./capture-screen.js";
