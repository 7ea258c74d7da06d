import { type Browser, chromium } from "playwright-core";
import { resolveChromiumExecutable } from "./chromium-executable.js";
import { CHROMIUM_FLAGS } from "./chromium-flags.js";

export interface LaunchBrowserOptions {
  /** Overrides `SAFECUA_CHROMIUM` and the default path. */
  executablePath?: string;
}

/**
 * Launches one Chromium (fresh temporary profile, the project's flags) to host many episode
 * contexts: a context costs milliseconds, a browser hundreds, so parallel episodes share one.
 */
export async function launchBrowser(options: LaunchBrowserOptions = {}): Promise<Browser> {
  return chromium.launch({ executablePath: options.executablePath ?? resolveChromiumExecutable(), args: [...CHROMIUM_FLAGS] });
}
