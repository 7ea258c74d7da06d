import { statSync } from "node:fs";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The longest files first, so the two workers finish together instead of one idling while the
 * other runs a long file it started last. A fresh clone has no timings from earlier runs, so the
 * order comes from the tiers (slow, then browser, then unit: in that order their files take
 * longest) and, within a tier, from file size.
 */
const TIER_RANK = [/\.slow\.test\.ts$/, /\.browser\.test\.ts$/];

/**
 * Files known to run for minutes, longest first (wall seconds alone on the loaded 2-core machine,
 * measured when this list was last ordered): they start before everything else, so the two
 * workers share them and the short files fill in around them. Without this, file size put the
 * injection pack's oracle and baseline runs behind shorter slow files, and the suite ended with
 * one worker alone on a file of several minutes.
 */
const LONGEST = [
  /pack-oracles\.slow\.test\.ts$/,
  /baselines\.slow\.test\.ts$/,
  /items-in-snapshot-corpus\.slow\.test\.ts$/,
  /items-in-snapshot\.slow\.test\.ts$/,
  /mask-integrity-harness\.slow\.test\.ts$/,
  /interrupt\.slow\.test\.ts$/,
  /queued-run\.slow\.test\.ts$/,
];

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
