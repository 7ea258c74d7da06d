/**
 * Warm contexts (`ContextPool`): an episode that gets the context another episode used can read
 * nothing that episode left. The first episode writes everything a page or the harness can
 * leave in a context (cookies on two origins, local and session storage, IndexedDB, Cache
 * Storage, the HTTP cache, `window.name`, history, a second tab, a download, a granted
 * permission, a service worker attempt, a refused request, a sink record); the second one, in
 * the same Chromium context, finds none of it.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserTimeout, ContextPool, type Page, type SunkRequest } from "../../src/browser/index.js";
import { withBusyPaint } from "../support/busy-paint.js";
import { sharedBrowser } from "../support/shared-browser.js";

let server: Server;
let origin: string;
/** The same server under a second origin (another host name): storage is per origin. */
let otherOrigin: string;
let cachedHits = 0;
let browser: Browser;
const scratch = mkdtempSync(join(tmpdir(), "safecua-pool-"));

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = request.url ?? "/";
    if (path === "/cached") {
      cachedHits++;
      response.writeHead(200, { "content-type": "text/plain", "cache-control": "max-age=3600" }).end(`hit ${cachedHits}`);
    } else if (path === "/download") {
      response.writeHead(200, { "content-type": "application/octet-stream", "content-disposition": 'attachment; filename="left.bin"' });
      response.end("left behind");
    } else response.writeHead(200, { "content-type": "text/html" }).end(`<!doctype html><title>${path}</title><a href="/download">get</a>`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  otherOrigin = `http://localhost:${port}`;
  browser = await sharedBrowser("workspace");
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
  rmSync(scratch, { recursive: true, force: true });
});

/** What an episode can read of what came before it, from a page at `origin`. */
async function traces(page: Page) {
  return page.evaluate(async () => {
    const databases = await indexedDB.databases();
    const cached = await fetch("/cached", { cache: "only-if-cached", mode: "same-origin" }).then(
      (response) => response.ok,
      () => false,
    );
    return {
      cookie: document.cookie,
      local: localStorage.getItem("left"),
      session: sessionStorage.getItem("left"),
      databases: databases.map((database) => database.name),
      caches: await caches.keys(),
      httpCached: cached,
      name: window.name,
      history: history.length,
      geolocation: (await navigator.permissions.query({ name: "geolocation" })).state,
      workers: (await navigator.serviceWorker?.getRegistrations())?.length ?? 0,
    };
  });
}

/** Everything a page (or the harness, for the permission) can leave behind, at the current origin. */
async function leaveTraces(page: Page) {
  await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the way a page's own script leaves a cookie
    document.cookie = "left=1; max-age=3600";
    localStorage.setItem("left", "1");
    sessionStorage.setItem("left", "1");
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open("left", 1);
      open.onupgradeneeded = () => open.result.createObjectStore("things");
      open.onsuccess = () => {
        const tx = open.result.transaction("things", "readwrite");
        tx.objectStore("things").put("secret", "k");
        tx.oncomplete = () => {
          open.result.close();
          resolve();
        };
      };
      open.onerror = () => reject(open.error);
    });
    await (await caches.open("left")).put("/stored", new Response("secret"));
    await fetch("/cached");
    window.name = "left";
    await navigator.serviceWorker?.register("/sw.js").catch(() => undefined);
  });
}

