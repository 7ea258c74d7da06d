export { CHROMIUM_FLAGS } from "./chromium-flags.js";
export { DEFAULT_CHROMIUM_PATH, resolveChromiumExecutable } from "./chromium-executable.js";
export { isRequestAllowed, normalizeOrigin } from "./request-gate.js";
export {
  DEFAULT_VIEWPORT,
  openBrowserSession,
  pageCdpSession,
  type BrowserSession,
  type BrowserSessionOptions,
  type Viewport,
} from "./browser-session.js";
