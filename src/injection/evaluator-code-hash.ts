import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { packagePath } from "../core/index.js";

/** The source folders whose code decides an injection score: the attack block and its checks, and the evaluators. */
const EVALUATOR_SOURCES = [
  ["src", "scenario", "attack"],
  ["src", "injection"],
] as const;

/**
 * sha256 of the evaluator code as shipped (the package carries its `src/`): every file of the
 * folders above, by relative path and content, in sorted order. A run's manifest records it, so
 * two runs' ASR can be compared only when they were scored by the same evaluators.
 */
export function evaluatorCodeHash(): string {
  const hash = createHash("sha256");
  for (const segments of EVALUATOR_SOURCES) {
    const dir = packagePath(...segments);
    for (const name of readdirSync(dir).sort()) {
      if (!name.endsWith(".ts")) continue;
      hash.update(`${segments.join("/")}/${name}\n`);
      hash.update(readFileSync(join(dir, name)));
      hash.update("\n");
    }
  }
  return hash.digest("hex");
}
