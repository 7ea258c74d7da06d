// Public API of the browser layer: Playwright over Debian's Chromium (never a downloaded one),
// episode contexts with pinned rendering and a request gate, observations and actions of the
// end-to-end track, crawling.

/** The live page a self-observing agent captures (the guarded agent); other modules name Playwright's type through here. */
export type { Page } from "playwright-core";
export { type AriaNode, ariaNodeLabel, ariaTreeStrings, parseAriaSnapshot, walkAriaTree } from "./aria-tree.js";
export { type BrowserAction, BrowserActionSchema, formatAction } from "./browser-action.js";
export { type BrowserSession, DEFAULT_VIEWPORT, openBrowserSession, pageCdpSession, type Viewport } from "./browser-session.js";
export {
  BROWSER_TIMEOUT_ENV,
  BrowserTimeout,
  browserTimeoutFromEnv,
  DEFAULT_BROWSER_TIMEOUT_MS,
  type MachineLoad,
  machineLoad,
} from "./browser-timeout.js";
export { DEFAULT_CHROMIUM_PATH, resolveChromiumExecutable } from "./chromium-executable.js";
export { CHROMIUM_FLAGS, WORKSPACE_CHROMIUM_FLAGS } from "./chromium-flags.js";
export { ContextPool, type ContextPoolStats } from "./context-pool.js";
export { type CrawlOptions, crawlPages } from "./crawl-pages.js";
export { type EpisodeContext, openEpisodeContext } from "./episode-context.js";
export type { SunkRequest } from "./host-mapping.js";
export { type LaunchBrowserOptions, launchBrowser } from "./launch-browser.js";
export { OBSERVATION_MODES, type Observation, type ObservationMode, type PageState } from "./observation.js";
export { isRequestAllowed } from "./request-gate.js";
export { UiSession, type UiSessionOptions } from "./ui-session.js";
