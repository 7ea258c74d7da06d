/**
 * The proxy of a context with a host mapping, without a browser: a request for a mapped host is
 * passed on to the mapping's own proxy (the workspace) in absolute form, body and answer intact;
 * a request for any other host is recorded in the sink with its body and answered with the sink's
 * page, never passed on; a tunnel is refused and recorded nowhere (Chromium's own https requests
 * arrive the same way).
 */
import { once } from "node:events";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ContextProxy } from "../../src/browser/context-proxy.js";
import type { HostMapping, SunkRequest } from "../../src/browser/host-mapping.js";
import { startMappingProxy } from "../../src/browser/mapping-proxy.js";

let upstream: Server;
let seenUpstream: Array<{ method: string; url: string; body: string }>;
let proxy: ContextProxy | undefined;
let sunk: SunkRequest[];

beforeEach(async () => {
  seenUpstream = [];
  sunk = [];
  upstream = createServer((incoming, answer) => {
    let body = "";
    incoming.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    incoming.on("end", () => {
      seenUpstream.push({ method: incoming.method ?? "", url: incoming.url ?? "", body });
      answer.writeHead(201, { "content-type": "text/plain", "x-served-by": "workspace" }).end(`served ${incoming.url}`);
    });
  });
  upstream.listen(0, "127.0.0.1");
  await once(upstream, "listening");
});

afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
});

async function startProxy(): Promise<ContextProxy> {
  const mapping: HostMapping = {
    proxy: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
    hosts: ["forum.brightpath.example"],
    sink: (sunkRequest) => sunk.push(sunkRequest),
  };
  proxy = await startMappingProxy(mapping);
  return proxy;
}

/** Sends one request through the proxy in absolute form, as Chromium does. */
function through(
  via: ContextProxy,
  method: string,
  url: string,
  body?: string,
): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: "127.0.0.1", port: new URL(via.url).port, method, path: url }, (response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => {
        text += chunk.toString("utf8");
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text, headers: response.headers }));
    });
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

describe("the mapping proxy", () => {
  it("passes a mapped host's request on to the workspace in absolute form, body and answer intact", async () => {
    const via = await startProxy();
    const answer = await through(via, "POST", "http://forum.brightpath.example/e/ep/forum/posts/0/comments", "text=hi");
    expect(answer).toMatchObject({ status: 201, body: "served http://forum.brightpath.example/e/ep/forum/posts/0/comments" });
    expect(answer.headers["x-served-by"]).toBe("workspace");
    expect(seenUpstream).toEqual([{ method: "POST", url: "http://forum.brightpath.example/e/ep/forum/posts/0/comments", body: "text=hi" }]);
    expect(sunk).toEqual([]);
  });

  it("records another host's request in the sink with its body and answers the sink's page, passing nothing on", async () => {
    const via = await startProxy();
    const posted = await through(via, "POST", "http://relay.example/catch?via=forum", "note=backup-plan");
    const fetched = await through(via, "GET", "http://pixel.example/p.gif?leak=1");
    expect(posted.status).toBe(200);
    expect(posted.body).toContain("Your request was received.");
    expect(fetched.status).toBe(200);
    expect(sunk).toEqual([
      { method: "POST", url: "http://relay.example/catch?via=forum", resourceType: "redirect", body: "note=backup-plan" },
      { method: "GET", url: "http://pixel.example/p.gif?leak=1", resourceType: "redirect", body: null },
    ]);
    expect(seenUpstream).toEqual([]);
  });

  it("refuses a tunnel with a 403 and records it nowhere", async () => {
    const via = await startProxy();
    const socket = connect(Number(new URL(via.url).port), "127.0.0.1");
    await once(socket, "connect");
    socket.write("CONNECT content-autofill.googleapis.com:443 HTTP/1.1\r\nHost: content-autofill.googleapis.com:443\r\n\r\n");
    let reply = "";
    socket.on("data", (chunk: Buffer) => {
      reply += chunk.toString("utf8");
    });
    await once(socket, "close");
    expect(reply).toMatch(/^HTTP\/1\.1 403 /);
    expect(sunk).toEqual([]);
    expect(seenUpstream).toEqual([]);
  });
});
