import type { MatcherMode } from "../matcher-mode.js";
import { projectSharedContent } from "../project-shared-content.js";
import { analyseText } from "../text-primitives.js";

/**
 * A ground-truth list exactly as `scoreOutput` prepares it (projection, blank items dropped;
 * strict also drops repeats up to case and accents), so the hybrid merge walks the same items
 * in the same order as the deterministic score it extends.
 */
export function groundTruthList(items: readonly string[], mode: MatcherMode): string[] {
  const projected = projectSharedContent(items);
  if (mode === "agentcibench") return projected;
  const seen = new Set<string>();
  return projected.filter((item) => {
    const key = analyseText(item, "strict").lower;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
