import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { testSeed } from "../support/test-seed.js";

const saved = process.env.SAFECUA_TEST_SEED;
afterEach(() => {
  if (saved === undefined) delete process.env.SAFECUA_TEST_SEED;
  else process.env.SAFECUA_TEST_SEED = saved;
});

describe("the suite's seed for generated inputs", () => {
  it("is read from SAFECUA_TEST_SEED, absent when unset or empty, refused when not an integer", () => {
    process.env.SAFECUA_TEST_SEED = "262144";
    expect(testSeed()).toBe(262144);
    process.env.SAFECUA_TEST_SEED = "";
    expect(testSeed()).toBeUndefined();
    delete process.env.SAFECUA_TEST_SEED;
    expect(testSeed()).toBeUndefined();
    process.env.SAFECUA_TEST_SEED = "abc";
    expect(() => testSeed()).toThrow(/SAFECUA_TEST_SEED must be an integer, not "abc"/);
  });

  it("when set, every property of the run draws the same inputs again (a CI failure replays locally)", () => {
    if (saved === undefined) return expect(fc.readConfigureGlobal().seed).toBeUndefined();
    expect(fc.readConfigureGlobal().seed).toBe(Number(saved));
    expect(fc.sample(fc.integer(), 5)).toEqual(fc.sample(fc.integer(), 5));
  });
});
