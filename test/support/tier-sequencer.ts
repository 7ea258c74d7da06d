import { statSync } from "node:fs";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The longest files first, so the two workers finish together instead of one idling while the
 * other runs a long file it started last. A fresh clone has no timings from earlier runs, so the
 * order comes from the tiers (slow, then browser, then unit: in that order their files take
 * longest) and, within a tier, from file size.
 */
const TIER_RANK = [/\.slow\.test\.ts$/, /\.browser\.test\.ts$/];

/** Files known to run for minutes, first of all: the Chromium crawls of every scenario's pages. */
const LONGEST = [/items-in-snapshot-corpus\.slow\.test\.ts$/, /items-in-snapshot\.slow\.test\.ts$/];

const rankOf = (file: string) => {
  const longest = LONGEST.findIndex((pattern) => pattern.test(file));
  if (longest !== -1) return longest - LONGEST.length;
  const rank = TIER_RANK.findIndex((pattern) => pattern.test(file));
  return rank === -1 ? TIER_RANK.length : rank;
};

export class TierSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const size = (file: string) => statSync(file).size;
    return [...files].sort((a, b) => rankOf(a.moduleId) - rankOf(b.moduleId) || size(b.moduleId) - size(a.moduleId));
  }
}
