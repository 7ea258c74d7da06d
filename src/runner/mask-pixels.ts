/** F as a bitmap: 1 where the pixel is masked. */
export function maskBitmap(mask: readonly (readonly number[])[], width: number, height: number): Uint8Array {
  const bitmap = new Uint8Array(width * height);
  for (const [rx = 0, ry = 0, rw = 0, rh = 0] of mask) {
    for (let y = Math.max(0, ry); y < Math.min(height, ry + rh); y++)
      bitmap.fill(1, y * width + Math.max(0, rx), y * width + Math.min(width, rx + rw));
  }
  return bitmap;
}

/** The pixel bounds of `rect` (snapped outward, clipped to the screen). */
function pixelBounds(rect: readonly number[], width: number, height: number): [number, number, number, number] {
  const [x = 0, y = 0, w = 0, h = 0] = rect;
  return [Math.max(0, Math.floor(x)), Math.max(0, Math.floor(y)), Math.min(width, Math.ceil(x + w)), Math.min(height, Math.ceil(y + h))];
}

/** Pixels of `rect` (snapped outward, clipped to the screen) that are not masked. */
export function unmaskedPixels(bitmap: Uint8Array, width: number, height: number, rect: readonly number[]): number {
  const [x0, y0, x1, y1] = pixelBounds(rect, width, height);
  let open = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (bitmap[y * width + x] === 0) open++;
  return open;
}

/** Pixels of `rect` on the screen (snapped outward). */
export function clippedArea(rect: readonly number[], width: number, height: number): number {
  const [x0, y0, x1, y1] = pixelBounds(rect, width, height);
  return Math.max(0, x1 - x0) * Math.max(0, y1 - y0);
}
