import { createHash } from "node:crypto";
import { xoroshiro128plusFromState } from "pure-rand/generator/xoroshiro128plus";
import type { RandomGenerator } from "pure-rand/types/RandomGenerator";

/**
 * A deterministic random stream identified by a numeric seed and a key string.
 *
 * Why a key: the AgentCIBench reference drew every group's bootstrap from one
 * shared generator, so a group's CI changed when another group was added or the
 * groups were processed in another order. Here each group (model, failure mode,
 * metric, …) gets its own stream derived from (seed, key) alone, so its numbers
 * depend on nothing else that was computed.
 *
 * The stream state is the first 128 bits of SHA-256 over an unambiguous encoding
 * of (seed, key). A cryptographic hash means that streams for different keys are
 * unrelated (no structure shared between "mode:a" and "mode:b"), and with a 2^128
 * period the chance that two streams overlap within the draws we make is
 * negligible. The generator is xoroshiro128+ from pure-rand.
 */
export class SeededRandom {
  private readonly gen: RandomGenerator;

  private constructor(gen: RandomGenerator) {
    this.gen = gen;
  }

  /** Stream for (seed, key). The seed must be a safe integer; the key may be any string. */
  static fromSeed(seed: number, key = ""): SeededRandom {
    return new SeededRandom(xoroshiro128plusFromState(deriveStreamState(seed, key)));
  }

  /** Uniform integer in [0, 2^32). */
  nextUint32(): number {
    return this.gen.next() >>> 0;
  }

  /**
   * Uniform double in [0, 1) with 53 random bits. Built from the high bits of two
   * outputs because the lowest bits of xoroshiro128+ are its weakest.
   */
  nextFloat(): number {
    const high27 = this.gen.next() >>> 5;
    const high26 = this.gen.next() >>> 6;
    return (high27 * 67108864 + high26) / 9007199254740992; // (a·2^26 + b) / 2^53
  }

  /**
   * Uniform integer in [0, bound), without modulo bias: draws at or above the
   * largest multiple of `bound` below 2^32 are rejected, and the kept draw is
   * mapped by division so that the high bits decide the result.
   */
  nextInt(bound: number): number {
    if (!Number.isInteger(bound) || bound < 1 || bound > 4294967296) {
      throw new RangeError(`nextInt: bound must be an integer in [1, 2^32], got ${bound}`);
    }
    const bucket = Math.floor(4294967296 / bound);
    const limit = bucket * bound;
    let draw = this.gen.next() >>> 0;
    while (draw >= limit) draw = this.gen.next() >>> 0;
    // Exact: draw/bucket is at least 1/bucket away from the next integer, far more than one ulp.
    return Math.floor(draw / bucket);
  }
}

/** Shorthand for {@link SeededRandom.fromSeed}. */
export function seededRandom(seed: number, key = ""): SeededRandom {
  return SeededRandom.fromSeed(seed, key);
}

/**
 * The 128-bit xoroshiro state for (seed, key), as four signed 32-bit words.
 * Exposed so that tests (and anyone porting the stats) can check the derivation.
 */
export function deriveStreamState(seed: number, key: string): [number, number, number, number] {
  if (!Number.isSafeInteger(seed)) {
    throw new RangeError(`seed must be a safe integer, got ${seed}`);
  }
  // The decimal seed never contains NUL, so "seed NUL key" cannot be confused
  // with a different (seed, key) pair.
  const digest = createHash("sha256").update(`${seed}\u0000${key}`, "utf8").digest();
  const state: [number, number, number, number] = [
    digest.readInt32BE(0),
    digest.readInt32BE(4),
    digest.readInt32BE(8),
    digest.readInt32BE(12),
  ];
  // xoroshiro must not start from the all-zero state (it would emit zeros forever).
  if (state.every((word) => word === 0)) state[0] = 1;
  return state;
}