describe("a warm context from the pool", { timeout: 120_000 }, () => {
  it("shows the next episode nothing the last one left", async () => {
    const pool = new ContextPool();
    const first = await pool.acquire(browser, { allowedOrigins: [origin, otherOrigin] });
    const page = first.context.pages()[0] ?? (await first.context.newPage());
    await page.goto(`${origin}/one`);
    await leaveTraces(page);
    await first.context.grantPermissions(["geolocation"], { origin });
    await page.goto(`${otherOrigin}/two`);
    await leaveTraces(page);
    await page.goto(`${origin}/three`);
    // Before: the traces are there to be found (the check below could fail).
    const before = await traces(page);
    expect(before).toMatchObject({ cookie: "left=1", local: "1", session: "1", databases: ["left"], caches: ["left"] });
    // The HTTP cache holds nothing even now: Playwright's routing (the request gate) turns it off.
    // The reset clears it all the same, and the second episode's fetch must reach the server.
    expect(before.httpCached).toBe(false);
    expect(before.name).toBe("left");
    expect(before.history).toBeGreaterThanOrEqual(3);
    expect(before.geolocation).toBe("granted");
    const [download] = await Promise.all([page.waitForEvent("download"), page.click("a")]);
    const saved = join(scratch, "before.bin");
    await download.saveAs(saved);
    expect(readFileSync(saved, "utf8")).toBe("left behind");
    const popup = await first.context.newPage();
    await popup.goto(`${origin}/popup`);
    await page.goto("http://refused.example/").catch(() => undefined);
    expect(first.blockedRequests).toContain("http://refused.example/");
    await first.close();

    const second = await pool.acquire(browser, { allowedOrigins: [origin, otherOrigin] });
    expect(pool.stats.lastResetError).toBeNull();
    expect(second.context).toBe(first.context);
    expect(pool.stats).toMatchObject({ opened: 1, reused: 1, failedResets: 0 });
    expect(second.blockedRequests).toEqual([]);
    const pages = second.context.pages();
    expect(pages.map((tab) => tab.url())).toEqual(["about:blank"]);
    // A new tab, not the one the first episode used: a tab's history, name and session storage go with it.
    expect(pages[0]).not.toBe(page);
    expect(page.isClosed()).toBe(true);
    // The download was deleted: it can no longer be read.
    await expect(download.saveAs(join(scratch, "after.bin"))).rejects.toThrow();
    expect(existsSync(join(scratch, "after.bin"))).toBe(false);
    const tab = pages[0]!;
    const hitsBefore = cachedHits;
    for (const at of [origin, otherOrigin]) {
      await tab.goto(`${at}/again`);
      expect(await traces(tab)).toEqual({
        cookie: "",
        local: null,
        session: null,
        databases: [],
        caches: [],
        httpCached: false,
        name: "",
        // The new tab's own blank entry (as in any tab Playwright opens), then this episode's pages.
        history: at === origin ? 2 : 3,
        geolocation: "prompt",
        workers: 0,
      });
    }
    // The cache missed: the server was asked again.
    await tab.evaluate(() => fetch("/cached"));
    expect(cachedHits).toBe(hitsBefore + 1);
    await tab.goBack();
    await tab.goBack();
    expect(tab.url()).toBe("about:blank");
    expect(await tab.goBack()).toBeNull();
    expect(await second.context.cookies()).toEqual([]);
    await second.close();
    await pool.close();
  });

  it("gives each episode its own sink and refusals, and reuses only contexts of the same settings", async () => {
    const pool = new ContextPool();
    const sunk: Record<string, string[]> = { one: [], two: [] };
    const mapping = (name: "one" | "two") => ({
      proxy: origin,
      hosts: ["app.brightpath.example"],
      sink: (request: SunkRequest) => sunk[name]!.push(request.url),
    });
    const one = await pool.acquire(browser, { allowedOrigins: [origin], hostMapping: mapping("one") });
    const page = one.context.pages()[0] ?? (await one.context.newPage());
    await page.goto("http://evil.example/first");
    await one.close();
    const two = await pool.acquire(browser, { allowedOrigins: [origin], hostMapping: mapping("two") });
    expect(two.context).toBe(one.context);
    await two.context.pages()[0]!.goto("http://evil.example/second");
    expect(sunk).toEqual({ one: ["http://evil.example/first"], two: ["http://evil.example/second"] });
    // Other settings (no mapping, another viewport): another context.
    const plain = await pool.acquire(browser, { allowedOrigins: [origin] });
    const wide = await pool.acquire(browser, { allowedOrigins: [origin], viewport: { width: 1600, height: 900 } });
    expect(new Set([two.context, plain.context, wide.context]).size).toBe(3);
    await Promise.all([two.close(), plain.close(), wide.close()]);
    expect(pool.stats).toMatchObject({ opened: 3, reused: 1 });
    await pool.close();
  });

  it("closes a context that has served maxUses episodes instead of resetting it, and keeps one that has not", async () => {
    for (const maxUses of [2, 3, Number.POSITIVE_INFINITY]) {
      const pool = new ContextPool({ maxUses });
      const contexts: BrowserContext[] = [];
      for (let episode = 0; episode < 7; episode++) {
        const leased = await pool.acquire(browser, { allowedOrigins: [origin] });
        contexts.push(leased.context);
        await leased.close();
      }
      // A new context every maxUses episodes, each used exactly that often; a retired one is closed.
      const distinct = [...new Set(contexts)];
      const per = Math.min(maxUses, 7);
      expect([maxUses, distinct.map((context) => contexts.filter((other) => other === context).length)]).toEqual([
        maxUses,
        Array.from({ length: Math.ceil(7 / per) }, (_, at) => Math.min(per, 7 - at * per)),
      ]);
      expect(pool.stats).toMatchObject({ opened: distinct.length, reused: 7 - distinct.length, retired: Math.floor(7 / maxUses) });
      for (const retired of distinct.slice(0, Math.floor(7 / maxUses))) await expect(retired.newPage()).rejects.toThrow();
      await pool.close();
    }
    for (const maxUses of [0, 1.5, Number.NaN]) expect(() => new ContextPool({ maxUses })).toThrow(/maxUses/);
  });

  it("closes a context whose reset runs past its deadline: a page left the renderer busy", async () => {
    // A reset may take a navigation's time: 3 s here, stretched by the machine's load.
    const timeout = new BrowserTimeout(1000);
    const pool = new ContextPool({ browserTimeout: timeout });
    const busy = await pool.acquire(browser, { allowedOrigins: [origin] });
    const page = busy.context.pages()[0] ?? (await busy.context.newPage());
    await page.setContent(withBusyPaint("<!doctype html><html><body><p>busy</p></body></html>"));
    // The page holds its renderer: no frame comes within 2 s (in the workspace's browser, every
    // tab of the context shares that renderer, the reset's new one too: the reset took 48 s).
    // Two frames: a frame's callbacks run before its paint, so the first can come before the
    // busy paint does (it did once in a full run, after 375 ms); the second waits for that paint.
    const frame = page
      .evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve("frame")))))
      .catch(() => "closed");
    expect(await Promise.race([frame, sleep(2000, "no frame")])).toBe("no frame");
    await busy.close();
    expect(pool.stats.failedResets).toBe(1);
    expect(pool.stats.lastResetError).toMatch(/^the reset did not finish within \d+ ms$/);
    await expect(busy.context.newPage()).rejects.toThrow();
    const next = await pool.acquire(browser, { allowedOrigins: [origin] });
    expect(next.context).not.toBe(busy.context);
    expect(pool.stats).toMatchObject({ opened: 2, reused: 0 });
    const tab = next.context.pages()[0] ?? (await next.context.newPage());
    await tab.goto(`${origin}/after`);
    expect(await tab.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(document.title))))).toBe("/after");
    await next.close();
    await pool.close();
  });

  it("closes a context whose reset fails instead of handing it on", async () => {
    const pool = new ContextPool();
    const broken = await pool.acquire(browser, { allowedOrigins: [origin] });
    // An episode that closed its context under the pool: the reset cannot run.
    await broken.context.close();
    await broken.close();
    expect(pool.stats.failedResets).toBe(1);
    const next = await pool.acquire(browser, { allowedOrigins: [origin] });
    expect(next.context).not.toBe(broken.context);
    expect(pool.stats).toMatchObject({ opened: 2, reused: 0 });
    await next.close();
    await pool.close();
  });
});
