import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo, Socket } from "node:net";

const REFUSED_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Refused</title></head><body><main><h1>Refused</h1><p>This address is outside the workspace; the request was not sent.</p></main></body></html>`;

/** A local listener that refuses whatever Chromium sends it; see `startGateProxy`. */
export interface GateProxy {
  /** `http://127.0.0.1:<port>`: the context's proxy server. */
  readonly url: string;
  close(): Promise<void>;
}

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
export async function startGateProxy(onRefused: (url: string) => void): Promise<GateProxy> {
  const sockets = new Set<Socket>();
  const server = createServer((request, response) => {
    // A plain-http request through a proxy names its absolute URL.
    onRefused(request.url ?? "");
    response.writeHead(403, { "content-type": "text/html; charset=utf-8", connection: "close" }).end(REFUSED_PAGE);
  });
  const refuseTunnel = (url: string, socket: Socket) => {
    onRefused(url);
    socket.end("HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
  };
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  server.on("connect", (request, socket: Socket) => refuseTunnel(tunnelOrigin(request.url ?? ""), socket));
  server.on("upgrade", (request, socket: Socket) => refuseTunnel(request.url ?? "", socket));
  server.on("clientError", (_error, socket: Socket) => socket.destroy());
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  // An episode whose context is dropped without `close()` must not keep the process alive.
  server.unref();
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The context proxy's bypass list: each allowed origin by scheme, host and port. A rule without a
 * port would match every port of the host, so a redirect from `https://host` to `http://host:9000`
 * would go direct; the port is written out even where it is the scheme's default.
 */
export function proxyBypassOf(allowedOrigins: Iterable<string>): string {
  return [...allowedOrigins]
    .map((origin) => {
      const url = new URL(origin);
      return `${url.protocol}//${url.hostname}:${url.port || (url.protocol === "https:" ? "443" : "80")}`;
    })
    .join(",");
}

/** `attacker.example:443` → `https://attacker.example`: a tunnel names only where it goes. */
function tunnelOrigin(authority: string): string {
  try {
    return new URL(`https://${authority}`).origin;
  } catch {
    return `https://${authority}`;
  }
}
