import type { MappedText } from "./mapped-text.js";
import { DEFAULT_MATCHER_MODE, type MatcherMode } from "./matcher-mode.js";
import { memoizeString } from "./memo.js";
import { TIME_PATTERN, timeToken } from "./time-token.js";
import { foldText } from "./unicode-fold.js";

/** The reference's 21 stopwords, used unchanged by both modes. */
export const STOPWORDS: ReadonlySet<string> = new Set(
  "a an and are as at be by for from in is it of on or that the to was with".split(" "),
);

/** The reference's only stemming rule: drop a final "s" (but not "ss") from words longer than 3. */
export function stem(token: string): string {
  return codePointLength(token) > 3 && token.endsWith("s") && !token.endsWith("ss") ? token.slice(0, -1) : token;
}

/** A token of strict-mode text with its [start, end) range in the original text. */
interface Token {
  text: string;
  start: number;
  end: number;
}

/** Everything the matchers need to know about one text, computed once per text and mode. */
export interface TextAnalysis {
  /** Lowercased text (strict: folded), for the raw substring test. */
  lower: string;
  /** Normalised text: tokens separated by single spaces. */
  norm: string;
  /** Stemmed content tokens (stopwords and short tokens removed). */
  content: ReadonlySet<string>;
  /** Strict mode only: the tokens of `norm` with original offsets. */
  tokens?: readonly Token[];
}

/**
 * agentcibench: Python `lower()`, every run of `[^a-z0-9]` becomes one space, so non-ASCII
 * letters are separators ("café" → "caf"). Tokens of one character are dropped.
 */
const analyseReference = memoizeString((text: string): TextAnalysis => {
  const lower = text.toLowerCase();
  const norm = lower.replace(/[^a-z0-9]+/g, " ").trim();
  const words = norm === "" ? [] : norm.split(" ");
  const content = new Set<string>();
  for (const w of words) if (w.length > 1 && !STOPWORDS.has(w)) content.add(stem(w));
  return { lower, norm, content };
});

const STRICT_TOKEN = new RegExp(`${TIME_PATTERN}|[\\p{L}\\p{N}]+`, "gu");

/**
 * strict: folded text (accents stripped, Unicode letters and digits kept), clock times as
 * single canonical tokens, and single digits kept as content ("Room 4" ≠ "Room 5"); single
 * letters are still dropped (mostly the "s" of "Jane's").
 */
const analyseStrict = memoizeString((text: string): TextAnalysis => {
  const folded = foldText(text);
  const tokens = strictTokens(folded);
  const content = new Set<string>();
  for (const { text: t } of tokens) {
    if (STOPWORDS.has(t)) continue;
    if (codePointLength(t) <= 1 && !/^\p{N}$/u.test(t)) continue;
    content.add(stem(t));
  }
  return { lower: folded.text, norm: tokens.map((t) => t.text).join(" "), content, tokens };
});

function strictTokens(folded: MappedText): Token[] {
  const out: Token[] = [];
  for (const m of folded.text.matchAll(STRICT_TOKEN)) {
    const at = m.index;
    const isTime = m[1] !== undefined || m[4] !== undefined;
    const start = folded.starts ? (folded.starts[at] ?? 0) : at;
    const last = at + m[0].length - 1;
    const end = folded.ends ? (folded.ends[last] ?? 0) : last + 1;
    out.push({ text: isTime ? timeToken(m.slice(1)) : m[0], start, end });
  }
  return out;
}

/** Analyses `text` for the given mode (memoised). */
export function analyseText(text: string, mode: MatcherMode): TextAnalysis {
  return mode === "agentcibench" ? analyseReference(text) : analyseStrict(text);
}

/** The normalised form of `text` (see analyseText). */
export function norm(text: string, mode: MatcherMode = DEFAULT_MATCHER_MODE): string {
  return analyseText(text, mode).norm;
}

/** The set of stemmed content tokens of `text` (see analyseText). */
export function contentTokens(text: string, mode: MatcherMode = DEFAULT_MATCHER_MODE): ReadonlySet<string> {
  return analyseText(text, mode).content;
}

function codePointLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}
