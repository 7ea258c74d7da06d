import type { Route, WebSocketRoute } from "playwright-core";

/**
 * A request a page made to a host that is neither an allowed origin nor a mapped host: what the
 * sink is told. The body is the request's post data as text (null when it had none).
 */
export interface SunkRequest {
  method: string;
  url: string;
  /** "document", "image", "fetch", "websocket", … (Playwright's resource type). */
  resourceType: string;
  body: string | null;
}

/**
 * Fictional hosts served by a local server, and a sink for every other host.
 *
 * How, and why not another way (each was tried here with Debian's Chromium and Playwright 1.65):
 * - Chromium's `--host-resolver-rules` are fixed when the browser is launched, but one Chromium
 *   serves many episodes and workspaces on ports chosen later.
 * - Fulfilling a mapped host's requests from the route handler (`route.fetch`) breaks on every
 *   redirect: Playwright shows a route handler only the first URL of a redirect chain, so the next
 *   hop (the 303 after any form) went to DNS and failed.
 * So the context gets a **proxy** (Playwright's per-context `proxy`): a listener of its own
 * (mapping-proxy.ts) in front of the workspace's, which serves absolute-form requests for its hosts
 * and never connects anywhere. Chromium sends it every request but those to the allowed origins
 * (bypassed by name, so the workspace's origin stays direct), redirect hops included. The route
 * handler still runs first for every request the page makes: an allowed origin continues, a
 * mapped host continues (through the proxy to the workspace), and anything
 * else — any host, http or https — is handed to the sink and answered from memory, never
 * continued. What the route handler never sees, the hops of a redirect chain, reaches the
 * context's own proxy (mapping-proxy.ts): a mapped host's hop is passed on to `proxy`, any other
 * host's is recorded in `sink` (resource type "redirect") and answered there.
 */
export interface HostMapping {
  /** The local proxy that serves the mapped hosts (`http://127.0.0.1:<port>`); the context's own proxy passes their requests on to it. */
  proxy: string;
  /** Host names (no port) the proxy serves, e.g. forum.brightpath.example. */
  hosts: readonly string[];
  /** Called once per request to any other http(s) host; the page gets a plain page back. */
  sink: (request: SunkRequest) => void;
}

/**
 * Tells the workspace which host the page asked for on requests to an allowed origin in a mapped
 * context, so it can send a page to its app's host; a request without it comes from an unmapped
 * browser and is served where it arrived, as before.
 */
const MAPPED_HOST_HEADER = "x-safecua-host";

export const SINK_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Received</title></head><body><main><h1>Received</h1><p>Your request was received.</p></main></body></html>`;

/** Continues a request to an allowed origin, naming its host for the server (see MAPPED_HOST_HEADER). */
export async function continueMapped(route: Route): Promise<void> {
  const request = route.request();
  await route.continue({ headers: { ...request.headers(), [MAPPED_HOST_HEADER]: new URL(request.url()).host } });
}

/**
 * A mapped host asked for over https: the local proxy speaks plain http only (it would have to
 * forge a certificate to answer a CONNECT), so the page is sent to the same address over http; the
 * redirect's next hop goes through the proxy like any request for the host.
 */
export async function toPlainHttp(route: Route): Promise<void> {
  const url = new URL(route.request().url());
  url.protocol = "http:";
  await route.fulfill({ status: 307, headers: { location: url.href } });
}

/** Hands the request to the sink and answers a plain page: the attempt is recorded and the page goes on. */
export async function serveSink(route: Route, mapping: HostMapping): Promise<void> {
  const request = route.request();
  let body: string | null = null;
  try {
    body = request.postData();
  } catch {
    // Post data that is not text (a binary upload) is recorded by its size instead of being lost.
    body = `<${request.postDataBuffer()?.length ?? 0} bytes>`;
  }
  mapping.sink({ method: request.method(), url: request.url(), resourceType: request.resourceType(), body });
  await route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: SINK_PAGE });
}

/** A WebSocket to an unmapped host: recorded, then closed (there is nothing to talk to). */
export function sinkWebSocket(socket: WebSocketRoute, mapping: HostMapping): void {
  mapping.sink({ method: "GET", url: socket.url(), resourceType: "websocket", body: null });
  void socket.close({ code: 1000, reason: "received by safecua's sink" });
}

/** Whether this URL's host (any scheme, any port) is one the mapping's proxy serves. */
export function isMappedHost(url: string, mapping: HostMapping): boolean {
  try {
    return mapping.hosts.includes(new URL(url).hostname);
  } catch {
    return false;
  }
}

/** http, https, ws and wss: what a sink can receive; other schemes stay refused. */
export function isSinkable(url: string): boolean {
  try {
    return ["http:", "https:", "ws:", "wss:"].includes(new URL(url).protocol);
  } catch {
    return false;
  }
}
