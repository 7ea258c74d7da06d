/**
 * What `launchBrowser({ sites })` changes: a browser for the workspace keeps one renderer per
 * context however many sites its tab goes through (WORKSPACE_CHROMIUM_FLAGS), a browser for the
 * web starts one per site it reaches; and neither's features undo Playwright's. Renderers are
 * read from /proc as this browser's descendants, after every navigation, so ones that exit between
 * two navigations are counted too. Each case launches its own Chromium: the shared ones serve
 * other files at the same time.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../../src/browser/index.js";

/** Each process's parent and whether it is a Chromium renderer, from /proc. */
function processes(): Array<{ pid: number; ppid: number; renderer: boolean }> {
  const found = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const renderer = readFileSync(`/proc/${name}/cmdline`, "utf8").includes("--type=renderer");
      found.push({ pid: Number(name), ppid, renderer });
    } catch {
      // exited between the listing and the read
    }
  }
  return found;
}

/** The Chromiums this worker launched since `before` (the pids it already had). */
function launchedSince(before: ReadonlySet<number>, all = processes()): number[] {
  return all.filter((entry) => entry.ppid === process.pid && !before.has(entry.pid)).map((entry) => entry.pid);
}

/** The renderers under the Chromiums this worker launched since `before`. */
function renderersSince(before: ReadonlySet<number>): number[] {
  const all = processes();
  const roots = launchedSince(before, all);
  const under = new Set(roots);
  for (let grew = true; grew; ) {
    grew = false;
    for (const entry of all)
      if (under.has(entry.ppid) && !under.has(entry.pid)) {
        under.add(entry.pid);
        grew = true;
      }
  }
  return all.filter((entry) => entry.renderer && under.has(entry.pid)).map((entry) => entry.pid);
}

let server: Server;
let sites: string[];
beforeAll(async () => {
  server = createServer((_request, response) => response.writeHead(200, { "content-type": "text/html" }).end("<p>a page</p>"));
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  const { port } = server.address() as AddressInfo;
  // Two sites of one server: an IP address and a host name are never the same site.
  sites = [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
});
afterAll(() => new Promise<void>((closed) => server.close(() => closed())));

/**
 * Launches a browser of the kind, opens a tab on one site, then changes site five times, and
 * returns the renderers that started after that first page (the browser's own and the first
 * page's are not what the flags change).
 */
async function renderersStartedBy(kind: "web" | "workspace"): Promise<number> {
  const before = new Set(processes().map((entry) => entry.pid));
  const browser: Browser = await launchBrowser({ sites: kind });
  try {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${sites[0]}/0`);
    const first = new Set(renderersSince(before));
    const started = new Set<number>();
    for (let hop = 1; hop <= 5; hop++) {
      await page.goto(`${sites[hop % 2]}/${hop}`);
      for (const pid of renderersSince(before)) if (!first.has(pid)) started.add(pid);
    }
    return started.size;
  } finally {
    await browser.close();
  }
}

describe("launchBrowser: renderers by the sites a browser is for", () => {
  it("for the workspace, a tab that changes site five times keeps its renderer", async () => {
    expect(await renderersStartedBy("workspace")).toBe(0);
  });

  it("for the web, each change of site starts a renderer", async () => {
    expect(await renderersStartedBy("web")).toBeGreaterThanOrEqual(5);
  });
});

/**
 * The feature lists on the command line of a browser of the kind, in order, as Chromium's process
 * was given them: Playwright's own first, then any of ours.
 */
async function disabledFeatureLists(kind: "web" | "workspace"): Promise<string[][]> {
  const before = new Set(processes().map((entry) => entry.pid));
  const browser: Browser = await launchBrowser({ sites: kind });
  try {
    const [root] = launchedSince(before);
    if (root === undefined) throw new Error("no Chromium process under this worker");
    return readFileSync(`/proc/${root}/cmdline`, "utf8")
      .split("\0")
      .filter((argument) => argument.startsWith("--disable-features="))
      .map((argument) => argument.slice("--disable-features=".length).split(","));
  } finally {
    await browser.close();
  }
}

// Chromium keeps only the last --disable-features: a list of ours that left out one of
// Playwright's would turn that feature back on without a word.
describe("launchBrowser: the features Chromium runs with", () => {
  it.each(["web", "workspace"] as const)("for the %s, the list Chromium keeps holds every feature any list turns off", async (kind) => {
    const lists = await disabledFeatureLists(kind);
    expect(lists.length).toBeGreaterThan(0);
    const kept = new Set(lists.at(-1));
    expect(lists.flat().filter((feature) => !kept.has(feature))).toEqual([]);
  });

  it("for the workspace, a navigation keeps its document host (RenderDocument off); for the web, it does not", async () => {
    expect((await disabledFeatureLists("workspace")).at(-1)).toContain("RenderDocument");
    expect((await disabledFeatureLists("web")).at(-1)).not.toContain("RenderDocument");
  });
});
