import { InvalidArgumentError } from "commander";
import { type BrowserSession, openBrowserSession, type Viewport } from "../../browser/index.js";
import { InputError } from "../../core/index.js";
import type { CliContext } from "../cli-context.js";

/** `1280x800` → `{width: 1280, height: 800}`. */
export function parseViewport(value: string): Viewport {
  const match = /^(\d{2,5})x(\d{2,5})$/i.exec(value.trim());
  if (match === null) throw new InvalidArgumentError("expected WIDTHxHEIGHT in pixels, e.g. 1280x800");
  const viewport = { width: Number(match[1]), height: Number(match[2]) };
  if (viewport.width < 100 || viewport.height < 100 || viewport.width > 7680 || viewport.height > 4320) {
    throw new InvalidArgumentError("width and height must be between 100x100 and 7680x4320");
  }
  return viewport;
}

export function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

export function targetUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InputError(`URL ${JSON.stringify(value)} is not an absolute URL (e.g. http://127.0.0.1:8080/page)`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new InputError(`URL ${value}: only http and https pages can be captured`);
  return url;
}

/**
 * Opens `url` in a browser session that may fetch only from the page's origin (plus the
 * `--allow-origin`s) and waits for it to settle; the caller closes the session.
 */
export async function openGuardedPage(
  cli: CliContext,
  url: URL,
  options: { viewport: Viewport; allowOrigin?: string[] },
): Promise<BrowserSession> {
  let extraOrigins: string[];
  try {
    extraOrigins = (options.allowOrigin ?? []).map((origin) => targetUrl(origin).origin);
  } catch (error) {
    throw new InputError(`--allow-origin: ${(error as Error).message}`);
  }
  const session = await openBrowserSession({ allowedOrigins: [url.origin, ...extraOrigins], viewport: options.viewport });
  try {
    const response = await session.page.goto(url.href, { waitUntil: "load", timeout: 30_000 });
    if (response !== null && response.status() >= 400)
      cli.log(`warning: ${url.href} answered HTTP ${response.status()}; masking the error page`);
  } catch (error) {
    await session.close();
    throw new InputError(`cannot load ${url.href}: ${(error as Error).message.split("\n")[0]}`);
  }
  // Late requests (fonts, images) change layout; give them a moment, but never wait forever.
  await session.page.waitForLoadState("networkidle", { timeout: 3_000 }).catch(() => undefined);
  return session;
}
