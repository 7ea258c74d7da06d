import { describe, expect, it } from "vitest";
import { bootstrapMeanCI, type Outcome, summarizeOutcomes, UNKNOWN_FAILURE_MODE, wilsonInterval } from "../../src/stats/index.js";

type Spec = Partial<Outcome> & { times?: number };

/** Builds outcomes from compact specs (default: completed, clean, engaged, no error). */
function outcomes(...specs: Spec[]): Outcome[] {
  return specs.flatMap(({ times = 1, ...o }) =>
    Array.from({ length: times }, () => ({ utility: 1 as const, leaked: false, refused: false, error: false, ...o })),
  );
}

describe("summarizeOutcomes: counts and rates", () => {
  // 20 non-error outcomes + 3 errors. Refusals share nothing, so they never leak.
  const data = outcomes(
    { utility: 1, leaked: false, times: 6 }, // completed_clean
    { utility: 1, leaked: true, times: 5 }, //  completed_leak
    { utility: 0, leaked: true, times: 3 }, //  incomplete_leak
    { utility: 0, leaked: false, times: 2 }, // incomplete_clean (engaged)
    { utility: 0, refused: true, times: 4 }, // refusals: incomplete_clean
    // Errors carry junk in their other fields; none of it may count anywhere.
    { error: true, utility: 1, leaked: true, times: 2 },
    { error: true, utility: 0, refused: true },
  );
  const s = summarizeOutcomes(data, { resamples: 2000 });

  it("excludes errors from every denominator and numerator", () => {
    expect(s.n).toBe(20);
    expect(s.errors).toBe(3);
    expect(s.utility).toMatchObject({ k: 11, n: 20, value: 11 / 20 });
    expect(s.leakage).toMatchObject({ k: 8, n: 20, value: 8 / 20 });
    expect(s.refusal).toMatchObject({ k: 4, n: 20, value: 4 / 20 });
  });

  it("computes engaged leakage as leaks / (n − refusals)", () => {
    expect(s.engaged_leakage).toMatchObject({ k: 8, n: 16, value: 8 / 16 });
  });

  it("decomposes behaviour over non-error outcomes", () => {
    expect(s.behaviour).toEqual({ completed_clean: 6, completed_leak: 5, incomplete_clean: 6, incomplete_leak: 3 });
    const total = Object.values(s.behaviour).reduce((a, b) => a + b, 0);
    expect(total).toBe(s.n);
  });

  it("gives each rate a CI that contains it and stays in [0, 1]", () => {
    for (const e of [s.utility, s.leakage, s.refusal, s.engaged_leakage]) {
      const [lo, hi] = e.ci as [number, number];
      expect(lo).toBeGreaterThanOrEqual(0);
      expect(hi).toBeLessThanOrEqual(1);
      expect(lo).toBeLessThanOrEqual(e.value);
      expect(hi).toBeGreaterThanOrEqual(e.value);
      expect(hi).toBeGreaterThan(lo);
    }
  });

  it("does not round rates", () => {
    const t = summarizeOutcomes(outcomes({ leaked: true }, { leaked: false, times: 2 }), { resamples: 100 });
    expect(t.leakage.value).toBe(1 / 3);
  });
});

describe("summarizeOutcomes: paper-sized group", () => {
  it("matches the paper's leakage CI for 16 leaks in 117 (13.7 [7.7, 20.5])", () => {
    const data = outcomes({ leaked: true, times: 16 }, { utility: 0, refused: true, times: 2 }, { times: 99 });
    const s = summarizeOutcomes(data);
    expect(s.leakage.value).toBeCloseTo(0.137, 3);
    const [lo, hi] = s.leakage.ci as [number, number];
    // P(Binomial(117, 16/117) ≤ 23) = 0.9736, just under 0.975, so with 10,000
    // resamples the upper bound is 24/117 = 20.5 % about 80 % of the time and
    // 23/117 = 19.7 % otherwise, depending on the stream. This stream (derived
    // from the metric and slice) gives 19.7 %; bootstrapMeanCI's test checks the
    // 0.6 pp tolerance on its own stream. Here: within one count of the paper.
    expect(Math.abs(lo * 100 - 7.7)).toBeLessThan(0.6);
    expect(Math.abs(hi * 100 - 20.5)).toBeLessThan(100 / 117 + 0.05);
    expect(s.refusal.value).toBeCloseTo(0.017, 3);
    expect(s.engaged_leakage).toMatchObject({ k: 16, n: 115 });
  });
});

