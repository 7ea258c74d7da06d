import { describe, expect, it } from "vitest";
import { behaviourBars } from "../../src/report/charts/behaviour-bars.js";
import { placeLabels } from "../../src/report/charts/label-layout.js";
import { labelledScatter } from "../../src/report/charts/labelled-scatter.js";
import { assertInertSvg } from "../../src/report/charts/vega-svg.js";

describe("assertInertSvg", () => {
  it("accepts plain vega-style SVG", () => {
    expect(() =>
      assertInertSvg(
        '<svg xmlns="http://www.w3.org/2000/svg" class="marks"><g transform="translate(1,2)"><text aria-label="a: &lt;script&gt;">&lt;script&gt; x onload=1</text></g></svg>',
        "t",
      ),
    ).not.toThrow();
  });

  it.each([
    ["<svg><script>alert(1)</script></svg>", "<script>"],
    ['<svg onload="alert(1)"></svg>', "onload"],
    ['<svg><a href="javascript:alert(1)"><text>x</text></a></svg>', "<a>"],
    ['<svg><image href="http://x/y.png"/></svg>', "<image>"],
    ["<svg><foreignObject><div></div></foreignObject></svg>", "<foreignobject>"],
    ["<svg><g onclick=alert(1)></g></svg>", "cannot check"],
  ])("rejects %s", (svg, what) => {
    expect(() => assertInertSvg(svg, "figure")).toThrow(what);
  });
});

describe("charts", () => {
  it("draws one dot and one escaped label per point, and CI whiskers where given", async () => {
    const svg = (
      await labelledScatter(
        [
          { label: "<script>alert(1)</script>", x: 0.2, y: 0.4, xCi: [0.1, 0.3], yCi: [0.3, 0.5], group: "all" },
          { label: "b & c", x: 0.8, y: 0.9, group: "all" },
        ],
        { xTitle: "U", yTitle: "L_eng", description: "test scatter" },
      )
    ).value;
    expect(svg).toMatch(/^<svg role="img" aria-label="test scatter" /);
    expect(svg).not.toContain("<script>");
    expect(svg).toContain("&lt;script&gt;alert(1)&lt;/script&gt;</text>");
    expect(svg).toContain("b &amp; c</text>");
    const symbols = svg.match(/<g class="mark-symbol role-mark[^"]*"[^>]*>(.*?)<\/g>/)?.[1] ?? "";
    expect(symbols.match(/<path /g)).toHaveLength(2);
    // One horizontal and one vertical whisker: only the first point has CIs.
    expect(svg.match(/<g class="mark-rule role-mark[^"]*"[^>]*>(.*?)<\/g>/g)?.map((group) => group.match(/<line /g)?.length ?? 0)).toEqual([
      1, 1,
    ]);
  });

  it("draws four segments per row in the behaviour bars", async () => {
    const svg = (
      await behaviourBars([
        { label: "a", behaviour: { completed_clean: 1, completed_leak: 2, incomplete_clean: 3, incomplete_leak: 4 } },
        { label: "b", behaviour: { completed_clean: 0, completed_leak: 0, incomplete_clean: 0, incomplete_leak: 0 } },
      ])
    ).value;
    const rects = svg.match(/<g class="mark-rect role-mark[^"]*"[^>]*>(.*?)<\/g>/)?.[1] ?? "";
    expect(rects.match(/<path /g)).toHaveLength(8);
    expect(svg).toContain(">40%</text>");
  });
});

describe("placeLabels", () => {
  it("keeps labels of nearby points from covering each other", () => {
    const points = [
      { x: 100, y: 100, text: "alpha-model" },
      { x: 104, y: 102, text: "beta-model" },
      { x: 98, y: 96, text: "gamma-model" },
    ];
    const placements = placeLabels(points, 500, 300);
    const boxes = placements.map((p, i) => {
      const point = points[i] as (typeof points)[number];
      const width = point.text.length * 6.4;
      const x = point.x + p.dx;
      const y = point.y + p.dy;
      const left = p.align === "left" ? x : p.align === "right" ? x - width : x - width / 2;
      const top = p.baseline === "bottom" ? y - 13 : p.baseline === "top" ? y : y - 6.5;
      return { left, right: left + width, top, bottom: top + 13 };
    });
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i] as (typeof boxes)[number];
        const b = boxes[j] as (typeof boxes)[number];
        const overlap = Math.min(a.right, b.right) > Math.max(a.left, b.left) && Math.min(a.bottom, b.bottom) > Math.max(a.top, b.top);
        expect(overlap, `labels ${i} and ${j}`).toBe(false);
      }
    expect(placeLabels(points, 500, 300)).toEqual(placements);
  });

  it("turns a label at the right edge to the left", () => {
    const [placement] = placeLabels([{ x: 495, y: 150, text: "a long label here" }], 500, 300);
    expect(placement?.align).toBe("right");
  });
});
