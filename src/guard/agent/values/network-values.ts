import type { ParsedValue } from "./parsed-value.js";

/**
 * Names on the network (Table 10): hostname, email address, URL. All three are ASCII only: a
 * non-ASCII host is an internationalised domain, the classic lookalike ("pаypal.com" with a
 * Cyrillic а), and is refused rather than converted. Comparison is strict string equality of the
 * normalised form, so "businesanalytics.com" is not "businessanalytics.com" and "deals-unsub.net"
 * is nobody's real domain.
 */

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
// The top-level label must look like a delegated TLD: letters, or an IDNA A-label. This stands in
// for "public suffix known" (Table 10): the package carries no public-suffix list, and this at
// least refuses IP addresses and bare numbers.
const TOP_LABEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

type HostCheck = { ok: true; host: string } | { ok: false; reason: string };

/**
 * A hostname's comparable form (docs/design/guarded-agent.md, "Normalisation for equality"): lower
 * case, one trailing dot removed, punycode (`xn--…`) kept as it is — an A-label is ASCII and cannot
 * be mistaken for the name it encodes. Letters, digits and hyphens in labels of 1–63 characters, at
 * least two labels, 253 at most.
 */
function checkHost(text: string): HostCheck {
  if (!/^[\x21-\x7e]+$/.test(text)) return { ok: false, reason: "a hostname is ASCII letters, digits, hyphens and dots" };
  const host = text.toLowerCase().replace(/\.$/, "");
  const labels = host.split(".");
  if (host.length > 253 || labels.length < 2 || !labels.every((label) => LABEL.test(label))) {
    return { ok: false, reason: "not a hostname (letters, digits and hyphens in dot-separated labels)" };
  }
  if (!TOP_LABEL.test(labels[labels.length - 1]!)) return { ok: false, reason: "the hostname does not end in a top-level domain" };
  return { ok: true, host };
}

export function parseHostname(text: string): ParsedValue {
  const checked = checkHost(text);
  return checked.ok ? { ok: true, value: checked.host, key: checked.host } : checked;
}

// RFC 5322 dot-atom local part; no quoted strings, no comments, no display name.
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;

/**
 * An email address (Table 10): an RFC 5322 dot-atom local part, `@`, a hostname; ASCII only. The
 * domain is lower-cased and the local part kept as written
 * (docs/design/guarded-agent.md, "Normalisation for equality": only the domain is case-insensitive
 * everywhere). A domain with an A-label (`xn--`) is an IDN address and is refused (Table 10: "IDN
 * rejected"); a trailing dot is refused, since no mail client shows one.
 */
export function parseEmailAddress(text: string): ParsedValue {
  const at = text.lastIndexOf("@");
  const local = text.slice(0, at);
  const domain = text.slice(at + 1);
  if (at <= 0 || !LOCAL_PART.test(local) || local.length > 64) {
    return { ok: false, reason: "not an email address (ASCII local part, @, domain)" };
  }
  if (domain.endsWith(".")) return { ok: false, reason: "not an email address (ASCII local part, @, domain)" };
  const checked = checkHost(domain);
  if (!checked.ok) return checked;
  if (checked.host.split(".").some((label) => label.startsWith("xn--"))) {
    return { ok: false, reason: "internationalised (IDN) email domains are refused" };
  }
  const address = `${local}@${checked.host}`;
  if (address.length > 254) return { ok: false, reason: "an email address is at most 254 characters" };
  return { ok: true, value: address, key: address };
}

const MAX_URL_LENGTH = 2048;

/**
 * A URL (Table 10): absolute `https`, ASCII host passing the hostname rules (so no IP literal),
 * no user information. The whole text must be printable ASCII: a non-ASCII path is as much a
 * lookalike as a non-ASCII host (github.com/tpope/vim-commentаry), and the URL parser would
 * otherwise silently percent-encode or punycode it. Reserialised by the WHATWG parser (lower-case
 * scheme and host, default port dropped, "/" for an empty path, dot segments resolved), the
 * host's trailing dot removed; path, query and fragment are otherwise kept exactly.
 */
export function parseUrl(text: string): ParsedValue {
  if (text.length > MAX_URL_LENGTH) return { ok: false, reason: "a URL is at most 2048 characters" };
  // Tabs and newlines inside a URL are silently removed by the parser: refuse them first.
  if (!/^[\x21-\x7e]+$/.test(text)) return { ok: false, reason: "a URL is printable ASCII with no spaces" };
  if (!/^https:\/\//i.test(text)) return { ok: false, reason: "only absolute https URLs are accepted" };
  const authority = text.slice("https://".length).split(/[/?#\\]/)[0]!;
  if (authority.includes("@")) return { ok: false, reason: "a URL must not carry user information" };
  // The parser would decode "ex%61mple.com" to "example.com": a host written with escapes is a
  // disguise, never how a real link is shown, so it is refused rather than decoded.
  if (authority.includes("%")) return { ok: false, reason: "a URL's host must not be percent-encoded" };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, reason: "not a URL" };
  }
  if (url.protocol !== "https:" || url.username !== "" || url.password !== "") {
    return { ok: false, reason: "only absolute https URLs without user information are accepted" };
  }
  const checked = checkHost(url.hostname);
  if (!checked.ok) return checked;
  url.hostname = checked.host;
  return { ok: true, value: url.href, key: url.href };
}
