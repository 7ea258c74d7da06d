import type { Browser } from "playwright-core";
import { sharedBrowser } from "../support/shared-browser.js";

/** The browser tier's shared Chromium; closing it only disconnects the file. */
export function launchChromium(): Promise<Browser> {
  return sharedBrowser();
}
