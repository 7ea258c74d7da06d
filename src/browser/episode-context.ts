import type { Browser, BrowserContext } from "playwright-core";
import { proxyBypassOf } from "./context-proxy.js";
import { startGateProxy } from "./gate-proxy.js";
import {
  continueMapped,
  type HostMapping,
  isMappedHost,
  isSinkable,
  type SunkRequest,
  serveSink,
  sinkWebSocket,
  toPlainHttp,
} from "./host-mapping.js";
import { startMappingProxy } from "./mapping-proxy.js";
import { isRequestAllowed, normalizeOrigin } from "./request-gate.js";
import { DEFAULT_VIEWPORT, type Viewport } from "./viewport.js";

export interface EpisodeContextOptions {
  /** Origins the pages may fetch from; every other request (and WebSocket) is refused. */
  allowedOrigins: readonly string[];
  viewport?: Viewport;
  locale?: string;
  timezoneId?: string;
  /**
   * Fictional hosts served locally and a sink for every other http(s) host: with it, a request
   * outside the allowed origins is recorded and answered instead of refused (host-mapping.ts).
   */
  hostMapping?: HostMapping;
}

export interface EpisodeContext {
  readonly context: BrowserContext;
  readonly viewport: Viewport;
  /** The allowed origins, normalised (`http://127.0.0.1:PORT`). */
  readonly allowedOrigins: ReadonlySet<string>;
  /** URLs the gate refused, in order. */
  readonly blockedRequests: readonly string[];
  /** Whether requests outside the allowed origins go to mapped hosts and the sink (so `goto` may open any http(s) URL). */
  readonly mapsHosts: boolean;
  /** Ends the episode's use of the context: closed, or (from a `ContextPool`) reset and kept for the next episode. */
  close(): Promise<void>;
}

/** What one episode brings to a context that may serve several: where its sink goes, what its gate refused. */
interface ContextLease {
  sink: ((request: SunkRequest) => void) | undefined;
  blocked: string[];
}

/**
 * A context pinned for episodes whose options share `keyOf` (the settings Chromium fixes when a
 * context is made: viewport, locale, timezone, the proxy's bypass of the allowed origins, the
 * mapping's proxy and hosts). What differs between such episodes (the sink's episode, the refused
 * URLs) is the current lease's, read through `lease` on every request.
 */
export interface PinnedContext {
  readonly context: BrowserContext;
  readonly viewport: Viewport;
  readonly allowedOrigins: ReadonlySet<string>;
  readonly mapsHosts: boolean;
  readonly key: string;
  /** Every origin a request of the context went to (or was refused at): whose storage a reset clears. */
  readonly origins: Set<string>;
  lease: ContextLease;
  dispose(): Promise<void>;
}

/** The settings a context is made with, as one string: contexts with equal keys can serve each other's episodes. */
export function contextKeyOf(options: EpisodeContextOptions): string {
  const mapping = options.hostMapping;
  return JSON.stringify({
    allowed: [...new Set(options.allowedOrigins.map(normalizeOrigin))].sort(),
    viewport: options.viewport ?? DEFAULT_VIEWPORT,
    locale: options.locale ?? "en-US",
    timezoneId: options.timezoneId ?? "UTC",
    mapping: mapping ? { proxy: mapping.proxy, hosts: [...mapping.hosts].sort() } : null,
  });
}

function originOf(url: string): string | undefined {
  try {
    const origin = new URL(url).origin;
    return origin === "null" ? undefined : origin;
  } catch {
    return undefined;
  }
}

/**
 * A fresh context in an already running browser, pinned the same way `openBrowserSession` pins
 * its own (viewport, DPR 1, locale, timezone, reduced motion, light scheme, no service workers,
 * the request gate), so that parallel episodes share one Chromium and still see nothing of each
 * other: contexts share no cookies, storage or cache.
 */
