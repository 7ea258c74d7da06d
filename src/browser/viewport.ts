/** A page's size in CSS pixels; with DPR 1 these are also screenshot pixels. */
export interface Viewport {
  width: number;
  height: number;
}

export const DEFAULT_VIEWPORT: Viewport = { width: 1280, height: 800 };
