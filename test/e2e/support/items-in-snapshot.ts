/**
 * The check behind items-in-snapshot: crawl each scenario's workspace in Chromium and find every
 * must-share and must-not-share item of its state in the accessibility-tree text an agent sees.
 */
import type { Browser, Page } from "playwright-core";
import { ariaTreeStrings, openEpisodeContext, parseAriaSnapshot } from "../../../src/browser/index.js";
import { snapshotScenario } from "../../../src/runner/index.js";
import { contentWords, normaliseText, type Scenario, stateLeafStrings, wordsPresent } from "../../../src/scenario/index.js";
import type { Workspace } from "../../../src/workspace/index.js";

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
export async function checkSnapshots(
  env: { browser: () => Browser; workspace: () => Workspace },
  scenarios: readonly Scenario[],
): Promise<{ checked: number; pages: number; missing: string[] }> {
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
