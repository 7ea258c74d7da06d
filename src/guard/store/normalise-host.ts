/**
 * The rule-storage scope of a URL (docs/design/guard.md, "Storage"): lower-case host, IDNA to ASCII
 * (punycode), a leading `www.` and a trailing dot removed, the port kept only when it is not the
 * scheme's default. Other subdomains are never stripped: `gitlab.example` and
 * `pages.gitlab.example` are different operators. Accepts a URL or a bare host; returns null when
 * it cannot be parsed. Non-network URLs keep their scheme as the scope (`file:`, `about:blank`).
 */
export function normaliseHost(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed === "") return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(trimmed) && !/^[^/:]+:\d+($|\/)/.test(trimmed) ? trimmed : `http://${trimmed}`);
  } catch {
    return null;
  }
  if (url.protocol === "file:") return "file:";
  if (url.hostname === "") return `${url.protocol}${url.pathname}`;
  let host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (host.startsWith("www.")) host = host.slice(4);
  if (host === "") return null;
  return url.port === "" ? host : `${host}:${url.port}`;
}
