import type { Browser } from "playwright-core";
import { resolveChromiumExecutable } from "./chromium-executable.js";
import { CHROMIUM_FLAGS, WORKSPACE_CHROMIUM_FLAGS } from "./chromium-flags.js";

export interface LaunchBrowserOptions {
  /** Overrides `SAFECUA_CHROMIUM` and the default path. */
  executablePath?: string;
  /**
   * What the browser will open: `"workspace"` when every page is the local workspace's, which lets
   * a context keep one renderer (`WORKSPACE_CHROMIUM_FLAGS`); `"web"` (the default) otherwise.
   */
  sites?: "web" | "workspace";
}

/**
 * Launches one Chromium (fresh temporary profile, the project's flags) to host many episode
 * contexts: parallel episodes share one browser, and each gets a context of its own (a context
 * is far cheaper than a launch, though not free: ≈ 0.8 s here, bench/e2e-episode.ts section 7).
 */
export async function launchBrowser(options: LaunchBrowserOptions = {}): Promise<Browser> {
  // Loaded here, not at start-up: Playwright takes most of a second to import, which every command
  // that never opens a browser (score, validate, report) would otherwise pay.
  const { chromium } = await import("playwright-core");
  return chromium.launch({
    executablePath: options.executablePath ?? resolveChromiumExecutable(),
    args: [...(options.sites === "workspace" ? WORKSPACE_CHROMIUM_FLAGS : CHROMIUM_FLAGS)],
    // Playwright's own handlers close every browser and exit at the first Ctrl-C, which turned the
    // episodes in flight into "Target page, context or browser has been closed" errors and left no
    // report. A program that handles the signal itself (bench's stop, src/cli/graceful-stop.ts)
    // decides instead and closes the browser last; one that does not keeps Playwright's handlers,
    // since Chromium runs in its own process group and would otherwise outlive a Ctrl-C.
    handleSIGINT: process.listenerCount("SIGINT") === 0,
    handleSIGTERM: process.listenerCount("SIGTERM") === 0,
  });
}
