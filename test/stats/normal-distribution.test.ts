import { describe, expect, it } from "vitest";
import { erfc, normalCdf, normalQuantile } from "../../src/stats/normal-distribution.js";

const relErr = (got: number, want: number) => Math.abs(got - want) / Math.abs(want);

describe("normalQuantile", () => {
  it("matches the standard critical values", () => {
    expect(Math.abs(normalQuantile(0.975) - 1.959963984540054)).toBeLessThan(1e-12);
    expect(Math.abs(normalQuantile(0.8) - 0.8416212335729143)).toBeLessThan(1e-12);
    expect(Math.abs(normalQuantile(0.95) - 1.6448536269514722)).toBeLessThan(1e-12);
    expect(normalQuantile(0.5)).toBe(0);
  });

  // Python 3.11 statistics.NormalDist().inv_cdf (Wichura's AS241, ~1e-16).
  const reference: Array<[number, number]> = [
    [1e-300, -37.0470962993612],
    [1e-50, -14.933337534788489],
    [1e-20, -9.262340089798405],
    [1e-10, -6.361340902404056],
    [1e-5, -4.2648907939228256],
    [0.001, -3.090232306167813],
    [0.02425, -1.9729610513118845], // Acklam's region boundary
    [0.025, -1.9599639845400538],
    [0.1, -1.2815515655446008],
    [0.3, -0.5244005127080407],
    [0.6, 0.2533471031357998],
    [0.9, 1.2815515655446008],
    [0.99, 2.3263478740408408],
    [0.999999, 4.753424308817089],
  ];
  it.each(reference)("Φ⁻¹(%d) = %d to ~1e-13 relative", (p, x) => {
    expect(relErr(normalQuantile(p), x)).toBeLessThan(1e-13);
  });

  it("is antisymmetric and inverts normalCdf across the range", () => {
    for (let e = -300; e <= -1; e += 7) {
      const p = 10 ** e;
      const x = normalQuantile(p);
      expect(relErr(normalCdf(x), p)).toBeLessThan(1e-12);
      expect(normalQuantile(1 - p)).toBeCloseTo(-normalQuantile(1 - (1 - p)), 12);
    }
    for (let p = 0.01; p < 1; p += 0.01) expect(Math.abs(normalCdf(normalQuantile(p)) - p)).toBeLessThan(1e-15);
  });

  it("maps 0 and 1 to infinities and rejects other inputs", () => {
    expect(normalQuantile(0)).toBe(Number.NEGATIVE_INFINITY);
    expect(normalQuantile(1)).toBe(Number.POSITIVE_INFINITY);
    for (const bad of [-0.1, 1.1, Number.NaN]) expect(() => normalQuantile(bad)).toThrow(RangeError);
  });
});

describe("normalCdf", () => {
  it("Φ(1) = 0.8413447460685429 and Φ(0) = 1/2", () => {
    expect(Math.abs(normalCdf(1) - 0.8413447460685429)).toBeLessThan(1e-15);
    expect(normalCdf(0)).toBe(0.5);
  });

  // 0.5·math.erfc(−x/√2) in Python 3.11.
  const reference: Array<[number, number]> = [
    [-20, 2.7536241186063314e-89],
    [-10, 7.619853024160593e-24],
    [-6, 9.865876450377012e-10],
    [-3, 0.0013498980316300957],
    [-1.5, 0.06680720126885809],
    [0.5, 0.6914624612740131],
    [2.5, 0.9937903346742238],
    [5, 0.9999997133484281],
    [8, 0.9999999999999993],
  ];
  it.each(reference)("Φ(%d) = %d with small relative error, tails included", (x, p) => {
    expect(relErr(normalCdf(x), p)).toBeLessThan(1e-13);
  });

  it("is monotone and bounded at the extremes", () => {
    expect(normalCdf(-40)).toBe(0);
    expect(normalCdf(40)).toBe(1);
    let previous = 0;
    for (let x = -9; x <= 9; x += 0.05) {
      const p = normalCdf(x);
      expect(p).toBeGreaterThanOrEqual(previous);
      previous = p;
    }
  });
});

describe("erfc", () => {
  // Python 3.11 math.erfc.
  const reference: Array<[number, number]> = [
    [-3, 1.9999779095030015],
    [-1, 1.842700792949715],
    [-0.25, 1.276326390168237],
    [0, 1],
    [1e-8, 0.9999999887162083],
    [0.3, 0.6713732405408726],
    [1.5, 0.033894853524689274],
    [1.99, 0.004888586800383003], // either side of the series / continued-fraction switch
    [2.01, 0.004475150644751763],
    [2.5, 0.0004069520174449589],
    [4, 1.541725790028002e-8],
    [6, 2.1519736712498916e-17],
    [15, 7.212994172451206e-100],
    [26, 5.663192408856143e-296],
  ];
  it.each(reference)("erfc(%d) = %d", (x, y) => {
    expect(relErr(erfc(x), y)).toBeLessThan(1e-13);
  });

  it("handles NaN and large arguments", () => {
    expect(erfc(Number.NaN)).toBeNaN();
    expect(erfc(30)).toBe(0);
    expect(erfc(-30)).toBe(2);
  });
});
