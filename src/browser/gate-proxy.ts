import { type ContextProxy, startContextProxy } from "./context-proxy.js";

const REFUSED_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Refused</title></head><body><main><h1>Refused</h1><p>This address is outside the workspace; the request was not sent.</p></main></body></html>`;

/**
 * The request gate's second line, for contexts without a host mapping: a proxy that refuses every
 * request Chromium sends it and never connects anywhere.
 *
 * Playwright's route handler is shown only the first URL of a redirect chain (by design: redirects
 * are followed inside Chromium's network stack), so a page on an allowed origin that answers with a
 * 302 or a 307 to another host would have its next hop, query and form body included, sent out
 * unseen. Watching `Network.requestWillBeSent` only notices such a hop after it has left, and a
 * second `Fetch` interception of our own must attach to every tab, frame and worker before its
 * first request, which a popup's first navigation outruns. A per-context proxy is applied by
 * Chromium to every request of the context, redirect hops included: the allowed origins bypass it
 * by name, and everything else reaches this listener instead of the network (nor does Chromium
 * resolve the host's name when a proxy is set). Each refusal is reported once with the URL as
 * Chromium asked for it; an https or wss address arrives as a tunnel request that names only the
 * host and port, so its report is the origin alone (the path never leaves the browser).
 *
 * The refusal is an answer, never a dropped connection: Chromium resends a request whose connection
 * closes unanswered when it had opened that connection ahead of time, which would report one hop
 * twice. A plain-http hop gets a 403 page that says it was refused (a navigation shows it, as the
 * host mapping's sink shows its own page; an image or a script fails to load); a tunnel gets a 403,
 * which Chromium turns into a failed load.
 */
export function startGateProxy(onRefused: (url: string) => void): Promise<ContextProxy> {
  return startContextProxy({
    request: (request, response) => {
      // A plain-http request through a proxy names its absolute URL.
      onRefused(request.url ?? "");
      response.writeHead(403, { "content-type": "text/html; charset=utf-8", connection: "close" }).end(REFUSED_PAGE);
    },
    tunnel: onRefused,
  });
}
