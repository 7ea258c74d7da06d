import type { Rect } from "./rect.js";

/**
 * Boolean operations on unions of integer rectangles by a sweep over horizontal bands: inside one
 * band (between two consecutive y edges) every rectangle is a plain x-interval, so set algebra is
 * interval algebra. Output rectangles are disjoint; vertically adjacent bands with the same
 * interval are merged, so a plain page gives few rectangles. Exact at integer pixels.
 */
type Interval = [number, number];

function unionIntervals(intervals: Interval[]): Interval[] {
  if (intervals.length === 0) return [];
  intervals.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out: Interval[] = [];
  let [start, end] = intervals[0]!;
  for (let i = 1; i < intervals.length; i++) {
    const [s, e] = intervals[i]!;
    if (s <= end) end = Math.max(end, e);
    else {
      out.push([start, end]);
      start = s;
      end = e;
    }
  }
  out.push([start, end]);
  return out;
}

/** `keep` minus `cut`, both sorted and disjoint. */
function subtractIntervals(keep: Interval[], cut: Interval[]): Interval[] {
  const out: Interval[] = [];
  let j = 0;
  for (const [s0, e] of keep) {
    let s = s0;
    while (j < cut.length && cut[j]![1] <= s) j++;
    let k = j;
    while (k < cut.length && cut[k]![0] < e) {
      const [cs, ce] = cut[k]!;
      if (cs > s) out.push([s, cs]);
      s = Math.max(s, ce);
      if (s >= e) break;
      k++;
    }
    if (s < e) out.push([s, e]);
  }
  return out;
}

interface Tagged {
  rect: Rect;
  positive: boolean;
}

/** The area covered by `positive` and not by `negative`, as disjoint rectangles sorted by (y, x). */
export function subtractRects(positive: readonly Rect[], negative: readonly Rect[]): Rect[] {
  const items: Tagged[] = [];
  for (const rect of positive) if (rect[2] > 0 && rect[3] > 0) items.push({ rect, positive: true });
  if (items.length === 0) return [];
  for (const rect of negative) if (rect[2] > 0 && rect[3] > 0) items.push({ rect, positive: false });

  const edges = new Set<number>();
  for (const { rect } of items) {
    edges.add(rect[1]);
    edges.add(rect[1] + rect[3]);
  }
  const ys = [...edges].sort((a, b) => a - b);
  const byStart = [...items].sort((a, b) => a.rect[1] - b.rect[1]);

  const result: Rect[] = [];
  // Rectangles still growing downwards, keyed by their x-interval.
  let open = new Map<string, Rect>();
  let active: Tagged[] = [];
  let next = 0;
  for (let b = 0; b + 1 < ys.length; b++) {
    const y0 = ys[b]!;
    const y1 = ys[b + 1]!;
    active = active.filter((item) => item.rect[1] + item.rect[3] > y0);
    while (next < byStart.length && byStart[next]!.rect[1] <= y0) {
      const item = byStart[next++]!;
      if (item.rect[1] + item.rect[3] > y0) active.push(item);
    }
    const keep: Interval[] = [];
    const cut: Interval[] = [];
    for (const { rect, positive: isPositive } of active) {
      (isPositive ? keep : cut).push([rect[0], rect[0] + rect[2]]);
    }
    const band = subtractIntervals(unionIntervals(keep), unionIntervals(cut));
    const stillOpen = new Map<string, Rect>();
    for (const [s, e] of band) {
      const key = `${s},${e}`;
      const growing = open.get(key);
      if (growing !== undefined && growing[1] + growing[3] === y0) {
        growing[3] = y1 - growing[1];
        stillOpen.set(key, growing);
        open.delete(key);
      } else {
        stillOpen.set(key, [s, y0, e - s, y1 - y0]);
      }
    }
    for (const closed of open.values()) result.push(closed);
    open = stillOpen;
  }
  for (const closed of open.values()) result.push(closed);
  return result.sort((a, b) => a[1] - b[1] || a[0] - b[0]);
}

/** The union of `rects` as disjoint rectangles. */
function unionRects(rects: readonly Rect[]): Rect[] {
  return subtractRects(rects, []);
}

/** Total area of a union of rectangles (overlaps counted once). */
export function unionArea(rects: readonly Rect[]): number {
  let total = 0;
  for (const rect of unionRects(rects)) total += rect[2] * rect[3];
  return total;
}
