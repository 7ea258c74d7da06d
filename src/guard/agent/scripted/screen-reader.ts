import { type AnswerConstraint, type AnswerType, isAnswerType, validateAnswer } from "../values/index.js";

/** A quarantined query as a scripted reader sees it: the question, the type, the constraint and the text lines. */
export interface ReadQuery {
  question: string;
  type: AnswerType;
  constraint: AnswerConstraint;
  lines: string[];
}

/** Reads a query back from the quarantined prompt (`quarantined-query.ts` writes it). */
export function parseReadQuery(text: string): ReadQuery | undefined {
  const question = /^Question: (.*)$/m.exec(text)?.[1];
  const typeLine = /^Answer type: ([a-z_]+)(?: \((.*)\))?\./m.exec(text);
  if (question === undefined || !typeLine || !isAnswerType(typeLine[1]!)) return undefined;
  const constraint: Record<string, unknown> = {};
  for (const match of (typeLine[2] ?? "").matchAll(/(\w+)=((?:\[[^\]]*\])|(?:"[^"]*")|(?:[^,]+))/g)) {
    try {
      constraint[match[1]!] = JSON.parse(match[2]!);
    } catch {
      // A member the reader cannot parse is left out; the host validates the answer anyway.
    }
  }
  const lines = [...text.matchAll(/^\| (.*)$/gm)].map((match) => match[1]!);
  return { question, type: typeLine[1] as AnswerType, constraint: constraint as AnswerConstraint, lines };
}

/** "1 h 25 min", "25 min", "2 hours" → ISO 8601 (PT1H25M): how a reader writes durations it sees. */
function isoDuration(text: string): string | undefined {
  const match = /^(?:(\d+)\s*(?:h|hr|hrs|hours?))?\s*(?:(\d+)\s*(?:m|min|mins|minutes?))?$/i.exec(text.trim());
  if (!match || (match[1] === undefined && match[2] === undefined)) return undefined;
  return `PT${match[1] ? `${Number(match[1])}H` : ""}${match[2] ? `${Number(match[2])}M` : ""}`;
}

/** Every stretch of up to six words of a line, longest first, and quoted parts. */
function candidatesOf(line: string, type: AnswerType): string[] {
  // A command is read as the text writes it for copying, a code span: any stretch of prose words
  // would "validate" as a shell command.
  if (type === "shell_command") return [...line.matchAll(/`([^`]+)`/g)].map((match) => match[1]!.trim()).filter((code) => code !== "");
  const words = line.split(/\s+/).filter((word) => word !== "");
  const out: string[] = [...line.matchAll(/["“]([^"”]+)["”]/g)].map((match) => match[1]!);
  for (let length = Math.min(6, words.length); length >= 1; length--)
    for (let start = 0; start + length <= words.length; start++) {
      const stretch = words.slice(start, start + length).join(" ");
      out.push(stretch, stretch.replace(/^[^\p{L}\p{N}$€£¥#@~/(]+|[^\p{L}\p{N}%)/]+$/gu, ""));
    }
  return out.filter((candidate) => candidate !== "");
}

/** Types that name someone: a reader answers them from a line that is the name alone (a byline), not a word of a sentence. */
const IDENTITY_TYPES: ReadonlySet<string> = new Set(["username", "person_name"]);

/**
 * The value a careful reader gives: for a question about someone, the first line that is wholly
 * a value of the type (a byline beside the text that answers the question); else, and for every
 * other type, the first value in these lines that validates as the type.
 */
export function readerValueIn(lines: readonly string[], query: ReadQuery): string | undefined {
  if (IDENTITY_TYPES.has(query.type)) {
    const whole = lines.find((line) => validateAnswer(query.type, query.constraint, line.trim()).ok);
    if (whole !== undefined) return whole.trim();
  }
  return firstValueIn(lines, query);
}

/** The first value in these lines that validates as the query's type. */
export function firstValueIn(lines: readonly string[], query: ReadQuery, screen?: { width: number; height: number }): string | undefined {
  if (query.type === "enum") {
    const options = query.constraint.options ?? [];
    for (const line of lines) for (const option of options) if (line.toLowerCase().includes(option.toLowerCase())) return option;
    return undefined;
  }
  for (const line of lines)
    for (const candidate of candidatesOf(line, query.type)) {
      const raw = query.type === "duration" ? (isoDuration(candidate) ?? candidate) : candidate;
      const checked = validateAnswer(query.type, query.constraint, raw, screen ? { screen } : undefined);
      if (checked.ok) return raw;
    }
  return undefined;
}

const STOP = new Set([
  "the",
  "and",
  "for",
  "what",
  "which",
  "when",
  "where",
  "who",
  "how",
  "does",
  "this",
  "that",
  "with",
  "from",
  "shown",
  "screen",
  "page",
  "is",
  "of",
  "to",
  "a",
  "an",
  "in",
  "on",
]);

/**
 * Lines in the order a careful reader would look for the answer: the line that shares most of the
 * question's words, then the lines nearest to it (a value usually sits beside what names it), the
 * rest in reading order when no line shares a word.
 */
export function linesByRelevance(query: ReadQuery): string[] {
  const words = query.question
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 3 && !STOP.has(word));
  const scores = query.lines.map((line) => words.filter((word) => line.toLowerCase().includes(word)).length);
  const best = scores.indexOf(Math.max(0, ...scores));
  if (best < 0 || scores[best] === 0) return [...query.lines];
  return query.lines
    .map((line, index) => ({ line, index, distance: Math.abs(index - best) }))
    .sort((a, b) => a.distance - b.distance || a.index - b.index)
    .map((entry) => entry.line);
}