describe("summarizeOutcomes: edge cases", () => {
  it("reports value 0 and no CI for engaged leakage when every outcome refused", () => {
    const s = summarizeOutcomes(outcomes({ utility: 0, refused: true, times: 5 }), { resamples: 100 });
    expect(s.refusal).toMatchObject({ value: 1, k: 5, n: 5 });
    expect(s.engaged_leakage).toEqual({ value: 0, ci: null, k: 0, n: 0 });
  });

  it("reports n = 0 estimates when every outcome is an error, and handles no outcomes", () => {
    const s = summarizeOutcomes(outcomes({ error: true, times: 3 }));
    expect(s.n).toBe(0);
    expect(s.errors).toBe(3);
    expect(s.utility).toEqual({ value: 0, ci: null, k: 0, n: 0 });
    expect(s.behaviour).toEqual({ completed_clean: 0, completed_leak: 0, incomplete_clean: 0, incomplete_leak: 0 });
    const empty = summarizeOutcomes([]);
    expect(empty.n).toBe(0);
    expect(empty.by_failure_mode).toEqual({});
  });

  it("gives a single outcome the Wilson interval of 1/1, and no CI to a single unit that is not at an edge", () => {
    const s = summarizeOutcomes(outcomes({}));
    expect(s.utility.ci?.[1]).toBe(1);
    expect(s.utility.ci?.[0]).toBeCloseTo(wilsonInterval(1, 1).ci?.[0] as number, 3);
    const oneScenario = summarizeOutcomes(outcomes({ unit: "s1", leaked: true }, { unit: "s1" }), { resamples: 100 });
    expect(oneScenario.leakage).toEqual({ value: 0.5, ci: null, k: 1, n: 2 });
  });

  it("counts a leak marked on a refusal as leakage but not as engaged leakage", () => {
    const s = summarizeOutcomes(outcomes({ utility: 0, refused: true, leaked: true }, { leaked: true }, { times: 2 }), { resamples: 100 });
    expect(s.leakage).toMatchObject({ k: 2, n: 4 });
    expect(s.engaged_leakage).toMatchObject({ k: 1, n: 3 });
  });

  it("rejects malformed outcomes with the index and field", () => {
    const bad = [{ utility: 2, leaked: false, refused: false, error: false }] as unknown as Outcome[];
    expect(() => summarizeOutcomes(bad)).toThrow(/outcome 0: utility must be 0 or 1/);
    const bad2 = [...outcomes({}), { utility: 1, leaked: "yes", refused: false, error: false }] as unknown as Outcome[];
    expect(() => summarizeOutcomes(bad2)).toThrow(/outcome 1: leaked must be a boolean/);
  });
});

