import { describe, expect, it } from "vitest";
import { FREEZE_TIMEOUT_MS, freezeTimeoutMs } from "../../src/guard/capture/index.js";

describe("the freeze's deadline", () => {
  it("is 2 s on an idle machine and stretches with the load per core, up to 8×", () => {
    expect(freezeTimeoutMs(() => ({ load: 0.5, cores: 2 }))).toBe(FREEZE_TIMEOUT_MS);
    expect(freezeTimeoutMs(() => ({ load: 6, cores: 2 }))).toBe(3 * FREEZE_TIMEOUT_MS);
    expect(freezeTimeoutMs(() => ({ load: 70, cores: 2 }))).toBe(8 * FREEZE_TIMEOUT_MS);
  });
});
