import { type Browser, chromium } from "playwright-core";
import { inject } from "vitest";

/**
 * The tier's shared Chromium (started once by test/support/global/chromium.ts): `"web"` (the
 * default) as `openBrowserSession` launches it for any page, `"workspace"` as the end-to-end
 * harness launches it (`launchBrowser({ sites: "workspace" })`). A test that drives the workspace
 * through the harness, the context pool or the guarded agent takes the workspace one, so it runs
 * under the flags its code runs under. Closing the returned browser only disconnects this file;
 * contexts it opened are closed with it.
 */
export function sharedBrowser(sites: "web" | "workspace" = "web"): Promise<Browser> {
  return chromium.connect(inject(sites === "workspace" ? "workspaceChromiumWsEndpoint" : "chromiumWsEndpoint"));
}
