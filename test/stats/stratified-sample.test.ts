import { describe, expect, it } from "vitest";
import { seededRandom, stratifiedSample, stratumCounts } from "../../src/stats/index.js";

interface Item {
  mode: string;
  app: string;
}

function pool(size: number, seed: number): Item[] {
  const random = seededRandom(seed, "pool");
  const modes = ["tao", "tao", "tao", "rma", "vcl"];
  const apps = ["messenger", "calendar", "todo", "shop"];
  return Array.from({ length: size }, () => ({
    mode: modes[random.nextInt(modes.length)] as string,
    app: apps[random.nextInt(apps.length)] as string,
  }));
}

const byMode = (item: Item) => item.mode;
const byApp = (item: Item) => item.app;

describe("stratifiedSample", () => {
  it("draws n distinct items, in ascending order, the same for the same seed and different for another", () => {
    const items = pool(117, 1);
    const first = stratifiedSample(items, [byMode, byApp], 50, { seed: 7 });
    expect(first).toHaveLength(50);
    expect(new Set(first).size).toBe(50);
    expect(first).toEqual([...first].sort((a, b) => a - b));
    expect(stratifiedSample(items, [byMode, byApp], 50, { seed: 7 })).toEqual(first);
    expect(stratifiedSample(items, [byMode, byApp], 50, { seed: 8 })).not.toEqual(first);
  });

  it("keeps the first key's counts within one of proportional and summing to n, on many random pools", () => {
    for (let trial = 0; trial < 200; trial++) {
      const items = pool(20 + trial, trial);
      const n = 1 + (trial % items.length);
      const chosen = stratifiedSample(items, [byMode, byApp], n, { seed: trial }).map((index) => items[index] as Item);
      const inSample = new Map(stratumCounts(chosen, byMode));
      for (const [mode, count] of stratumCounts(items, byMode)) {
        const proportional = (n * count) / items.length;
        const drawn = inSample.get(mode) ?? 0;
        expect(drawn).toBeGreaterThanOrEqual(Math.floor(proportional));
        expect(drawn).toBeLessThanOrEqual(Math.ceil(proportional));
      }
    }
  });

  it("keeps the second key close within each value of the first", () => {
    const items = pool(300, 3);
    const chosen = stratifiedSample(items, [byMode, byApp], 100, { seed: 1 }).map((index) => items[index] as Item);
    for (const [mode] of stratumCounts(items, byMode)) {
      const poolMode = items.filter((item) => item.mode === mode);
      const sampleMode = chosen.filter((item) => item.mode === mode);
      const inSample = new Map(stratumCounts(sampleMode, byApp));
      for (const [app, count] of stratumCounts(poolMode, byApp)) {
        const proportional = (sampleMode.length * count) / poolMode.length;
        expect(Math.abs((inSample.get(app) ?? 0) - proportional)).toBeLessThan(1);
      }
    }
  });

  it("gives each stratum its share rounded by largest remainder: 2 of 100 drawn to 10 gets none", () => {
    const items: Item[] = [
      ...Array.from({ length: 98 }, () => ({ mode: "tao", app: "x" })),
      ...[0, 1].map(() => ({ mode: "vcl", app: "x" })),
    ];
    const chosen = stratifiedSample(items, [byMode], 10, { seed: 5 }).map((index) => items[index] as Item);
    expect(stratumCounts(chosen, byMode)).toEqual([["tao", 10]]);
  });

  it("returns everything when n is the pool's size, and rejects more", () => {
    const items = pool(10, 2);
    expect(stratifiedSample(items, [byMode], 10, { seed: 1 })).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(() => stratifiedSample(items, [byMode], 11, { seed: 1 })).toThrow(RangeError);
  });
});
