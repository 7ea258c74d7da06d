import { createHash } from "node:crypto";

/**
 * A perceptual hash of an image (docs/design/guarded-agent.md, "The planner's view": "screen
 * changed" = the masked image's hash differs): the image shrunk to 96×54 grey levels, each cut to
 * 16 steps, hashed. Re-encoding noise and sub-pixel anti-aliasing do not change it; a typed word, a
 * new row or a moved block do.
 */
export async function screenHash(png: Buffer): Promise<string> {
  const { default: sharp } = await import("sharp");
  const pixels = await sharp(png).greyscale().resize(96, 54, { fit: "fill", kernel: "cubic" }).raw().toBuffer();
  const levels = Buffer.from(pixels.map((value) => value >> 4));
  return createHash("sha256").update(levels).digest("hex").slice(0, 16);
}
