/**
 * The workspace-masking measurement shared by test/guard/workspace-rules.browser.test.ts, the canary
 * tests and bench/guard-workspace-masking.ts lives in src/runner (measure-page.ts), where the F5
 * mask-integrity harness uses it too; this file re-exports it and keeps what only tests need.
 */

export {
  describeRow,
  isCapacityRelease,
  isHidden,
  isLeak,
  type MeasuredView,
  measurePage,
} from "../../../src/runner/index.js";
/**
 * Every string of a scenario state at least `min` characters long, and the key names under any
 * `extra` (shown as content too): on the rich fixture each is a distinct marker.
 */
export function stateStrings(state: unknown, min = 4): string[] {
  const out = new Set<string>();
  const walk = (value: unknown, inExtra: boolean): void => {
    if (typeof value === "string") {
      if (value.trim().length >= min) out.add(value.trim());
    } else if (Array.isArray(value)) for (const element of value) walk(element, inExtra);
    else if (value !== null && typeof value === "object") {
      for (const [key, inner] of Object.entries(value)) {
        if (inExtra && key.length >= min) out.add(key);
        walk(inner, inExtra || key === "extra");
      }
    }
  };
  walk(state, false);
  return [...out];
}
