import { defineConfig } from "vitest/config";
import { TierSequencer } from "./test/support/tier-sequencer.js";

/**
 * Three tiers, all run by scripts/test.sh (`npx vitest run` runs them all):
 * - unit: pure modules and the CLI in process (`main(argv, io)`); loopback only.
 * - browser (`*.browser.test.ts`): real Chromium, one instance shared by every file.
 * - slow (`*.slow.test.ts`): what must spawn processes (kills, signals) or crawl the corpus.
 *
 * The tiers run one after another (`groupOrder`: unit, browser, slow), not side by side: side by
 * side, a slow file's four oracle episodes and the browser tier's files each drove Chromium at once,
 * and on 2 cores the whole suite cost more CPU than its tiers run apart (2,100 CPU-s and 1,126 s
 * against 1,581 CPU-s and 865 s, same machine, same tests). Unit first, so a plain mistake fails
 * in the first minute.
 */
export default defineConfig({
  test: {
    // Two workers suit the 2-core machines this runs on.
    maxWorkers: 2,
    sequence: { sequencer: TierSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: "slow",
          sequence: { groupOrder: 2 },
          include: ["test/**/*.slow.test.ts"],
          globalSetup: ["test/support/global/build.ts", "test/support/global/chromium.ts"],
          setupFiles: ["test/support/seed-properties.ts"],
          testTimeout: 400_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: "unit",
          sequence: { groupOrder: 0 },
          include: ["test/**/*.test.ts"],
          exclude: ["test/**/*.browser.test.ts", "test/**/*.slow.test.ts"],
          setupFiles: ["test/support/loopback-only.ts", "test/support/seed-properties.ts"],
          // Files share a worker's module graph: importing the sources once per worker instead of
          // once per file is most of this tier's time. Tests must leave no global state behind.
          isolate: false,
          // A ceiling for a hang, not a speed check: the heaviest unit tests take 3-5 s on a quiet
          // 2-core machine and were 12x slower at a load average of 16 (30 s failed two of them:
          // the rendering operator's 3.1 s sweep took 37 s). Speed is the benches' to measure.
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: "browser",
          sequence: { groupOrder: 1 },
          include: ["test/**/*.browser.test.ts"],
          globalSetup: ["test/support/global/chromium.ts"],
          setupFiles: ["test/support/seed-properties.ts"],
          // As in the unit tier: a worker imports Playwright and the sources once, not once per file.
          // Alone, this tier took 372 s and 600 CPU-s isolated, 299 s and 491 CPU-s not (its worker
          // processes: 155 against 94 CPU-s).
          isolate: false,
          // Chromium work is slow on a loaded 2-core machine.
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
