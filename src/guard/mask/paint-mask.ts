import type { Rect } from "../geometry/rect.js";
import { MaskBuildError } from "./mask-build-error.js";
import { decodeImage, type RawImage } from "./raw-image.js";

/**
 * Paints the mask F onto a screenshot: every pixel inside F becomes opaque black, nothing else
 * changes. Works on the decoded pixels rather than compositing one image per rectangle, so the
 * painted area is exactly F at integer pixels (the hit test's area) and the cost does not grow
 * with the number of rectangles. With `expected`, a screenshot of another size is refused (its
 * pixels would not line up with the boxes).
 */
export async function paintMask(png: Buffer, mask: readonly Rect[], expected?: { width: number; height: number }): Promise<Buffer> {
  const image = await decodeImage(png);
  checkScreenshotSize(image, expected);
  return paintMaskOnPixels(image, mask);
}

/** A screenshot of another size than the capture's geometry cannot be masked (`screenshot-mismatch`). */
export function checkScreenshotSize(image: RawImage, expected: { width: number; height: number } | undefined): void {
  if (expected !== undefined && (expected.width !== image.width || expected.height !== image.height)) {
    throw new MaskBuildError(
      "screenshot-mismatch",
      `screenshot is ${image.width}×${image.height}, capture geometry expects ${expected.width}×${expected.height}`,
    );
  }
}

/** `paintMask` on pixels already decoded; they are copied, not changed. Returns a PNG. */
export async function paintMaskOnPixels(image: RawImage, mask: readonly Rect[]): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  const { width, height, channels } = image;
  const data = Buffer.from(image.data);
  for (const [rx, ry, rw, rh] of mask) {
    const x0 = Math.max(0, rx);
    const y0 = Math.max(0, ry);
    const x1 = Math.min(width, rx + rw);
    const y1 = Math.min(height, ry + rh);
    if (x1 <= x0 || y1 <= y0) continue;
    for (let y = y0; y < y1; y++) {
      const rowStart = (y * width + x0) * channels;
      const rowEnd = (y * width + x1) * channels;
      for (let p = rowStart; p < rowEnd; p += channels) {
        data[p] = 0;
        data[p + 1] = 0;
        data[p + 2] = 0;
        data[p + 3] = 255;
      }
    }
  }
  return sharp(data, { raw: { width, height, channels } }).png().toBuffer();
}
