/**
 * `safecua guard propose URL --model M --store DIR`, then `guard mask --rule-store DIR`, on the
 * forum-thread fixture in real Chromium, with the proposer and auditor scripted behind the mock
 * OpenAI-compatible server: the proposal is stored under the page's template, the mask uses it,
 * and no canary (text a visitor could write) is shown.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { MockOpenAIServer } from "../support/mock-openai-server.js";
import { runCli } from "../support/run-cli.js";
import { scriptedProposer } from "../support/scripted-proposer.js";
import { scriptedRoleEndpoints } from "../support/scripted-role-server.js";
import { tempDir } from "../support/temp-dir.js";
import { canariesOf, rulesFileOf } from "./fixtures/canary-probe.js";
import { type FixtureServer, startFixtureServer } from "./fixtures/fixture-server.js";

let pages: FixtureServer;
let models: MockOpenAIServer;

beforeAll(async () => {
  pages = await startFixtureServer();
  // The proposer "knows" the forum's hand-written rules; it can propose those whose ids and classes the skeleton shows.
  const knows = JSON.parse(readFileSync(rulesFileOf("forum-thread"), "utf8")) as Array<Record<string, unknown>>;
  models = await MockOpenAIServer.start({ handler: scriptedProposer({ knows, audit: "keep-all" }) });
});
afterAll(async () => {
  await pages?.close();
  await models?.stop();
});

describe("safecua guard propose", () => {
  test("stores the audited proposal under the page's template, and guard mask --rule-store uses it", { timeout: 180_000 }, async () => {
    const dir = tempDir();
    const config = join(dir, "models.json");
    writeFileSync(config, JSON.stringify(scriptedRoleEndpoints(models.url)));
    const store = join(dir, "rules");
    const url = pages.url("forum-thread/page.html");
    // The model layer may retry a connection the loaded machine dropped; the pipeline's own count stays four calls.
    const common = ["--config", config, "--cache", "off", "--no-preflight", "--max-retries", "2"];
    const proposed = await runCli([
      "guard",
      "propose",
      url,
      "--model",
      "openai-compatible:scripted",
      "--store",
      store,
      "--json",
      ...common,
    ]);
    expect(proposed.status, proposed.stderr).toBe(0);
    const out = JSON.parse(proposed.stdout);
    const steps = out.calls.map(
      (call: { attempt: number; step: string; outcome: string }) => `${call.attempt}:${call.step}:${call.outcome}`,
    );
    expect(steps).toEqual(["1:prior:ok", "1:proposal:ok", "1:feedback:ok", "1:audit:ok"]);
    expect(out).toMatchObject({
      source: "proposed",
      match: { kind: "template", template: "/forum-thread/page.html" },
      usage: { calls: 4 },
    });
    expect(out.rules.length).toBeGreaterThan(0);

    // A second run finds the stored set and makes no call.
    const calls = models.requests.length;
    const again = await runCli(["guard", "propose", url, "--model", "openai-compatible:scripted", "--store", store, "--json", ...common]);
    expect(JSON.parse(again.stdout).source).toBe("stored");
    expect(models.requests.length).toBe(calls);

    const masked = await runCli(["guard", "mask", url, "--rule-store", store, "-o", join(dir, "masked.png"), "--json"]);
    expect(masked.status, masked.stderr).toBe(0);
    expect(masked.stderr).toContain("(found by template)");
    const rows = JSON.parse(masked.stdout).rows as Array<{ text?: string; untrusted_text?: string; verdict: string }>;
    expect(rows.some((row) => row.verdict === "trusted")).toBe(true);
    for (const row of rows.filter((row) => row.verdict === "trusted"))
      for (const canary of canariesOf("forum-thread")) expect(row.text).not.toContain(canary);

    const listed = await runCli(["guard", "rules", "list", "--store", store]);
    expect(listed.stdout).toContain("template /forum-thread/page.html");
    expect(listed.stdout).toContain("proposed by openai-compatible:scripted");
  });

  test("a failed proposal names the call and the validation error, and the next try asks the model again", {
    timeout: 180_000,
  }, async () => {
    const dir = tempDir();
    const config = join(dir, "models.json");
    writeFileSync(config, JSON.stringify(scriptedRoleEndpoints(models.url)));
    const url = pages.url("forum-thread/page.html");
    const args = ["guard", "propose", url, "--model", "openai-compatible:scripted", "--config", config, "--no-preflight"];
    // The default cache mode (read-write) with its own file: what a user's second try goes through.
    const cache = ["--cache-path", join(dir, "cache.sqlite"), "--max-retries", "2"];
    const knows = JSON.parse(readFileSync(rulesFileOf("forum-thread"), "utf8")) as Array<Record<string, unknown>>;
    try {
      models.respondWith(scriptedProposer({ proposal: "garbage" }));
      const failed = await runCli([...args, ...cache]);
      expect(failed.status).toBe(2);
      expect(failed.stderr).toMatch(
        /proposal failed after 4 attempts: the proposal call \(2 of 4, the proposal\) gave an invalid reply twice .*: no JSON object found in the reply; the page stays masked whole/,
      );

      models.respondWith(scriptedProposer({ knows, audit: "keep-all" }));
      const retried = await runCli([...args, ...cache, "--json"]);
      expect(retried.status, retried.stderr).toBe(0);
      const out = JSON.parse(retried.stdout);
      expect(out.source).toBe("proposed");
      // The site prior was valid and is replayed; the proposal that failed is asked again, not replayed.
      expect(out.calls.map((call: { step: string; cached: boolean }) => `${call.step}:${call.cached}`)).toEqual([
        "prior:true",
        "proposal:false",
        "feedback:false",
        "audit:false",
      ]);
    } finally {
      models.respondWith(scriptedProposer({ knows, audit: "keep-all" }));
    }
  });
});
