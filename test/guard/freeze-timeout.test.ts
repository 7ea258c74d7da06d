import { describe, expect, it } from "vitest";
import { FREEZE_TIMEOUT_ENV, FREEZE_TIMEOUT_MS, freezeTimeoutMs } from "../../src/guard/capture/index.js";

describe("the freeze's deadline", () => {
  it("is 2 s on an idle machine and stretches with the load per core, up to 8×", () => {
    expect(freezeTimeoutMs(() => ({ load: 0.5, cores: 2 }))).toBe(FREEZE_TIMEOUT_MS);
    expect(freezeTimeoutMs(() => ({ load: 6, cores: 2 }))).toBe(3 * FREEZE_TIMEOUT_MS);
    expect(freezeTimeoutMs(() => ({ load: 70, cores: 2 }))).toBe(8 * FREEZE_TIMEOUT_MS);
  });

  it("is exactly what SAFECUA_FREEZE_TIMEOUT_MS says when set, whatever the load; a bad value names the variable", () => {
    const loaded = () => ({ load: 70, cores: 2 });
    expect(freezeTimeoutMs(loaded, { [FREEZE_TIMEOUT_ENV]: "1500" })).toBe(1500);
    expect(freezeTimeoutMs(loaded, { [FREEZE_TIMEOUT_ENV]: " " })).toBe(8 * FREEZE_TIMEOUT_MS);
    for (const bad of ["0", "-5", "soon"])
      expect(() => freezeTimeoutMs(loaded, { [FREEZE_TIMEOUT_ENV]: bad })).toThrow(
        `${FREEZE_TIMEOUT_ENV}: "${bad}" is not a positive number of ms`,
      );
  });
});
