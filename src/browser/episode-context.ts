import type { Browser, BrowserContext } from "playwright-core";
import { proxyBypassOf } from "./context-proxy.js";
import { startGateProxy } from "./gate-proxy.js";
import { continueMapped, type HostMapping, isMappedHost, isSinkable, serveSink, sinkWebSocket, toPlainHttp } from "./host-mapping.js";
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
  close(): Promise<void>;
}

/**
 * A fresh context in an already running browser, pinned the same way `openBrowserSession` pins
 * its own (viewport, DPR 1, locale, timezone, reduced motion, light scheme, no service workers,
 * the request gate), so that parallel episodes share one Chromium and still see nothing of each
 * other: contexts share no cookies, storage or cache.
 */
export async function openEpisodeContext(browser: Browser, options: EpisodeContextOptions): Promise<EpisodeContext> {
  const allowed = new Set(options.allowedOrigins.map(normalizeOrigin));
  const viewport = options.viewport ?? DEFAULT_VIEWPORT;
  const mapping = options.hostMapping;
  const blockedRequests: string[] = [];
  // What leaves the allowed origins past the route handler (a redirect hop) reaches the context's
  // own proxy: without a mapping it refuses the hop; with one it passes a mapped host's hop to the
  // workspace and records any other in this episode's sink (mapping-proxy.ts).
  const contextProxy = mapping ? await startMappingProxy(mapping) : await startGateProxy((url) => blockedRequests.push(url));
  const proxy = contextProxy.url;
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
      proxy: { server: proxy, bypass: proxyBypassOf(allowed) },
    });
  } catch (error) {
    await contextProxy.close();
    throw error;
  }
  // A context closed by its page's owner, or with its browser, takes its proxy along.
  context.on("close", () => void contextProxy.close());
  const close = async () => {
    // A crashed browser has already taken its contexts with it.
    await context.close().catch(() => undefined);
    await contextProxy.close();
  };
  try {
    await context.route("**/*", async (route) => {
      const url = route.request().url();
      if (isRequestAllowed(url, allowed)) return mapping && /^https?:/.test(url) ? continueMapped(route) : route.continue();
      // Fail closed: with a mapping, what is neither allowed nor mapped is never continued; a mapped
      // host is continued only to the context's proxy, the local workspace.
      if (mapping && isMappedHost(url, mapping)) return url.startsWith("https:") ? toPlainHttp(route) : route.continue();
      if (mapping && isSinkable(url)) return serveSink(route, mapping);
      blockedRequests.push(url);
      return route.abort("blockedbyclient");
    });
    await context.routeWebSocket(/.*/, (socket) => {
      if (isRequestAllowed(socket.url().replace(/^ws/, "http"), allowed)) {
        socket.connectToServer();
        return;
      }
      if (mapping && isSinkable(socket.url())) {
        sinkWebSocket(socket, mapping);
        return;
      }
      blockedRequests.push(socket.url());
      void socket.close({ code: 1008, reason: "blocked by safecua" });
    });
  } catch (error) {
    await close();
    throw error;
  }
  return {
    context,
    viewport,
    allowedOrigins: allowed,
    blockedRequests,
    mapsHosts: mapping !== undefined,
    close,
  };
}
