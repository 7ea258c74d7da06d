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
export { describeActionError } from "./action-error.js";
export { type AriaNode, ariaNodeLabel, ariaTreeStrings, findAriaNodes, focusedAriaNode, parseAriaKey, parseAriaSnapshot, walkAriaTree } from "./aria-tree.js";
export {
  BROWSER_ACTION_NAMES,
  type BrowserAction,
  type BrowserActionName,
  BrowserActionSchema,
  formatAction,
  isTerminalAction,
  parseBrowserAction,
  TERMINAL_ACTIONS,
} from "./browser-action.js";
export { type CrawledPage, crawlPages, type CrawlOptions } from "./crawl-pages.js";
export { type EpisodeContext, type EpisodeContextOptions, openEpisodeContext } from "./episode-context.js";
export { launchBrowser, type LaunchBrowserOptions } from "./launch-browser.js";
export { type ActionOutcome, type FocusedElement, type Observation, OBSERVATION_MODES, type ObservationMode, type TabInfo } from "./observation.js";
export { DEFAULT_SETTLE, type SettleOptions, type SettleResult, settlePage } from "./settle-page.js";
export { type ScreenshotOptions, UiSession, type UiSessionOptions } from "./ui-session.js";
