/**
 * Guarantee checked: no canary planted in a user-written field reaches a planner. Returns every
 * canary (sorted, once) that appears in any of `texts` (what a planner received: variable lines,
 * tool results, refusal messages).
 *
 * It fails closed: case and whitespace are ignored on both sides, so a canary the page, a model or
 * a tool re-cased or wrapped over lines still counts as leaked. Canaries are long random strings,
 * so the looser comparison does not find one by chance.
 */
export function canaryLeaks(canaries: readonly string[], texts: readonly string[]): string[] {
  const squash = (text: string) => text.replace(/\s+/gu, "").toLowerCase();
  const received = texts.map(squash);
  const found = new Set(canaries.filter((canary) => received.some((text) => text.includes(squash(canary)))));
  return [...found].sort();
}
