import { type Browser, chromium } from "playwright-core";
import { CHROMIUM_FLAGS, resolveChromiumExecutable } from "../../src/browser/index.js";

/** The system Chromium with the project's flags (SAFECUA_CHROMIUM overrides the path); never a downloaded browser. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: resolveChromiumExecutable(), args: [...CHROMIUM_FLAGS] });
}
