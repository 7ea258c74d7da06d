import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  comparisonMde,
  loadReportRun,
  PAPER_APPENDIX_F,
  PAPER_BASELINE,
  powerGroups,
  powerTable,
  powerTableText,
  renderHtmlReport,
} from "../../src/report/index.js";
import { ScenarioSchema } from "../../src/scenario/index.js";
import { fixtureScenario } from "../support/scenario-fixture.js";
import { writeStandardFixture } from "./standard-fixture.js";

describe("powerTable", () => {
  it("reproduces every row of the paper's Appendix F with the paper's √n formula at its baseline", () => {
    for (const published of PAPER_APPENDIX_F) {
      const [row] = powerTable([{ label: published.group, n: published.n }], {
        baseline: PAPER_BASELINE,
        alpha: 0.05,
        powers: [published.power],
      });
      // The paper printed TAO's h as 0.324 where the formula gives 0.32350: a last-digit rounding.
      expect(Math.abs((row?.paper_h ?? 0) - published.h)).toBeLessThanOrEqual(0.001);
      expect(Math.abs((row?.paper_up ?? 0) * 100 - published.pp)).toBeLessThanOrEqual(0.1);
    }
  });

  it("gives our two-group MDE √2 larger in h than the paper's, and a larger detectable difference", () => {
    const [row] = powerTable([{ label: "all", n: 117 }], { baseline: 0.65, alpha: 0.05, powers: [0.8] });
    expect(row?.h).toBeCloseTo((row?.paper_h ?? 0) * Math.SQRT2, 12);
    expect((row?.up ?? 0) * 100).toBeCloseTo(16.1, 1);
    expect(row?.up ?? 0).toBeGreaterThan(row?.paper_up ?? 1);
  });

  it("adds the paired MDE only when a discordance is given", () => {
    const groups = [{ label: "all", n: 50 }];
    expect(powerTable(groups, { baseline: 0.65, alpha: 0.05, powers: [0.8] })[0]).not.toHaveProperty("paired");
    const [paired] = powerTable(groups, { baseline: 0.65, alpha: 0.05, powers: [0.8], discordance: 0.2 });
    expect(paired?.paired).toBeGreaterThan(0);
    expect(powerTableText([paired as never])).toContain("paired MDE pp");
  });
});

describe("powerGroups", () => {
  it("counts all scenarios and each failure mode present, in the modes' order", () => {
    const scenario = (id: string, mode: "visual_co_location" | "task_ambiguity_overshare") =>
      ScenarioSchema.parse(fixtureScenario({ id, failure_mode: mode }));
    const groups = powerGroups([
      scenario("a", "task_ambiguity_overshare"),
      scenario("b", "visual_co_location"),
      scenario("c", "task_ambiguity_overshare"),
    ]);
    expect(groups).toEqual([
      { label: "all", n: 3 },
      { label: "VCL", n: 1 },
      { label: "TAO", n: 2 },
    ]);
  });
});

describe("comparisonMde", () => {
  it("is the two-group MDE from arm A's rate, on the side of the observed difference", () => {
    // From 0.65 with 117: up +16.1 pp, down −18.1 pp (sin²(asin√.65 ± h/2)).
    expect(comparisonMde({ n: 117, mean_a: 0.65, difference: 0.05 })).toBeCloseTo(0.1608782344, 9);
    expect(comparisonMde({ n: 117, mean_a: 0.65, difference: -0.05 })).toBeCloseTo(0.65 - 0.469220445131463, 9);
  });

  it("falls back to the other side at the edge, and is null without pairs", () => {
    const fromOne = comparisonMde({ n: 20, mean_a: 1, difference: 0 });
    expect(fromOne).toBeGreaterThan(0);
    expect(comparisonMde({ n: 0, mean_a: Number.NaN, difference: Number.NaN })).toBeNull();
  });
});

describe("the report's defense sweep", () => {
  it("states the MDE of each paired comparison it shows", async () => {
    const root = mkdtempSync(join(tmpdir(), "safecua-mde-"));
    try {
      const { runDir } = await writeStandardFixture(root, 9);
      const html = await renderHtmlReport([await loadReportRun(runDir)]);
      const sweep = html.slice(html.indexOf('id="defenses"'));
      expect(sweep).toContain('title="minimum detectable difference at 80% power">MDE</th>');
      expect(sweep).toMatch(/<td class="num mde">±\d+\.\d pp<\/td>/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
