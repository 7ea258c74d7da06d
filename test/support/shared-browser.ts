import { type Browser, chromium } from "playwright-core";
import { inject } from "vitest";

/**
 * The browser tier's shared Chromium (started once by test/support/global/chromium.ts). Closing
 * the returned browser only disconnects this file; contexts it opened are closed with it.
 */
export function sharedBrowser(): Promise<Browser> {
  return chromium.connect(inject("chromiumWsEndpoint"));
}
