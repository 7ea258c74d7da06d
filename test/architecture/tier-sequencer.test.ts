import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import type { TestSpecification } from "vitest/node";
import { PROJECT_ROOT } from "../support/corpus.js";
import { TierSequencer } from "../support/tier-sequencer.js";

/** Every test file of the project, as the sequencer is handed them (only `moduleId` is read). */
function testFiles(): TestSpecification[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".test.ts")) found.push(path);
    }
  };
  walk(join(PROJECT_ROOT, "test"));
  return found.sort().map((moduleId) => ({ moduleId }) as TestSpecification);
}

describe("the tier sequencer", () => {
  it("starts the files known to run for minutes first, longest first, then slow, browser and unit files", async () => {
    const sequencer = new TierSequencer({} as ConstructorParameters<typeof TierSequencer>[0]);
    const order = (await sequencer.sort(testFiles())).map((spec) => relative(PROJECT_ROOT, spec.moduleId));
    expect(order.slice(0, 4)).toEqual([
      "test/injection/pack-oracles.slow.test.ts",
      "test/injection/baselines.slow.test.ts",
      "test/e2e/items-in-snapshot-corpus.slow.test.ts",
      "test/e2e/items-in-snapshot.slow.test.ts",
    ]);
    const tier = (file: string) => (file.endsWith(".slow.test.ts") ? 0 : file.endsWith(".browser.test.ts") ? 1 : 2);
    const tiers = order.map(tier);
    expect(tiers).toEqual([...tiers].sort((a, b) => a - b));
  });
});
