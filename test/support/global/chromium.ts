import { type BrowserServer, chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { CHROMIUM_FLAGS, resolveChromiumExecutable, WORKSPACE_CHROMIUM_FLAGS } from "../../../src/browser/index.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** The tiers' Chromium launched as for the web (`CHROMIUM_FLAGS`), shared by every test file (test/support/shared-browser.ts). */
    chromiumWsEndpoint: string;
    /** The same, launched as the end-to-end harness launches it for the workspace (`WORKSPACE_CHROMIUM_FLAGS`). */
    workspaceChromiumWsEndpoint: string;
  }
}

let servers: BrowserServer[] = [];

/**
 * One Chromium of each kind for the whole tier: each file connects (≈ 0.1 s) instead of launching
 * (≈ 1 s and 100+ MB). Two kinds, so that each test runs in the browser its code runs in when
 * users run it: the guard on pages of the web, the harness on the workspace.
 */
export async function setup(project: TestProject): Promise<void> {
  const launch = (args: readonly string[]) => chromium.launchServer({ executablePath: resolveChromiumExecutable(), args: [...args] });
  const [web, workspace] = await Promise.all([launch(CHROMIUM_FLAGS), launch(WORKSPACE_CHROMIUM_FLAGS)]);
  servers = [web, workspace];
  project.provide("chromiumWsEndpoint", web.wsEndpoint());
  project.provide("workspaceChromiumWsEndpoint", workspace.wsEndpoint());
}

export async function teardown(): Promise<void> {
  await Promise.all(servers.map((server) => server.close()));
}
