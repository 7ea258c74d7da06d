import type { MiddlewareHandler } from "hono";
import { APP_NAMES, type AppName } from "../../scenario/index.js";
import { APP_ROUTES } from "../views/paths.js";
import { APP_HOSTS } from "./app-hosts.js";

/** Set by the browser layer's host mapping on every request it forwards (src/browser/host-mapping.ts). */
const MAPPED_HOST_HEADER = "x-safecua-host";

function appOfPath(path: string): AppName | undefined {
  const slug = /^\/e\/[^/]+\/([^/]+)/.exec(path)?.[1];
  return APP_NAMES.find((app) => APP_ROUTES[app].slug === slug);
}

/**
 * Keeps each app on its own host in a mapped browser: pages link by path (so they work unchanged
 * in a browser without the mapping, e.g. `safecua serve`), and a GET that arrives on the wrong host
 * is redirected to the app's host — the forum's link to the messenger leads from
 * forum.brightpath.example to the workspace's origin, the home page's "Forum" tile the other way.
 * A request without the mapping's header is served wherever it arrived, exactly as before.
 */
export function canonicalHost(): MiddlewareHandler {
  return async (c, next) => {
    const asked = c.req.header(MAPPED_HOST_HEADER);
    if (asked === undefined || c.req.method !== "GET") return next();
    const url = new URL(c.req.url);
    if (!url.pathname.startsWith("/e/")) return next();
    const app = appOfPath(url.pathname);
    // The request itself always reaches the workspace's own address; that is every other app's host.
    const wanted = (app && APP_HOSTS[app]) ?? url.host;
    if (asked === wanted) return next();
    return c.redirect(`http://${wanted}${url.pathname}${url.search}`, 302);
  };
}