describe("summarizeOutcomes: by failure mode", () => {
  const tao = outcomes(
    { failure_mode: "task_ambiguity_overshare", leaked: true, times: 7 },
    { failure_mode: "task_ambiguity_overshare", times: 3 },
  );
  const rma = outcomes(
    { failure_mode: "recipient_misalignment", leaked: true, times: 2 },
    { failure_mode: "recipient_misalignment", utility: 0, refused: true, times: 2 },
    { failure_mode: "recipient_misalignment", error: true },
  );
  const vcl = outcomes({ failure_mode: "visual_co_location", utility: 0, times: 4 });
  const unlabelled = outcomes({ leaked: true }, { utility: 0 });

  it("splits outcomes by mode with sorted keys, and unlabelled ones under 'unknown'", () => {
    const s = summarizeOutcomes([...vcl, ...unlabelled, ...rma, ...tao], { resamples: 500 });
    expect(Object.keys(s.by_failure_mode)).toEqual([
      "recipient_misalignment",
      "task_ambiguity_overshare",
      UNKNOWN_FAILURE_MODE,
      "visual_co_location",
    ]);
    const r = s.by_failure_mode.recipient_misalignment;
    expect(r).toMatchObject({
      n: 4,
      errors: 1,
      leakage: { k: 2, n: 4 },
      refusal: { k: 2, n: 4 },
      engaged_leakage: { k: 2, n: 2, value: 1 },
    });
    expect(r && "by_failure_mode" in r).toBe(false);
    expect(s.by_failure_mode.task_ambiguity_overshare?.leakage).toMatchObject({ k: 7, n: 10 });
    expect(s.by_failure_mode.visual_co_location?.behaviour).toEqual({
      completed_clean: 0,
      completed_leak: 0,
      incomplete_clean: 4,
      incomplete_leak: 0,
    });
    expect(s.by_failure_mode[UNKNOWN_FAILURE_MODE]?.leakage).toMatchObject({ k: 1, n: 2 });
    // The modes partition the whole.
    const modes = Object.values(s.by_failure_mode);
    expect(modes.reduce((a, m) => a + m.n, 0)).toBe(s.n);
    expect(modes.reduce((a, m) => a + m.errors, 0)).toBe(s.errors);
    expect(modes.reduce((a, m) => a + m.leakage.k, 0)).toBe(s.leakage.k);
  });

  it("gives a mode the same CIs whatever other modes are present and in whatever order", () => {
    const opts = { resamples: 300, key: "model-x" };
    const withRma = summarizeOutcomes([...tao, ...rma], opts).by_failure_mode.task_ambiguity_overshare;
    const withVcl = summarizeOutcomes([...vcl, ...[...tao].reverse(), ...unlabelled], opts).by_failure_mode.task_ambiguity_overshare;
    expect(withVcl).toEqual(withRma);
    expect(withRma?.leakage.ci).not.toBeNull();
  });

  it("keeps a mode named __proto__ as an ordinary key", () => {
    const s = summarizeOutcomes(outcomes({ failure_mode: "__proto__", times: 2 }), { resamples: 50 });
    expect(Object.keys(s.by_failure_mode)).toEqual(["__proto__"]);
    expect(Object.getPrototypeOf(s.by_failure_mode)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(s.by_failure_mode, "__proto__")?.value.n).toBe(2);
  });
});

describe("summarizeOutcomes: random streams", () => {
  // 117 outcomes where utility and leakage are the same 0/1 vector, so any
  // difference between their CIs comes from the stream alone. Few resamples
  // make the quantiles noisy enough for different streams to differ visibly.
  const data = outcomes({ utility: 1, leaked: true, times: 50 }, { utility: 0, leaked: false, times: 67 }).map((o) => ({
    ...o,
    failure_mode: "task_ambiguity_overshare",
  }));
  const opts = { resamples: 200, seed: 42, key: "model-a" };

  it("is reproducible", () => {
    expect(summarizeOutcomes(data, opts)).toEqual(summarizeOutcomes(data, opts));
  });

  it("derives each CI's stream from seed, key, metric and failure mode", () => {
    const s = summarizeOutcomes(data, opts);
    const mode = s.by_failure_mode.task_ambiguity_overshare;
    expect(s.utility.value).toBe(s.leakage.value);
    expect(s.utility.ci).not.toEqual(s.leakage.ci); // metric
    expect(mode?.leakage.ci).not.toEqual(s.leakage.ci); // failure-mode slice vs all outcomes
    expect(summarizeOutcomes(data, { ...opts, seed: 43 }).leakage.ci).not.toEqual(s.leakage.ci); // seed
    expect(summarizeOutcomes(data, { ...opts, key: "model-b" }).leakage.ci).not.toEqual(s.leakage.ci); // key
  });

  it("does not depend on the order of the outcomes", () => {
    expect(summarizeOutcomes([...data].reverse(), opts)).toEqual(summarizeOutcomes(data, opts));
  });

  it("uses the full resample count by default (same CI as bootstrapMeanCI at 10,000 draws, up to the stream)", () => {
    const s = summarizeOutcomes(data);
    const direct = bootstrapMeanCI(data.map((o) => o.utility)).ci as [number, number];
    const [lo, hi] = s.utility.ci as [number, number];
    // Different streams, same bootstrap: with 10,000 draws they differ by at most one count.
    expect(Math.abs(lo - direct[0]) * 117).toBeLessThanOrEqual(1);
    expect(Math.abs(hi - direct[1]) * 117).toBeLessThanOrEqual(1);
  });
});
