import { createHash } from "node:crypto";
import type { Strategy } from "./strategies.js";

/**
 * A child's id: `<seed id>__<strategy>__<8 hex>`, the hex being the start of
 * sha256(parent id, strategy, iteration, run seed). The reference used an unseeded uuid4, so two
 * runs never produced the same ids; ours are a function of the search path.
 */
export function childId(seedId: string, parentId: string, strategy: Strategy, iteration: number, seed: number): string {
  const digest = createHash("sha256")
    .update(JSON.stringify([parentId, strategy, iteration, seed]))
    .digest("hex");
  return `${seedId}__${strategy}__${digest.slice(0, 8)}`;
}

/** A 31-bit integer derived from parts, for request seeds (providers want a small integer). */
export function derivedSeed(...parts: Array<string | number>): number {
  const digest = createHash("sha256").update(JSON.stringify(parts)).digest();
  return digest.readUInt32BE(0) & 0x7fffffff;
}
