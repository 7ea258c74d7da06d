/**
 * Decides whether a page may fetch a URL. Everything outside the allowed origins is refused, so a
 * page under test cannot reach the network and a captured screen depends only on local servers.
 * `data:` and `blob:` carry no network traffic and are what pages use for inline images.
 */
export function isRequestAllowed(url: string, allowedOrigins: ReadonlySet<string>): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol === "data:" || parsed.protocol === "blob:") return true;
  if (parsed.href === "about:blank" || parsed.href === "about:srcdoc") return true;
  return allowedOrigins.has(parsed.origin);
}

/** `http://127.0.0.1:8080/x` → `http://127.0.0.1:8080`; refuses anything that is not an http(s) origin. */
export function normalizeOrigin(originOrUrl: string): string {
  const parsed = new URL(originOrUrl);
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new Error(`allowed origin must be http(s): ${originOrUrl}`);
  }
  return parsed.origin;
}
