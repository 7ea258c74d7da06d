/**
 * One element of the planner's history (docs/design/guarded-agent.md, "The planner's view"): its
 * call, the result, and the screenshot that followed (when new).
 */
export interface HistoryElement {
  /** The reply as the planner wrote it (JSON of `{thought, call}`), or a note that it could not be used. */
  call: string;
  result: string;
  /** The page address shown after it, when it changed. */
  shownUrl?: string;
  /** The masked image shown after it, when the screen or the reveals changed. */
  screenshot?: Buffer;
}

/** Elements kept in the planner's context (docs/design/guarded-agent.md, "The planner's view"). */
export const HISTORY_WINDOW = 10;

/**
 * The planner's append-only history and its sliding window: the last ten elements, and how many
 * were dropped. The latest screenshot and address are kept even when the element that brought them
 * has slid out, so the planner always has the current screen.
 */
export class PlannerHistory {
  private readonly elements: HistoryElement[] = [];
  private firstScreenshot: Buffer | undefined;
  private firstUrl: string | undefined;

  /** The screen at the start of the episode (before any call). */
  start(screenshot: Buffer, shownUrl: string): void {
    this.firstScreenshot = screenshot;
    this.firstUrl = shownUrl;
  }

  add(element: HistoryElement): void {
    this.elements.push(element);
  }

  get length(): number {
    return this.elements.length;
  }

  /** The window: elements kept, how many were dropped, and the current screen when no kept element carries it. */
  window(): { kept: HistoryElement[]; dropped: number; carried: { screenshot?: Buffer; shownUrl?: string } } {
    const dropped = Math.max(0, this.elements.length - HISTORY_WINDOW);
    const kept = this.elements.slice(dropped);
    const carried: { screenshot?: Buffer; shownUrl?: string } = {};
    if (!kept.some((element) => element.screenshot)) {
      const last = [...this.elements].reverse().find((element) => element.screenshot)?.screenshot ?? this.firstScreenshot;
      if (last) carried.screenshot = last;
    }
    if (!kept.some((element) => element.shownUrl)) {
      const url = [...this.elements].reverse().find((element) => element.shownUrl)?.shownUrl ?? this.firstUrl;
      if (url) carried.shownUrl = url;
    }
    return { kept, dropped, carried };
  }
}
