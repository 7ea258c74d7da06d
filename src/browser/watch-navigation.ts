import type { Frame, Page, Request, Response } from "playwright-core";

export interface NavigationWatch {
  /** Resolves when the main frame's next navigation has committed (a new document, or a same-document one) or was given up (failed, 204/205). */
  readonly settled: Promise<void>;
  stop(): void;
}

/**
 * Watches the main frame for the navigation an action may start, from before the action: the
 * commit can arrive before the action's last round trip returns, and an event missed is a settle
 * that reads the old document. Events come from Playwright, so once `settled` resolves its own
 * load state already belongs to the new document.
 */
export function watchNavigation(page: Page): NavigationWatch {
  let done: () => void = () => undefined;
  const settled = new Promise<void>((resolve) => {
    done = resolve;
  });
  const main = (frame: Frame | null) => frame === page.mainFrame();
  const ours = (request: Request) => {
    try {
      return request.isNavigationRequest() && main(request.frame());
    } catch {
      // A worker's request has no frame.
      return false;
    }
  };
  const onCommit = (frame: Frame) => {
    if (main(frame)) done();
  };
  const onFailed = (request: Request) => {
    if (ours(request)) done();
  };
  // 204 and 205 leave the current document in place: no commit will come.
  const onResponse = (response: Response) => {
    if (ours(response.request()) && (response.status() === 204 || response.status() === 205)) done();
  };
  page.on("framenavigated", onCommit);
  page.on("requestfailed", onFailed);
  page.on("response", onResponse);
  return {
    settled,
    stop() {
      page.off("framenavigated", onCommit);
      page.off("requestfailed", onFailed);
      page.off("response", onResponse);
    },
  };
}
