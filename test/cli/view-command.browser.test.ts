import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { networkInterfaces, tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningViewer, startViewer } from "../../src/report/index.js";
import { launchChromium } from "../report/chromium.js";
import { writeStandardFixture } from "../report/standard-fixture.js";
import { runCli } from "../support/run-cli.js";

let root: string;
let viewer: RunningViewer;
let browser: Browser | undefined;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "safecua-view-"));
  const { runsDir } = await writeStandardFixture(root, 9);
  viewer = await startViewer({ runsDir, port: 0 });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await viewer?.close();
  rmSync(root, { recursive: true, force: true });
});

/** A raw HTTP request, so the Host header and the method can be anything. */
function get(
  path: string,
  options: { host?: string; method?: string } = {},
): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: "127.0.0.1",
        port: viewer.port,
        path,
        method: options.method ?? "GET",
        headers: { Host: options.host ?? `127.0.0.1:${viewer.port}` },
      },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body, headers: response.headers }));
      },
    );
    request.on("error", reject);
    request.end();
  });
}

function nonLoopbackAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((address) => address && address.family === "IPv4" && !address.internal)?.address;
}

describe("safecua view", () => {
  it("listens on 127.0.0.1 only", async () => {
    expect(viewer.url).toBe(`http://127.0.0.1:${viewer.port}/`);
    const other = nonLoopbackAddress();
    if (other === undefined) {
      console.warn("[view test] no non-loopback IPv4 address on this machine; only the bind address was checked");
      return;
    }
    const refused = await new Promise<string>((resolve) => {
      const socket = connect({ host: other, port: viewer.port });
      socket.once("connect", () => {
        socket.destroy();
        resolve("connected");
      });
      socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
    });
    expect(refused).toBe("ECONNREFUSED");
  });

  it("lists the runs newest first with their headline numbers", async () => {
    const index = await get("/");
    expect(index.status).toBe(200);
    const newer = index.body.indexOf("20261130T090000Z-bbbbbb");
    const older = index.body.indexOf("20261129T100000Z-aaaaaa");
    expect(newer).toBeGreaterThan(0);
    expect(older).toBeGreaterThan(newer);
    expect(index.body).toContain("U 100.0%");
    expect(index.body).toContain("&lt;svg onload=alert(1)&gt;");
    expect(String(index.headers["content-security-policy"])).toContain("default-src 'none'");
  });

  it("serves each run's report, and compares two runs or sweeps one", async () => {
    const report = await get("/runs/20261129T100000Z-aaaaaa/");
    expect(report.status).toBe(200);
    expect(report.body).toContain('<a href="/">← all runs</a>');
    expect(report.body).toContain("Utility versus engaged leakage (Figure 3)");
    const compared = await get("/compare?a=20261129T100000Z-aaaaaa&b=20261130T090000Z-bbbbbb");
    expect(compared.status).toBe(200);
    expect(compared.body).toContain("careless (A aaaaaa)");
    const sweep = await get("/compare?a=20261129T100000Z-aaaaaa&b=");
    expect(sweep.body).toContain("careless [recipient_typed]");
    const cannot = await get("/compare?a=20261130T090000Z-bbbbbb");
    expect(cannot.status).toBe(400);
    expect(cannot.body).toContain("was run without defenses");
    expect(cannot.body).toContain("Choose a second run to compare it with.");
    // A web user has no flags to give.
    expect(cannot.body).not.toMatch(/--a\b|--b\b/);
  });

  it("is read-only, answers only to loopback host names, and never follows a path out of the folder", async () => {
    expect((await get("/", { method: "POST" })).status).toBe(405);
    expect((await get("/runs/20261129T100000Z-aaaaaa/", { method: "DELETE" })).status).toBe(405);
    expect((await get("/", { host: "evil.example:80" })).status).toBe(403);
    expect((await get("/", { host: `localhost:${viewer.port}` })).status).toBe(200);
    expect((await get("/runs/..%2F..%2Fetc/")).status).toBe(404);
    expect((await get("/runs/datasets/")).status).toBe(404);
    expect((await get("/compare?a=..%2Fdatasets")).status).toBe(404);
  });

  it("renders in Chromium: open a run from the index, its figures draw, nothing leaves 127.0.0.1", async () => {
    browser = await launchChromium();
    const page = await browser.newPage();
    const requests: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    await page.goto(viewer.url);
    await page.click("a[href='/runs/20261129T100000Z-aaaaaa/']");
    const figure = page.locator('svg[aria-label="Behaviour decomposition per agent (Figure 15)"]');
    await expect.poll(async () => (await figure.boundingBox())?.width ?? 0).toBeGreaterThan(200);
    await page.goBack();
    await page.selectOption("select[name=a]", "20261129T100000Z-aaaaaa");
    await page.selectOption("select[name=b]", "20261130T090000Z-bbbbbb");
    await page.click("form.compare button");
    await expect.poll(() => page.locator("table.compare tbody tr").count()).toBe(1);
    expect(requests.every((url) => url.startsWith(viewer.url))).toBe(true);
    await page.close();
  }, 90_000);

  it("exits 2 for a folder that does not exist", async () => {
    const result = await runCli(["view", join(root, "missing")]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("no such folder");
  });
});
