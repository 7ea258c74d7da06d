/**
 * `endorse_by_crosscheck` opens its source page beside the episode: that page, its subresources
 * and its redirects stay behind the request gate with the source's origin alone allowed. A second
 * local server, on another port of the same allowlisted host, records what reaches it.
 */
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { endorseByCrosscheck } from "../../../src/guard/agent/endorse/endorse-by-crosscheck.js";
import type { CallOf } from "../../../src/guard/agent/tools/tool-call.js";
import { sharedBrowser } from "../../support/shared-browser.js";
import { answer, answering } from "./read-tools-support.js";
import { variable } from "./support.js";

async function listen(handler: Parameters<typeof createServer>[1]): Promise<Server> {
  const server = createServer(handler);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return server;
}

const originOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

let browser: Browser;
let episode: BrowserContext;
let source: Server;
let outside: Server;
const hits: string[] = [];

beforeAll(async () => {
  browser = await sharedBrowser();
  episode = await browser.newContext();
  outside = await listen((request, response) => {
    hits.push(request.url ?? "");
    response.writeHead(200, { "content-type": "text/html" }).end("<p>The fixed version is 9.9.9</p>");
  });
  const away = originOf(outside);
  source = await listen((request, response) => {
    if (request.url === "/moved") {
      response.writeHead(302, { location: `${away}/hit?data=redirect` }).end();
      return;
    }
    response
      .writeHead(200, { "content-type": "text/html" })
      .end(`<main><p>The fixed version is 2.32.3</p><img alt="" src="${away}/hit?data=image"></main>`);
  });
}, 60_000);

afterAll(async () => {
  await episode?.close();
  await browser?.close();
  for (const server of [source, outside]) server?.close();
});

beforeEach(() => {
  hits.length = 0;
});

function crosscheck(path: string): CallOf<"endorse_by_crosscheck"> {
  return {
    tool: "endorse_by_crosscheck",
    var: "v",
    question: "Which version of requests fixes CVE-2024-35195?",
    source_url: `${originOf(source)}${path}`,
    search_query: "",
    hypothesis: "",
  };
}

describe("the crosscheck's source page behind the request gate", () => {
  it("reads the source, and its subresource on another origin is refused", async () => {
    const page = await episode.newPage();
    const client = answering(answer("2.32.3"));
    const outcome = await endorseByCrosscheck(crosscheck("/release"), variable("v", "version", "2.32.3"), {
      page,
      client,
      fetchAllowlist: new Set(["127.0.0.1"]),
    });
    expect(outcome.result).toContain("Endorsed");
    expect(client.requests).toHaveLength(1);
    expect(hits).toEqual([]);
  });

  it("a redirect off the source's origin is not followed out", async () => {
    const page = await episode.newPage();
    await endorseByCrosscheck(crosscheck("/moved"), variable("v", "version", "2.32.3"), {
      page,
      client: answering(answer("2.32.3")),
      fetchAllowlist: new Set(["127.0.0.1"]),
    });
    expect(hits).toEqual([]);
  });
});