export async function openPinnedContext(browser: Browser, options: EpisodeContextOptions): Promise<PinnedContext> {
  const allowed = new Set(options.allowedOrigins.map(normalizeOrigin));
  const viewport = options.viewport ?? DEFAULT_VIEWPORT;
  const given = options.hostMapping;
  const origins = new Set<string>();
  const pinned = {
    lease: { sink: given?.sink, blocked: [] } as ContextLease,
  };
  // The mapping's proxy and hosts are the context's; its sink is the current episode's.
  const mapping: HostMapping | undefined = given && {
    proxy: given.proxy,
    hosts: given.hosts,
    sink: (request) => pinned.lease.sink?.(request),
  };
  const refuse = (url: string) => {
    const origin = originOf(url);
    if (origin) origins.add(origin);
    pinned.lease.blocked.push(url);
  };
  // What leaves the allowed origins past the route handler (a redirect hop) reaches the context's
  // own proxy: without a mapping it refuses the hop; with one it passes a mapped host's hop to the
  // workspace and records any other in this episode's sink (mapping-proxy.ts).
  const contextProxy = mapping ? await startMappingProxy(mapping) : await startGateProxy(refuse);
  let context: BrowserContext;
  try {
    context = await browser.newContext({
      viewport,
      screen: viewport,
      deviceScaleFactor: 1,
      locale: options.locale ?? "en-US",
      timezoneId: options.timezoneId ?? "UTC",
      reducedMotion: "reduce",
      colorScheme: "light",
      serviceWorkers: "block",
      // Playwright proxies loopback too (it drops Chromium's implicit bypass), so the allowed origins
      // are bypassed by name (scheme, host and port): they alone are reached directly.
      proxy: { server: contextProxy.url, bypass: proxyBypassOf(allowed) },
    });
  } catch (error) {
    await contextProxy.close();
    throw error;
  }
  // A context closed by its page's owner, or with its browser, takes its proxy along.
  context.on("close", () => void contextProxy.close());
  const dispose = async () => {
    // A crashed browser has already taken its contexts with it.
    await context.close().catch(() => undefined);
    await contextProxy.close();
  };
  try {
    await context.route("**/*", async (route) => {
      const url = route.request().url();
      const origin = originOf(url);
      if (origin) origins.add(origin);
      if (isRequestAllowed(url, allowed)) return mapping && /^https?:/.test(url) ? continueMapped(route) : route.continue();
      // Fail closed: with a mapping, what is neither allowed nor mapped is never continued; a mapped
      // host is continued only to the context's proxy, the local workspace.
      if (mapping && isMappedHost(url, mapping)) return url.startsWith("https:") ? toPlainHttp(route) : route.continue();
      if (mapping && isSinkable(url)) return serveSink(route, mapping);
      pinned.lease.blocked.push(url);
      return route.abort("blockedbyclient");
    });
    await context.routeWebSocket(/.*/, (socket) => {
      const origin = originOf(socket.url().replace(/^ws/, "http"));
      if (origin) origins.add(origin);
      if (isRequestAllowed(socket.url().replace(/^ws/, "http"), allowed)) {
        socket.connectToServer();
        return;
      }
      if (mapping && isSinkable(socket.url())) {
        sinkWebSocket(socket, mapping);
        return;
      }
      pinned.lease.blocked.push(socket.url());
      void socket.close({ code: 1008, reason: "blocked by safecua" });
    });
  } catch (error) {
    await dispose();
    throw error;
  }
  return Object.assign(pinned, {
    context,
    viewport,
    allowedOrigins: allowed,
    mapsHosts: mapping !== undefined,
    key: contextKeyOf(options),
    origins,
    dispose,
  });
}

/** An episode's view of a pinned context, ended by `release` (close, or reset and keep). */
export function episodeOf(pinned: PinnedContext, release: () => Promise<void>): EpisodeContext {
  const { blocked } = pinned.lease;
  return {
    context: pinned.context,
    viewport: pinned.viewport,
    allowedOrigins: pinned.allowedOrigins,
    blockedRequests: blocked,
    mapsHosts: pinned.mapsHosts,
    close: release,
  };
}

/** A fresh context for one episode, closed with it (`ContextPool` keeps contexts warm instead). */
export async function openEpisodeContext(browser: Browser, options: EpisodeContextOptions): Promise<EpisodeContext> {
  const pinned = await openPinnedContext(browser, options);
  return episodeOf(pinned, () => pinned.dispose());
}
