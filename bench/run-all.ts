/**
 * Runs every benchmark script in bench/ (each `*.ts` file except this one and `_`-prefixed
 * helpers), one after another, each in its own Node process so that one benchmark's JIT state
 * and heap do not colour the next. Add a benchmark by adding a file. Exits non-zero if any failed.
 * Run: npm run bench
 */
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const self = basename(fileURLToPath(import.meta.url));
const scripts = readdirSync(here)
  .filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts") && f !== self && !f.startsWith("_"))
  .sort();

const failed: string[] = [];
for (const script of scripts) {
  console.log(`\n== ${script}`);
  const result = spawnSync(process.execPath, ["--import", "tsx", join(here, script)], { stdio: "inherit" });
  if (result.status !== 0) failed.push(`${script} (${result.error?.message ?? `exit ${result.status ?? result.signal}`})`);
}

console.log(`\n${scripts.length - failed.length} of ${scripts.length} benchmark(s) passed`);
if (failed.length > 0) {
  console.error(`failed: ${failed.join(", ")}`);
  process.exitCode = 1;
}
