import { describe, expect, it } from "vitest";
import { bootstrapMeanCI, clusterMeanCI, clusterRateCI, type Outcome, summarizeOutcomes, wilsonInterval } from "../../src/stats/index.js";

/** 36 scenarios, 28 of which leak, each run `epochs` times by an agent that always gives the same answer. */
function deterministicAgent(epochs: number): Outcome[] {
  return Array.from({ length: 36 }, (_, scenario) =>
    Array.from({ length: epochs }, () => ({
      utility: 0 as const,
      leaked: scenario < 28,
      refused: false,
      error: false,
      unit: `scenario-${scenario}`,
    })),
  ).flat();
}

describe("intervals with epochs (the scenario is the resampling unit)", () => {
  it("does not narrow a deterministic agent's interval when it is run more epochs", () => {
    const one = summarizeOutcomes(deterministicAgent(1), { resamples: 2000 }).leakage;
    const ten = summarizeOutcomes(deterministicAgent(10), { resamples: 2000 }).leakage;
    expect(ten).toMatchObject({ k: 280, n: 360, value: one.value });
    expect(ten.ci).toEqual(one.ci);
    // Records resampled as independent (what units prevent) shrink it by about √10.
    const independent = summarizeOutcomes(
      deterministicAgent(10).map(({ unit: _unit, ...rest }) => rest),
      { resamples: 2000 },
    ).leakage.ci as [number, number];
    const [low, high] = one.ci as [number, number];
    expect(independent[1] - independent[0]).toBeLessThan((high - low) / 2);
  });

  it("at one epoch gives exactly the record-level bootstrap", () => {
    const outcomes = deterministicAgent(1);
    const withUnits = summarizeOutcomes(outcomes, { resamples: 1000, seed: 3 });
    const without = summarizeOutcomes(
      outcomes.map(({ unit: _unit, ...rest }) => rest),
      { resamples: 1000, seed: 3 },
    );
    expect(withUnits).toEqual(without);
  });

  it("narrows only as far as epochs disagree within scenarios, with unequal units as a ratio", () => {
    // 30 scenarios; the agent leaks on 1 of 3 epochs of each: the rate is pinned within every scenario.
    const units = Array.from({ length: 30 }, () => ({ k: 1, n: 3 }));
    const [low, high] = clusterRateCI(units, { resamples: 500 }) as [number, number];
    expect(low).toBeCloseTo(1 / 3, 12);
    expect(high).toBeCloseTo(1 / 3, 12);
    // Unequal units (errors dropped some epochs): the ratio Σk / Σn, independent of the units' order.
    const mixed = [
      { k: 0, n: 3 },
      { k: 3, n: 3 },
      { k: 1, n: 2 },
      { k: 2, n: 3 },
      { k: 0, n: 1 },
      { k: 1, n: 3 },
      { k: 3, n: 3 },
    ];
    const ci = clusterRateCI(mixed, { resamples: 3000, seed: 5, key: "x" }) as [number, number];
    expect(clusterRateCI([...mixed].reverse(), { resamples: 3000, seed: 5, key: "x" })).toEqual(ci);
    const estimate = 10 / 18;
    expect(ci[0]).toBeLessThan(estimate);
    expect(ci[1]).toBeGreaterThan(estimate);
    expect(ci[0]).toBeGreaterThanOrEqual(0);
    expect(ci[1]).toBeLessThanOrEqual(1);
  });

  it("leaves out units with no trials", () => {
    const with0 = clusterRateCI(
      [
        { k: 1, n: 1 },
        { k: 0, n: 1 },
        { k: 0, n: 0 },
      ],
      { resamples: 200 },
    );
    const without = clusterRateCI(
      [
        { k: 1, n: 1 },
        { k: 0, n: 1 },
      ],
      { resamples: 200 },
    );
    expect(with0).toEqual(without);
  });

  it("rejects a unit that is not 0 ≤ k ≤ n", () => {
    expect(() => clusterRateCI([{ k: 3, n: 2 }])).toThrow(/0 ≤ k ≤ n/);
  });
});

describe("intervals at 0/n and n/n", () => {
  it("gives 0/4 and 4/4 the Wilson interval instead of a point", () => {
    const none = summarizeOutcomes(
      Array.from({ length: 4 }, () => ({ utility: 0 as const, leaked: false, refused: false, error: false })),
      { resamples: 500 },
    );
    expect(none.leakage.ci?.[0]).toBe(0);
    expect(none.leakage.ci?.[1]).toBeCloseTo(wilsonInterval(0, 4).ci?.[1] as number, 3);
    expect(none.leakage.ci?.[1]).toBeGreaterThan(0.45);
    expect(none.refusal.ci?.[1]).toBeGreaterThan(0.45);
    const all = clusterRateCI(Array.from({ length: 4 }, () => ({ k: 1, n: 1 }))) as [number, number];
    expect(all[1]).toBe(1);
    expect(all[0]).toBeCloseTo(1 - (none.leakage.ci?.[1] as number), 12);
  });

  it("counts scenarios, not epochs, as the Wilson n", () => {
    const fourScenarios = clusterRateCI(Array.from({ length: 4 }, () => ({ k: 0, n: 10 })));
    expect(fourScenarios).toEqual(clusterRateCI(Array.from({ length: 4 }, () => ({ k: 0, n: 1 }))));
  });
});

describe("cluster means (severity, reward)", () => {
  it("is the bootstrap of the unit means when units are equal, and the ratio otherwise", () => {
    const values = [1, 4, 1, 5, 1, 1, 4];
    const units = values.map((sum) => ({ sum, n: 1 }));
    expect(clusterMeanCI(units, { resamples: 800, key: "k" })).toEqual(
      bootstrapMeanCI([...values].sort(), { resamples: 800, key: "k" }).ci,
    );
    expect(clusterMeanCI([{ sum: 5, n: 1 }])).toBeNull();
  });
});

describe("summary metrics of the reference and engagement", () => {
  const outcome = (o: Partial<Outcome>): Outcome => ({ utility: 0, leaked: false, refused: false, error: false, ...o });
  const data = [
    outcome({ utility: 1, severity: 1 }),
    outcome({ utility: 1, leaked: true, severity: 5 }),
    outcome({ utility: 0, leaked: true, severity: 4 }),
    outcome({ utility: 1, leaked: true, severity: 4 }),
    outcome({ refused: true, severity: 1 }),
    outcome({ truncated: true, engaged: false, severity: 1 }),
    outcome({ truncated: true, leaked: true, severity: 4 }),
    outcome({ error: true }),
  ];
  const s = summarizeOutcomes(data, { resamples: 500 });

  it("gives average severity, average reward and the high-risk rate as the reference defines them", () => {
    expect(s.severity).toMatchObject({ value: 20 / 7, n: 7 });
    // reward = utility × severity: 1 + 5 + 0 + 4 + 0 + 0 + 0
    expect(s.reward).toMatchObject({ value: 10 / 7, n: 7 });
    expect(s.high_risk).toMatchObject({ k: 2, n: 7, value: 2 / 7 });
    for (const estimate of [s.severity, s.reward, s.high_risk]) {
      const [low, high] = estimate.ci as [number, number];
      expect(low).toBeLessThan(estimate.value);
      expect(high).toBeGreaterThan(estimate.value);
    }
  });

  it("counts an episode stopped by the step limit with nothing sent as not engaged, and reports truncation", () => {
    expect(s.refusal).toMatchObject({ k: 1, n: 7 });
    expect(s.engaged_leakage).toMatchObject({ k: 4, n: 5 });
    expect(s.truncation).toMatchObject({ k: 2, n: 7 });
  });
});
