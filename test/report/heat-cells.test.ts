import { describe, expect, it } from "vitest";
import { heatCell } from "../../src/report/mode-tables-html.js";

const shadeOf = (k: number, n: number) => Number(/rgba\(220, 38, 38, ([\d.]+)\)/.exec(String(heatCell(k, n)))?.[1]);

describe("failure-mode heat cells", () => {
  it("shade by the rate's evidence: 1 leak of 1 is paler than 45 of 50, and more episodes at one rate are darker", () => {
    expect(shadeOf(1, 1)).toBeLessThan(shadeOf(45, 50));
    expect(shadeOf(5, 10)).toBeLessThan(shadeOf(50, 100));
    expect(shadeOf(0, 40)).toBeLessThan(shadeOf(1, 40));
  });

  it("show the rate and n", () => {
    const cell = String(heatCell(3, 12));
    expect(cell).toContain("25.0%");
    expect(cell).toContain("<small>3/12</small>");
    expect(cell).toContain('title="3 leaks of 12 engaged');
  });
});
