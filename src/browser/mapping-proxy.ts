import { request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import { type ContextProxy, startContextProxy } from "./context-proxy.js";
import { type HostMapping, isMappedHost, SINK_PAGE } from "./host-mapping.js";

/** Resource type the sink records for a request that reached the proxy without the route handler. */
const HOP = "redirect";

/** Reads a request's body as text, null when it has none (as the route handler's sink records it). */
async function bodyOf(request: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return chunks.length === 0 ? null : Buffer.concat(chunks).toString("utf8");
}

/** Headers that describe one connection, not the message: each side of the relay sets its own. */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "te", "trailer"]);

function endToEnd(headers: IncomingMessage["headers"]): IncomingMessage["headers"] {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase())));
}

/**
 * Passes a request for a mapped host on to the mapping's own proxy (the workspace) and its answer
 * back. A new loopback connection per request (`agent: false`): a kept-alive one can be closed by
 * the server just as it is reused, and the request would fail with a reset instead of a page.
 */
function forward(request: IncomingMessage, response: ServerResponse, upstream: URL): void {
  const outgoing = httpRequest(
    {
      host: upstream.hostname,
      port: upstream.port,
      method: request.method,
      path: request.url,
      headers: endToEnd(request.headers),
      agent: false,
    },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
      answer.pipe(response);
    },
  );
  outgoing.on("error", () => {
    if (!response.headersSent) response.writeHead(502, { "content-type": "text/plain" });
    response.end();
  });
  request.pipe(outgoing);
}

/**
 * The proxy of a context with a host mapping. Chromium sends it every request but those to the
 * allowed origins; the route handler has already answered every request it saw, so what arrives
 * here is what it never sees: the hops of a redirect chain. A hop to a mapped host is passed on to
 * the workspace, which serves it; a hop to any other host is the sink's, recorded for this
 * context's episode and answered with the sink's page, never sent on. (Before, such hops went to
 * the workspace's shared listener, which could name their episode only from the Referer, and
 * Chromium cuts a cross-site Referer to the origin, so they were answered but recorded nowhere.)
 * A tunnel (an https hop) is refused and not recorded: it names only an origin, its content cannot
 * be read without forging a certificate, and Chromium's own service requests arrive the same way
 * (Autofill asks content-autofill.googleapis.com about a page's form fields through the context's
 * proxy): recorded, they would put requests no page made into the episode's sink.
 */
export function startMappingProxy(mapping: HostMapping): Promise<ContextProxy> {
  const upstream = new URL(mapping.proxy);
  const sink = async (request: IncomingMessage, response: ServerResponse) => {
    const body = await bodyOf(request).catch(() => null);
    mapping.sink({ method: request.method ?? "GET", url: request.url ?? "", resourceType: HOP, body });
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(SINK_PAGE);
  };
  return startContextProxy({
    request: (request, response) => {
      if (isMappedHost(request.url ?? "", mapping)) forward(request, response, upstream);
      else void sink(request, response);
    },
    // Refused without a record: see above.
    tunnel: () => undefined,
  });
}
