import { ModelSpecError } from "./model-spec.js";

/**
 * Checks a base URL and returns it without a trailing slash. URLs with credentials, a query or a
 * fragment are refused: the SDKs append paths to the base URL (so a query would end up in the
 * wrong place), and refusing credentials means no secret can ride along in a URL that is shown in
 * manifests or error messages. The error never echoes the URL itself for the same reason.
 */
export function normalizeBaseUrl(raw: string, where: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ModelSpecError(`${where}: the base URL is not a valid URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new ModelSpecError(`${where}: the base URL must be http or https`);
  if (url.username !== "" || url.password !== "") {
    throw new ModelSpecError(`${where}: the base URL must not contain credentials; put the key in an environment variable (api_key_env)`);
  }
  if (url.search !== "" || url.hash !== "") throw new ModelSpecError(`${where}: the base URL must not contain a query string or fragment`);
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}

/** `host[:port]/path`: the part of the base URL that identifies an endpoint in cache keys. */
export function baseUrlIdentity(baseUrl: string): string {
  const url = new URL(baseUrl);
  return `${url.host}${url.pathname.replace(/\/+$/, "")}`;
}
