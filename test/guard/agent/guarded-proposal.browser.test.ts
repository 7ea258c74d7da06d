/**
 * The guarded agent on a page that has no stored rule set (the forum fixture, not a workspace
 * app): it proposes one through the proposer model before building the mask and charges the
 * calls to the `proposer` role; a failed proposal stops the episode with the page never shown;
 * without proposals (`--no-propose`) the page is masked whole and no model is asked.
 */
import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { PageStep } from "../../../src/agents/index.js";
import { GUARDED_LIMITS, GuardedEpisode } from "../../../src/guard/agent/episode/guarded-episode.js";
import { plannerSystemPrompt } from "../../../src/guard/agent/planner/planner-prompt.js";
import type { PageRules } from "../../../src/guard/agent/screen/guarded-screen.js";
import { memoryRuleSetTarget, ProposalFailedError, ProposedRuleCache, RuleStore, scriptedRoleClient } from "../../../src/guard/index.js";
import { createModelClient, type ModelClient, NO_USAGE } from "../../../src/models/index.js";
import { MockOpenAIServer } from "../../support/mock-openai-server.js";
import { scriptedProposer } from "../../support/scripted-proposer.js";
import { sharedBrowser } from "../../support/shared-browser.js";
import { rulesFileOf } from "../fixtures/canary-probe.js";
import { type FixtureServer, startFixtureServer } from "../fixtures/fixture-server.js";

let browser: Browser;
let pages: FixtureServer;
let models: MockOpenAIServer;
let page: Page;
const knows = JSON.parse(readFileSync(rulesFileOf("forum-thread"), "utf8")) as Array<Record<string, unknown>>;

beforeAll(async () => {
  browser = await sharedBrowser();
  pages = await startFixtureServer();
  models = await MockOpenAIServer.start();
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(pages.url("forum-thread/page.html"));
}, 60_000);
afterAll(async () => {
  await page?.close();
  await browser?.close();
  await pages?.close();
  await models?.stop();
});
beforeEach(() => {
  models.requests.length = 0;
});

/** A planner that ends at once: the test is about the screen it is shown. */
const done: ModelClient = {
  spec: "test:done",
  generate: async () => ({
    text: "",
    object: { thought: "", call: { tool: "done", answer: "" } },
    usage: { ...NO_USAGE, calls: 1 },
    cached: false,
    model: "test:done",
    latency_ms: 0,
  }),
};

function episode(proposals: ProposedRuleCache | undefined): GuardedEpisode {
  const noRules = (url: string): PageRules => ({ rules: [], app: null, shownUrl: new URL(url).origin });
  return new GuardedEpisode(
    { task: "Say hello.", directory: [], seed: 1 },
    {
      roles: {
        planner: done,
        quarantined: scriptedRoleClient("scripted"),
        crosscheck: scriptedRoleClient("scripted"),
        classifier: scriptedRoleClient("scripted"),
      },
      system: plannerSystemPrompt(),
      limits: GUARDED_LIMITS,
      rulesFor: () => noRules,
      adapters: {},
      fetchAllowlist: () => new Set(),
      ...(proposals !== undefined && { proposals }),
    },
  );
}

const step = (): PageStep => ({
  state: { url: page.url(), title: "", tabs: [], activeTab: 0, lastActionError: null },
  page,
  step: 1,
  maxSteps: 5,
  history: [],
});

function proposals(): ProposedRuleCache {
  // The model layer may retry a connection the loaded machine dropped; the pipeline's own count stays four calls.
  const proposer = createModelClient("openai-compatible:scripted", { baseUrl: models.url, structuredOutputs: true, maxRetries: 2 });
  return new ProposedRuleCache(memoryRuleSetTarget(new RuleStore()), { proposer });
}

/** Share of the masked screenshot's pixels that are not black. */
async function shownShare(png: Buffer): Promise<number> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let shown = 0;
  for (let i = 0; i < data.length; i += info.channels) if (data[i] !== 0 || data[i + 1] !== 0 || data[i + 2] !== 0) shown++;
  return shown / (info.width * info.height);
}

describe("the guarded agent on a page without stored rules", { timeout: 120_000 }, () => {
  it("proposes a rule set, masks with it, and charges four calls to the proposer", async () => {
    models.respondWith(scriptedProposer({ knows, audit: "keep-all" }));
    const cache = proposals();
    const decision = await episode(cache).next(step());
    expect(decision.usageByRole?.proposer?.calls).toBe(4);
    expect(await shownShare(decision.screenshot!.image)).toBeGreaterThan(0.01);
    // The next episode on the same template reuses the set without a call.
    const calls = models.requests.length;
    const again = await episode(cache).next(step());
    expect(models.requests.length).toBe(calls);
    expect(again.usageByRole?.proposer).toBeUndefined();
    expect(cache.hits).toBe(1);
  });

  it("stops the episode when the proposal fails, showing nothing", async () => {
    models.respondWith(scriptedProposer({ proposal: "garbage" }));
    await expect(episode(proposals()).next(step())).rejects.toBeInstanceOf(ProposalFailedError);
  });

  it("without proposals (--no-propose) masks the page whole and asks no model", async () => {
    models.respondWith(scriptedProposer({ knows, audit: "keep-all" }));
    const decision = await episode(undefined).next(step());
    // Only what the capacity exception releases (a "3 days ago", a score) may show: a few hundred pixels.
    expect(await shownShare(decision.screenshot!.image)).toBeLessThan(0.002);
    expect(models.requests).toHaveLength(0);
  });
});
