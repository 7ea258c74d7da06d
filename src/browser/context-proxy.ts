import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/** A local listener Chromium uses as one context's proxy; see `startContextProxy`. */
export interface ContextProxy {
  /** `http://127.0.0.1:<port>`: the context's proxy server. */
  readonly url: string;
  close(): Promise<void>;
}

export interface ContextProxyHandlers {
  /** A plain-http request, its URL in absolute form (`http://host/path?query`). */
  request(request: IncomingMessage, response: ServerResponse): void;
  /**
   * A tunnel (`CONNECT host:443`, for https and wss) or a WebSocket upgrade, named by the URL it
   * asked for (a tunnel names only its origin). It is answered 403 after this is called: this
   * listener cannot speak TLS for another host.
   */
  tunnel(url: string): void;
}

/**
 * What Chromium sends one context's proxy reaches this listener instead of the network: the
 * redirect hops Playwright's route handler never sees (episode-context.ts). It never connects
 * anywhere itself; `handlers.request` decides what a plain-http request gets.
 *
 * A tunnel is refused with an answer, never a dropped connection: Chromium resends a request whose
 * connection closes unanswered when it had opened that connection ahead of time, which would
 * report one hop twice.
 */
export async function startContextProxy(handlers: ContextProxyHandlers): Promise<ContextProxy> {
  const sockets = new Set<Socket>();
  const server = createServer((request, response) => handlers.request(request, response));
  const refuseTunnel = (url: string, socket: Socket) => {
    handlers.tunnel(url);
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
