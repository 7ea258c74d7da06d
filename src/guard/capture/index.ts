export { ALIGNMENT_TOLERANCE_PX } from "./alignment-check.js";
export { capturePage, captureSampledPage } from "./capture-page.js";
export { captureScreen, liveCapture, recheckAlignment } from "./capture-screen.js";
export { FREEZE_TIMEOUT_ENV, FREEZE_TIMEOUT_MS, FreezeError, freezeTimeoutMs, withFrozenPage } from "./freeze-page.js";
