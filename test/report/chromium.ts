import { type Browser, chromium } from "playwright-core";

/** Flags from toolchain.md: headless, no sandbox (containers), and no background network of its own. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** The system Chromium (SAFECUA_CHROMIUM overrides the path); never a downloaded browser. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.SAFECUA_CHROMIUM ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });
}
