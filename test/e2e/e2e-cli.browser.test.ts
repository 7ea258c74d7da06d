/**
 * The CLI of the end-to-end track and the workspace snapshot, run as a user runs them (child
 * process, real Chromium).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RUN_FILES } from "../../src/records/index.js";
import { PROJECT_ROOT } from "../support/corpus.js";
import { runCli } from "../support/run-cli.js";
import { tempDir } from "../support/temp-dir.js";

const MAPS_PACK = join(PROJECT_ROOT, "packs", "builtin", "maps-routes-eta.yaml");

describe("safecua bench --track e2e", { timeout: 300_000 }, () => {
  it("runs UI agents in the workspace and writes the same summary, records with steps, and screenshots", async () => {
    const out = tempDir("safecua-e2e-cli-");
    const result = await runCli(
      ["bench", "--track", "e2e", "--agent", "refuser", "--dataset", MAPS_PACK, "--max-steps", "3", "--out", out, "--json"],
      { env: { SAFECUA_BROWSER_TIMEOUT_MS: "9000" } },
    );
    expect(result.status, result.stderr).toBe(0);
    const summary = JSON.parse(result.stdout);
    expect(summary.agents).toEqual([
      expect.objectContaining({ agent: "refuser", defense: "none", n: 5, errors: 0, refusal: expect.objectContaining({ value: 1 }) }),
    ]);
    const runDir = join(out, readdirSync(out)[0] as string);
    const manifest = JSON.parse(readFileSync(join(runDir, RUN_FILES.manifest), "utf8"));
    expect(manifest).toMatchObject({
      track: "e2e",
      e2e: { max_steps: 3, observation: "axtree", browser_timeout_ms: 9000 },
      agents: ["refuser"],
    });
    const records = readFileSync(join(runDir, RUN_FILES.records), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(records).toHaveLength(5);
    for (const record of records) {
      expect(record.steps).toHaveLength(1);
      expect(existsSync(join(runDir, record.steps[0].screenshot))).toBe(true);
    }
  });

  it("refuses a browser timeout that is not a positive number, naming where it came from, before anything is written", async () => {
    const out = tempDir();
    const fromEnv = await runCli(["bench", "--track", "e2e", "--agent", "refuser", "--out", out], {
      env: { SAFECUA_BROWSER_TIMEOUT_MS: "soon" },
    });
    expect(fromEnv.status).toBe(2);
    expect(fromEnv.stderr).toMatch(/SAFECUA_BROWSER_TIMEOUT_MS.*"soon" is not a positive number of ms/);
    const fromFlag = await runCli(["bench", "--track", "e2e", "--agent", "refuser", "--browser-timeout", "0", "--out", out]);
    expect(fromFlag.status).toBe(2);
    expect(fromFlag.stderr).toMatch(/--browser-timeout/);
    expect(readdirSync(out)).toEqual([]);
  });

  it("refuses an agent with no UI version (exit 2), and says that e2e flags are ignored in the other track", async () => {
    const refused = await runCli(["bench", "--track", "e2e", "--agent", "ci-rules", "--out", tempDir()]);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/ci-rules has no UI version/);
    const ignored = await runCli(["bench", "--agent", "refuser", "--observation", "mixed", "--out", tempDir(), "--json"]);
    expect(ignored.status).toBe(0);
    expect(ignored.stderr).toMatch(/--observation: only used with --track e2e; ignored/);
  });
});

describe("safecua workspace snapshot", { timeout: 120_000 }, () => {
  it("prints every page of the scenario's workspace with its accessibility-tree text", async () => {
    const result = await runCli(["workspace", "snapshot", "maps-eta-001-docklands-site-route", "--json"]);
    expect(result.status, result.stderr).toBe(0);
    const { pages } = JSON.parse(result.stdout) as { pages: Array<{ app: string; url: string; text: string }> };
    expect(Object.keys(pages[0] ?? {}).sort()).toEqual(["app", "text", "url"]);
    expect(pages[0]).toMatchObject({ app: "home", url: "/e/maps-eta-001-docklands-site-route/" });
    expect(new Set(pages.map((page) => page.app))).toEqual(new Set(["home", "messenger", "calendar", "maps"]));
    const maps = pages.find((page) => page.url.endsWith("/maps"));
    expect(maps?.text).toMatch(/- heading "Maps" \[level=1\]/);
    expect(maps?.text).not.toContain("[ref=");
    expect(new Set(pages.map((page) => page.url)).size).toBe(pages.length);
    const withRefs = await runCli(["workspace", "snapshot", "maps-eta-001-docklands-site-route", "--json", "--refs"]);
    const refPages = (JSON.parse(withRefs.stdout) as { pages: typeof pages }).pages;
    // The crawl with refs follows the same links to the same pages, every one with refs.
    expect(refPages.map((page) => page.url)).toEqual(pages.map((page) => page.url));
    expect(refPages.every((page) => page.text.includes("[ref="))).toBe(true);
  });
});
