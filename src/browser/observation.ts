import type { AriaNode } from "./aria-tree.js";

/**
 * What the agent is shown each step: `axtree` (the accessibility snapshot with refs, for
 * ref actions), `screenshot` (pixels only, for coordinate actions) or `mixed` (both). The
 * harness captures both every step either way: the snapshot is what refs resolve against and
 * the screenshot goes into the run's step log (except for agents that declare they need none,
 * `ScreenUiAgent.screenshots`: the injection oracles).
 */
export const OBSERVATION_MODES = ["axtree", "screenshot", "mixed"] as const;
export type ObservationMode = (typeof OBSERVATION_MODES)[number];

export interface TabInfo {
  index: number;
  url: string;
  title: string;
}

export interface FocusedElement {
  ref?: string;
  role: string;
  name: string;
}

/** What every step knows of the browser, without looking at the page: where it is and what failed. */
export interface PageState {
  url: string;
  title: string;
  tabs: TabInfo[];
  activeTab: number;
  /** Why the previous action failed; null when it worked (or on the first step). */
  lastActionError: string | null;
}

export interface Observation extends PageState {
  /** Playwright's AI-mode aria snapshot of the active tab: YAML lines with `[ref=…]` ids. */
  axtree: string;
  /** The same snapshot parsed ([] if it could not be parsed). */
  tree: AriaNode[];
  focused: FocusedElement | null;
  /**
   * The viewport, CSS pixels = image pixels (DPR 1), so `mouse_click(x, y)` maps 1:1. Absent when
   * the observation was taken without one (`observe(…, { screenshot: false })`).
   */
  screenshot?: Buffer;
  screenshotType: "jpeg" | "png";
  timing: { snapshotMs: number; screenshotMs: number };
}

export interface ActionOutcome {
  /** Null when the action worked. A failure is information for the agent, never the end of the episode. */
  error: string | null;
  /** `finish` or `report_infeasible`: the agent ended the episode. */
  terminal: boolean;
  /** Time to perform the action, then to settle the page. */
  actMs: number;
  settleMs: number;
  /** The settle cap was hit before the page went quiet. */
  settleCapped: boolean;
}
