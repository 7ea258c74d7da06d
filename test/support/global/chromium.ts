import { type BrowserServer, chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { CHROMIUM_FLAGS, resolveChromiumExecutable } from "../../../src/browser/index.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** The browser tier's one Chromium, shared by every test file (test/support/shared-browser.ts). */
    chromiumWsEndpoint: string;
  }
}

let server: BrowserServer | undefined;

/** One Chromium for the whole browser tier: each file connects (≈ 0.1 s) instead of launching (≈ 1 s and 100+ MB). */
export async function setup(project: TestProject): Promise<void> {
  server = await chromium.launchServer({ executablePath: resolveChromiumExecutable(), args: [...CHROMIUM_FLAGS] });
  project.provide("chromiumWsEndpoint", server.wsEndpoint());
}

export async function teardown(): Promise<void> {
  await server?.close();
}
