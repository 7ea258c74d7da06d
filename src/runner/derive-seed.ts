import { createHash } from "node:crypto";

/**
 * A 31-bit seed from the run seed and the names of what it is for. Hashing (rather than adding
 * offsets) keeps episodes independent of how many others there are and of the order they run in.
 */
export function deriveSeed(seed: number, ...parts: Array<string | number>): number {
  const digest = createHash("sha256")
    .update([seed, ...parts].join("\u0000"))
    .digest();
  return digest.readUInt32BE(0) & 0x7fffffff;
}
