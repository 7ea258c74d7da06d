import { accessSync, constants } from "node:fs";
import { InputError } from "../core/index.js";

/** Debian's Chromium; the project never downloads a browser (toolchain.md). */
export const DEFAULT_CHROMIUM_PATH = "/usr/bin/chromium";

/**
 * The Chromium binary to launch: `SAFECUA_CHROMIUM` when set, else Debian's. Checked up front so a
 * missing browser fails with a message naming the path instead of a Playwright stack trace.
 */
export function resolveChromiumExecutable(env: NodeJS.ProcessEnv = process.env): string {
  const override = env.SAFECUA_CHROMIUM?.trim();
  const path = override !== undefined && override !== "" ? override : DEFAULT_CHROMIUM_PATH;
  try {
    accessSync(path, constants.X_OK);
  } catch {
    const origin = path === override ? "SAFECUA_CHROMIUM" : "the default path";
    throw new InputError(`Chromium not found or not executable at ${path} (${origin}); install Debian's chromium or set SAFECUA_CHROMIUM`);
  }
  return path;
}
