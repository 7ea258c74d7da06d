/** Decoded pixels of a screenshot: RGBA, row by row. */
export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  channels: 4;
}

/** Decodes a PNG (or any format sharp reads) to RGBA pixels. */
export async function decodeImage(png: Buffer): Promise<RawImage> {
  const { default: sharp } = await import("sharp");
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 4 };
}
