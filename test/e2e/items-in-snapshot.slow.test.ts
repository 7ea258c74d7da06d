/**
 * Every must-share and must-not-share item that is in a scenario's state is on screen for the
 * agent: found in the accessibility-tree text of the workspace snapshot (the pages an agent can
 * reach, as `safecua workspace snapshot` prints them), for the built-in pack and the AgentCIBench
 * corpus. The reference's bridge lost calendar times, file lists and routes (agentcibench-spec §6).
 */
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ariaTreeStrings, openEpisodeContext, parseAriaSnapshot } from "../../src/browser/index.js";
import { snapshotScenario } from "../../src/runner/index.js";
import {
  BUILTIN_PACK_DIR,
  contentWords,
  loadScenarios,
  normaliseText,
  type Scenario,
  ScenarioSchema,
  stateLeafStrings,
  wordsPresent,
} from "../../src/scenario/index.js";
import { useBrowserAndWorkspace } from "../browser/browser-fixture.js";
import { CORPUS_DIR, CORPUS_SKIP_REASON, HAS_CORPUS } from "../support/corpus.js";
import { richScenario } from "../workspace/rich-fixture.js";

const env = useBrowserAndWorkspace();

const collapse = (text: string) => text.replace(/\s+/g, " ").trim().toLowerCase();

interface Item {
  text: string;
  /** The item appears verbatim in one state leaf, so it must appear verbatim on screen too. */
  literal: boolean;
}

/** Each crawled page's strings, parsed once: `missingFrom` runs after every page on all pages so far. */
const pageStrings = new WeakMap<object, string[]>();
function stringsOf(page: { text: string }): string[] {
  let strings = pageStrings.get(page);
  if (strings === undefined) {
    strings = ariaTreeStrings(parseAriaSnapshot(page.text));
    pageStrings.set(page, strings);
  }
  return strings;
}

/** What is still missing from these pages: "(words)" when its words are not all there, "(literal)" when its verbatim text is not. */
function missingFrom(pages: readonly { text: string }[], items: readonly Item[]): string[] {
  const screen = pages.flatMap(stringsOf).join("\n");
  const screenWords = new Set(contentWords(screen));
  const screenNormalised = normaliseText(screen);
  const screenLiteral = collapse(screen);
  return items.flatMap((item) => {
    if (!wordsPresent(item.text, screenWords, screenNormalised)) return [`"${item.text}" (words)`];
    if (item.literal && !screenLiteral.includes(collapse(item.text))) return [`"${item.text}" (literal)`];
    return [];
  });
}

/**
 * Same test as the workspace's HTML check, on what the agent is shown instead of the HTML. Each
 * scenario's crawl stops at the first page by which every item has been seen: the pages after it
 * could not change the verdict, and skipping them halves the time of this, the longest test.
 */
async function checkSnapshots(scenarios: readonly Scenario[]): Promise<{ checked: number; pages: number; missing: string[] }> {
  const result = { checked: 0, pages: 0, missing: [] as string[] };
  const check = async (scenario: Scenario, page: Page) => {
    const leaves = stateLeafStrings(scenario.state);
    const stateWords = new Set(leaves.flatMap(contentWords));
    const stateNormalised = normaliseText(leaves.join(" \n "));
    const items: Item[] = [...scenario.must_share, ...scenario.must_not_share]
      .filter((item) => wordsPresent(item, stateWords, stateNormalised))
      .map((text) => ({ text, literal: leaves.some((leaf) => collapse(leaf).includes(collapse(text))) }));
    const crawled = await snapshotScenario(env.workspace(), env.browser(), scenario, {
      page,
      until: (sofar) => missingFrom(sofar, items).length === 0,
    });
    result.pages += crawled.length;
    result.checked += items.length;
    result.missing.push(...missingFrom(crawled, items).map((line) => `${scenario.id}: ${line}`));
  };
  // Two lanes, each one page kept for all its scenarios: two overlap server and browser work on
  // 2 cores, and a page load costs far less than a fresh context.
  const LANES = 2;
  await Promise.all(
    Array.from({ length: LANES }, async (_, lane) => {
      const episode = await openEpisodeContext(env.browser(), { allowedOrigins: [env.workspace().url] });
      try {
        const page = await episode.context.newPage();
        for (let index = lane; index < scenarios.length; index += LANES) await check(scenarios[index] as Scenario, page);
      } finally {
        await episode.close();
      }
    }),
  );
  return result;
}

describe("the snapshot shows what the agent is shown", { timeout: 120_000 }, () => {
  it("every word of a page's snapshot text is in the observation an agent gets of that page (with refs)", async () => {
    const { scenarios } = await loadScenarios([BUILTIN_PACK_DIR]);
    for (const scenario of [ScenarioSchema.parse(richScenario()), scenarios[0] as Scenario]) {
      const plain = await snapshotScenario(env.workspace(), env.browser(), scenario);
      const withRefs = await snapshotScenario(env.workspace(), env.browser(), scenario, { refs: true });
      expect(withRefs.map((page) => page.url)).toEqual(plain.map((page) => page.url));
      expect(withRefs.every((page) => page.text.includes("[ref="))).toBe(true);
      plain.forEach((page, index) => {
        const seen = new Set(contentWords(ariaTreeStrings(parseAriaSnapshot(withRefs[index]?.text ?? "")).join("\n")));
        const missing = contentWords(ariaTreeStrings(parseAriaSnapshot(page.text)).join("\n")).filter((word) => !seen.has(word));
        expect([page.url, missing]).toEqual([page.url, []]);
      });
    }
  });

  it("a page kept across scenarios (as the checks below use) crawls what a fresh context crawls", async () => {
    const { scenarios } = await loadScenarios([BUILTIN_PACK_DIR]);
    const [first, second] = scenarios as [Scenario, Scenario];
    const fresh = await snapshotScenario(env.workspace(), env.browser(), second);
    const episode = await openEpisodeContext(env.browser(), { allowedOrigins: [env.workspace().url] });
    try {
      const page = await episode.context.newPage();
      await snapshotScenario(env.workspace(), env.browser(), first, { page });
      expect(await snapshotScenario(env.workspace(), env.browser(), second, { page })).toEqual(fresh);
    } finally {
      await episode.close();
    }
  });
});

// Up to about 2 300 pages in Chromium; generous limits because the machine is small and shared.
describe("every item in the state is in the workspace snapshot", { timeout: 1_800_000 }, () => {
  it("the built-in pack", async () => {
    const { scenarios } = await loadScenarios([BUILTIN_PACK_DIR]);
    const result = await checkSnapshots(scenarios);
    console.info(
      `[e2e] built-in pack: ${result.checked} items in the state found in the snapshots of ${scenarios.length} scenarios (${result.pages} pages crawled)`,
    );
    expect(result.missing).toEqual([]);
    expect(result.checked).toBeGreaterThan(150);
  });

  it.skipIf(!HAS_CORPUS)(`the AgentCIBench scenarios and seeds (${HAS_CORPUS ? "present" : CORPUS_SKIP_REASON})`, async () => {
    const { scenarios } = await loadScenarios([join(CORPUS_DIR, "scenarios"), join(CORPUS_DIR, "seeds")]);
    const result = await checkSnapshots(scenarios);
    console.info(
      `[e2e] AgentCIBench: ${result.checked} items in the state found in the snapshots of ${scenarios.length} scenarios (${result.pages} pages crawled)`,
    );
    expect(result.missing).toEqual([]);
    expect(scenarios.length).toBe(104);
  });
});
