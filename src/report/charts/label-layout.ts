/**
 * Places point labels so they do not cover each other or the points. vega's own label transform
 * needs a canvas, which Node does not have, so this is a small greedy placer over estimated text
 * boxes: deterministic, good enough for the dozen or two points a leaderboard plot has.
 */
export interface LabelInput {
  /** Point position in pixels inside the plot area. */
  x: number;
  y: number;
  text: string;
}

export interface LabelPlacement {
  dx: number;
  dy: number;
  align: "left" | "right" | "center";
  baseline: "middle" | "bottom" | "top";
}

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** Average advance of an 11 px sans-serif character; a slight overestimate keeps labels apart. */
const CHAR_WIDTH = 6.4;
const LINE_HEIGHT = 13;
const POINT_RADIUS = 5;

function candidates(distance: number): LabelPlacement[] {
  const diagonal = Math.round(distance * 0.75);
  return [
    { dx: distance, dy: 0, align: "left", baseline: "middle" },
    { dx: -distance, dy: 0, align: "right", baseline: "middle" },
    { dx: 0, dy: -distance, align: "center", baseline: "bottom" },
    { dx: 0, dy: distance, align: "center", baseline: "top" },
    { dx: diagonal, dy: -diagonal, align: "left", baseline: "bottom" },
    { dx: diagonal, dy: diagonal, align: "left", baseline: "top" },
    { dx: -diagonal, dy: -diagonal, align: "right", baseline: "bottom" },
    { dx: -diagonal, dy: diagonal, align: "right", baseline: "top" },
  ];
}

function boxOf(point: LabelInput, placement: LabelPlacement): Box {
  const width = point.text.length * CHAR_WIDTH;
  const x = point.x + placement.dx;
  const y = point.y + placement.dy;
  const left = placement.align === "left" ? x : placement.align === "right" ? x - width : x - width / 2;
  const top = placement.baseline === "bottom" ? y - LINE_HEIGHT : placement.baseline === "top" ? y : y - LINE_HEIGHT / 2;
  return { left, right: left + width, top, bottom: top + LINE_HEIGHT };
}

function overlapArea(a: Box, b: Box): number {
  const width = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const height = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return width > 0 && height > 0 ? width * height : 0;
}

function outside(box: Box, width: number, height: number): number {
  return Math.max(0, -box.left) + Math.max(0, box.right - width) + Math.max(0, -box.top) + Math.max(0, box.bottom - height);
}

/** One placement per input, in input order. `width` and `height` bound the area labels may use. */
export function placeLabels(points: readonly LabelInput[], width: number, height: number): LabelPlacement[] {
  const obstacles: Box[] = points.map((p) => ({
    left: p.x - POINT_RADIUS,
    right: p.x + POINT_RADIUS,
    top: p.y - POINT_RADIUS,
    bottom: p.y + POINT_RADIUS,
  }));
  const placed: Box[] = [];
  const result: LabelPlacement[] = new Array(points.length);
  // Crowded points first: they have the fewest good spots left.
  const crowding = points.map((p) => points.filter((q) => Math.hypot(p.x - q.x, p.y - q.y) < 40).length);
  const order = points.map((_, index) => index).sort((a, b) => (crowding[b] as number) - (crowding[a] as number) || a - b);
  for (const index of order) {
    const point = points[index] as LabelInput;
    let best: { placement: LabelPlacement; box: Box; cost: number } | undefined;
    for (const distance of [8, 16, 26]) {
      for (const placement of candidates(distance)) {
        const box = boxOf(point, placement);
        let cost = outside(box, width, height) * 50 + distance * 0.5;
        for (const other of placed) cost += overlapArea(box, other) * 4;
        for (const obstacle of obstacles) cost += overlapArea(box, obstacle) * 2;
        if (!best || cost < best.cost) best = { placement, box, cost };
      }
      if (best && best.cost <= distance * 0.5) break;
    }
    const chosen = best as { placement: LabelPlacement; box: Box };
    placed.push(chosen.box);
    result[index] = chosen.placement;
  }
  return result;
}
