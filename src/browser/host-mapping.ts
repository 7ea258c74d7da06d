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
 * Fictional hosts served by local servers, and a sink for every other host.
 *
 * Why routing and not Chromium's `--host-resolver-rules`: the rules are fixed when the browser is
 * launched, but one Chromium serves many episodes and workspaces on ports chosen later, and a
 * browser launched without the flag (a caller's own `browser`) would send attacker-host requests
 * to the real network. Here each context maps its own hosts, and the gate stays fail-closed: a
 * request that is not to an allowed origin is never continued by Chromium's network stack — a
 * mapped host is fetched by Playwright from the local origin (`route.fetch`) and a sink request is
 * answered from memory (`route.fulfill`), so neither needs name resolution or leaves the machine.
 */
export interface HostMapping {
  /** Host name (no port) → the local origin that serves it, e.g. forum.brightpath.example → http://127.0.0.1:41234. */
  hosts: Readonly<Record<string, string>>;
  /** Called once per request to any other http(s) host; the page gets a plain page back. */
  sink: (request: SunkRequest) => void;
}

/**
 * Tells the local server which host the page asked for, on every request of a mapped context
 * (mapped hosts and allowed origins alike), so it can send a page to its app's host; a request
 * without it comes from an unmapped browser and is served as before.
 */
export const MAPPED_HOST_HEADER = "x-safecua-host";

const SINK_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Received</title></head><body><main><h1>Received</h1><p>Your request was received.</p></main></body></html>`;

/** Fulfils a request to a mapped host from its local origin, keeping the page's URL; redirects are passed to the page. */
export async function serveMappedHost(route: Route, localOrigin: string): Promise<void> {
  const request = route.request();
  const url = new URL(request.url());
  // The fetch names the local origin; the host the page asked for travels in our own header.
  const headers: Record<string, string> = { ...request.headers(), [MAPPED_HOST_HEADER]: url.host };
  delete headers.host;
  const response = await route.fetch({ url: `${localOrigin}${url.pathname}${url.search}`, headers, maxRedirects: 0 });
  await route.fulfill({ response });
}

/** Continues a request to an allowed origin, naming its host for the server (see MAPPED_HOST_HEADER). */
export async function continueMapped(route: Route): Promise<void> {
  const request = route.request();
  await route.continue({ headers: { ...request.headers(), [MAPPED_HOST_HEADER]: new URL(request.url()).host } });
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

/** The local origin serving this URL's host, if the mapping has one (any scheme, any port). */
export function mappedOrigin(url: string, mapping: HostMapping): string | undefined {
  let hostname: string;
  try {
    hostname = new URL(url).hostname;
  } catch {
    return undefined;
  }
  return Object.hasOwn(mapping.hosts, hostname) ? mapping.hosts[hostname] : undefined;
}

/** http, https, ws and wss: what a sink can receive; other schemes stay refused. */
export function isSinkable(url: string): boolean {
  try {
    return ["http:", "https:", "ws:", "wss:"].includes(new URL(url).protocol);
  } catch {
    return false;
  }
}
