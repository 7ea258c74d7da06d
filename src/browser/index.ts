export { describeActionError } from "./action-error.js";
export {
  type AriaNode,
  ariaNodeLabel,
  ariaTreeStrings,
  findAriaNodes,
  focusedAriaNode,
  parseAriaKey,
  parseAriaSnapshot,
  walkAriaTree,
} from "./aria-tree.js";
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
export {
  type BrowserSession,
  type BrowserSessionOptions,
  DEFAULT_VIEWPORT,
  openBrowserSession,
  pageCdpSession,
  type Viewport,
} from "./browser-session.js";
export { DEFAULT_CHROMIUM_PATH, resolveChromiumExecutable } from "./chromium-executable.js";
export { CHROMIUM_FLAGS } from "./chromium-flags.js";
export { type CrawledPage, type CrawlOptions, crawlPages } from "./crawl-pages.js";
export { type EpisodeContext, type EpisodeContextOptions, openEpisodeContext } from "./episode-context.js";
export { type LaunchBrowserOptions, launchBrowser } from "./launch-browser.js";
export {
  type ActionOutcome,
  type FocusedElement,
  OBSERVATION_MODES,
  type Observation,
  type ObservationMode,
  type TabInfo,
} from "./observation.js";
export { isRequestAllowed, normalizeOrigin } from "./request-gate.js";
export { DEFAULT_SETTLE, type SettleOptions, type SettleResult, settlePage } from "./settle-page.js";
export { type ScreenshotOptions, UiSession, type UiSessionOptions } from "./ui-session.js";
