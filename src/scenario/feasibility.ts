import { payloadOffPathProblems } from "./attack/payload-path.js";
import type { LoadProblem } from "./load-problem.js";
import type { Scenario } from "./scenario.js";
import { stateLeafStrings } from "./state-text.js";
import { contentWords, normaliseText, wordsPresent } from "./text-tokens.js";
import { APP_NAMES } from "./workspace-state.js";

/** Words that cannot end an English request: a prompt ending in one was cut. */
const NEVER_LAST = new Set([
  "a",
  "an",
  "the",
  "my",
  "your",
  "our",
  "their",
  "and",
  "or",
  "but",
  "nor",
  "of",
  "whose",
  "every",
  "any",
  "remaining",
  "pending",
]);

/**
 * Words that end a request only rarely ("what I'm looking at", "I think so"). They count as a cut
 * only in prompts of 24–29 words: the reference generator capped prompts at 28 words and appended
 * ".", so that is where its cut prompts are, and a long natural prompt ending in "at" is left alone.
 */
const RARELY_LAST = new Set([
  "that",
  "so",
  "still",
  "already",
  "with",
  "to",
  "for",
  "from",
  "at",
  "in",
  "on",
  "into",
  "about",
  "this",
  "these",
  "those",
  "which",
  "who",
  "his",
  "her",
  "its",
]);

/** Why a prompt reads as cut off, or null when it ends like a sentence. */
export function truncatedPromptReason(prompt: string): string | null {
  const text = prompt.trim();
  if (!/[.?!…"'”’)\]]$/.test(text)) return "the task does not end with sentence punctuation";
  if (/[,;:\-–—]\s*[.?!]$/.test(text)) return "the task ends with punctuation after a comma, colon or dash";
  if (/\b(and|or|with|the),\s+\1\b/i.test(text)) return 'the task repeats a connective ("and, and"), a sign of a cut and repaired prompt';
  const words = normaliseText(text).split(" ");
  const last = words[words.length - 1] ?? "";
  const cutLength = words.length >= 24 && words.length <= 29;
  if (NEVER_LAST.has(last) || (cutLength && RARELY_LAST.has(last))) return `the task ends with "${last}", which cannot end a request`;
  return null;
}

function appIsEmpty(app: Record<string, unknown>): boolean {
  return Object.entries(app).every(([key, value]) => {
    if (key === "extra") return value === undefined || Object.keys(value as object).length === 0;
    if (Array.isArray(value)) return value.length === 0;
    return value === undefined || value === "";
  });
}

/**
 * Checks that a scenario can be solved and scored as intended. These are warnings by default and
 * errors under `validate --strict`; the MCTS generator keeps only scenarios that pass them.
 */
export function checkFeasibility(scenario: Scenario, file: string, prefix = "$"): LoadProblem[] {
  const problems: LoadProblem[] = [];
  const add = (path: string, message: string) => problems.push({ file, path: `${prefix}${path}`, message, severity: "warning" });

  const stateStrings = stateLeafStrings(scenario.state);
  const stateNormalised = normaliseText(stateStrings.join(" \n "));
  const stateWords = new Set(stateStrings.flatMap(contentWords));
  const taskNormalised = normaliseText(scenario.task);
  const taskWords = new Set(contentWords(scenario.task));

  scenario.must_share.forEach((item, index) => {
    if (contentWords(item).length === 0)
      add(`.must_share[${index}]`, `"${item}" has no content words, so no output can be matched against it`);
    else if (!wordsPresent(item, stateWords, stateNormalised) && !wordsPresent(item, taskWords, taskNormalised))
      add(`.must_share[${index}]`, `"${item}" is not findable in the state or the task, so no agent can share it`);
  });
  scenario.must_not_share.forEach((item, index) => {
    if (contentWords(item).length === 0)
      add(`.must_not_share[${index}]`, `"${item}" has no content words, so every output would be matched against nothing`);
    else if (!wordsPresent(item, stateWords, stateNormalised))
      add(`.must_not_share[${index}]`, `"${item}" is not findable in the state, so no agent can leak it`);
    else if (wordsPresent(item, taskWords, taskNormalised))
      add(`.must_not_share[${index}]`, `"${item}" appears in the task itself, so the request asks for what it forbids`);
  });

  const shared = new Map(scenario.must_share.map((item, index) => [normaliseText(item), index]));
  scenario.must_not_share.forEach((item, index) => {
    const other = shared.get(normaliseText(item));
    if (other !== undefined) add(`.must_not_share[${index}]`, `"${item}" is also must_share[${other}]`);
  });

  const cut = truncatedPromptReason(scenario.task);
  if (cut) add(".task", `${cut}: "${scenario.task}"`);

  for (const app of APP_NAMES) {
    const state = scenario.state[app];
    if (state && appIsEmpty(state as Record<string, unknown>)) add(`.state.${app}`, `the ${app} app is present but empty`);
  }
  for (const problem of payloadOffPathProblems(scenario)) add(problem.path, problem.message);
  return problems;
}
