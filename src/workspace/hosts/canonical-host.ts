import type { MiddlewareHandler } from "hono";
import { APP_HOSTS, type AppName, appOfHost, appOfSlug } from "../../scenario/index.js";
import type { WorkspaceStore } from "../store/workspace-store.js";

/** Set by the browser layer's host mapping on requests to the workspace's own origin (src/browser/host-mapping.ts). */
const MAPPED_HOST_HEADER = "x-safecua-host";

const SINK_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Received</title></head><body><main><h1>Received</h1><p>Your request was received.</p></main></body></html>`;

function appOfPath(path: string): AppName | undefined {
  const slug = /^\/e\/[^/]+\/([^/]+)/.exec(path)?.[1];
  return slug === undefined ? undefined : appOfSlug(slug);
}

/** The episode a page of the workspace belongs to, from a Referer URL, if it names one that exists. */
function episodeOfReferer(referer: string | undefined, store: WorkspaceStore): string | undefined {
  if (referer === undefined) return undefined;
  try {
    const id = decodeURIComponent(/^\/e\/([^/]+)\//.exec(new URL(referer).pathname)?.[1] ?? "");
    return store.has(id) ? id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where each request of a mapped browser is served. The workspace's listener is also the mapped
 * context's proxy, so a request can arrive for the workspace's own origin (direct, with the
 * mapping's header) or for any other host (through the proxy, in absolute form).
 * - A host nobody serves arrives only from a client other than an episode's context (whose own
 *   proxy records such hops in its episode's sink, src/browser/mapping-proxy.ts): it is answered
 *   with the sink's plain page and recorded in the sink of the episode its Referer names, if any.
 * - A GET for an app on the wrong host is redirected to the app's host: pages link by path (so
 *   they work unchanged in a browser without the mapping, e.g. `safecua serve`), and the forum's
 *   link to the messenger leads from forum.brightpath.example to the workspace's origin, the home
 *   page's "Forum" tile the other way.
 * A request to the workspace's origin without the header is served where it arrived, as before.
 */
export function canonicalHost(store: WorkspaceStore, ownOrigin: () => string): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    const own = new URL(ownOrigin()).host;
    const onAppHost = appOfHost(url.hostname) !== undefined;
    if (isAbsoluteForm(c.env) && !onAppHost && url.host !== own) {
      const episode = episodeOfReferer(c.req.header("referer"), store);
      if (episode !== undefined) {
        const body = c.req.method === "GET" || c.req.method === "HEAD" ? null : await c.req.text();
        store.recordSink(episode, { method: c.req.method, url: url.href, resourceType: "redirect", body });
      }
      return c.html(SINK_PAGE);
    }
    // Direct requests (127.0.0.1, or `localhost` in a person's browser) say they are mapped only by the header.
    const asked = onAppHost ? url.host : c.req.header(MAPPED_HOST_HEADER);
    if (asked === undefined || c.req.method !== "GET" || !url.pathname.startsWith("/e/")) return next();
    const app = appOfPath(url.pathname);
    const wanted = (app && APP_HOSTS[app]) ?? own;
    if (asked === wanted) return next();
    return c.redirect(`http://${wanted}${url.pathname}${url.search}`, 302);
  };
}

/**
 * Whether the request came through the listener as a proxy (`GET http://host/path`), as opposed to
 * a request for a path on its own address: only a proxy client sends the absolute form.
 */
function isAbsoluteForm(env: unknown): boolean {
  if (typeof env !== "object" || env === null || !("incoming" in env)) return false;
  const incoming = env.incoming;
  if (typeof incoming !== "object" || incoming === null || !("url" in incoming)) return false;
  return typeof incoming.url === "string" && /^https?:\/\//i.test(incoming.url);
}
