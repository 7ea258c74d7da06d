import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { isAbsolute, relative } from "node:path";
import { packageRoot } from "../core/index.js";
import { evaluatorCodeHash } from "../injection/index.js";
import type { RunManifest } from "../records/index.js";

export const SUITES = ["disclosure", "injection"] as const;
export type Suite = (typeof SUITES)[number];

/** A pack file's path as the manifest keeps it: relative to the package for the built-in pack, else as loaded. */
function shownPath(path: string): string {
  const inside = relative(packageRoot(), path);
  return inside.startsWith("..") || isAbsolute(inside) ? path : inside;
}

/**
 * The manifest's `injection` field: every pack file by sha256 of its bytes, and the evaluator
 * code's hash. The dataset fingerprint already pins the scenarios as parsed; these pin the files
 * a reader can open and the code that turned evidence into ASR.
 */
export function injectionManifest(files: readonly string[]): NonNullable<RunManifest["injection"]> {
  return {
    pack_files: files.map((path) => ({ path: shownPath(path), sha256: createHash("sha256").update(readFileSync(path)).digest("hex") })),
    evaluator_sha256: evaluatorCodeHash(),
  };
}
