import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as stats from "../../src/stats/index.js";
import { PROJECT_ROOT } from "../support/corpus.js";

const STATS_DIR = join(PROJECT_ROOT, "src", "stats");

describe("src/stats module boundary", () => {
  const files = readdirSync(STATS_DIR).filter((f) => f.endsWith(".ts"));

  it("imports only its own files, pure-rand and node:crypto", () => {
    for (const file of files) {
      const source = readFileSync(join(STATS_DIR, file), "utf8");
      for (const match of source.matchAll(/from\s+"([^"]+)"/g)) {
        const specifier = match[1] as string;
        const allowed = /^\.\/[a-z0-9-]+\.js$/.test(specifier) || specifier.startsWith("pure-rand/") || specifier === "node:crypto";
        expect(allowed, `${file} imports ${specifier}`).toBe(true);
      }
    }
  });

  it("names files in kebab-case and exports every public function from index.ts", () => {
    for (const file of files) expect(file).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*\.ts$/);
    for (const name of [
      "seededRandom",
      "bootstrapMeanCI",
      "summarizeOutcomes",
      "cohenH",
      "twoProportionPower",
      "minimumDetectableDifference",
      "normalCdf",
      "normalQuantile",
      "wilsonInterval",
      "pairedComparison",
      "mcnemarExactTest",
    ]) {
      expect(typeof (stats as Record<string, unknown>)[name], name).toBe("function");
    }
  });
});
