import { intersectRects, type Rect } from "../geometry/rect.js";

/** A uniform grid over the screenshot for "which boxes touch this rectangle?" queries. */
export class GridIndex<T> {
  private readonly cells = new Map<number, Array<{ rect: Rect; value: T; serial: number }>>();
  private serial = 0;
  constructor(
    private readonly width: number,
    private readonly height: number,
    private readonly cell = 64,
  ) {}

  private columns(): number {
    return Math.ceil(this.width / this.cell) + 1;
  }

  insert(rect: Rect, value: T): void {
    const entry = { rect, value, serial: this.serial++ };
    this.visit(rect, (key) => {
      const list = this.cells.get(key);
      if (list === undefined) this.cells.set(key, [entry]);
      else list.push(entry);
    });
  }

  /** Values whose rectangle shares area with `rect`, each once, in insertion order. */
  query(rect: Rect): T[] {
    const seen = new Set<number>();
    const hits: Array<{ serial: number; value: T }> = [];
    this.visit(rect, (key) => {
      for (const entry of this.cells.get(key) ?? []) {
        if (seen.has(entry.serial)) continue;
        seen.add(entry.serial);
        if (intersectRects(entry.rect, rect) !== null) hits.push(entry);
      }
    });
    return hits.sort((a, b) => a.serial - b.serial).map((hit) => hit.value);
  }

  private visit(rect: Rect, fn: (key: number) => void): void {
    const x0 = Math.max(0, Math.floor(rect[0] / this.cell));
    const y0 = Math.max(0, Math.floor(rect[1] / this.cell));
    const x1 = Math.min(Math.ceil(this.width / this.cell), Math.floor((rect[0] + rect[2] - 1) / this.cell));
    const y1 = Math.min(Math.ceil(this.height / this.cell), Math.floor((rect[1] + rect[3] - 1) / this.cell));
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) fn(y * this.columns() + x);
  }
}
