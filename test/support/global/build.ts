import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { PROJECT_ROOT } from "../corpus.js";

/**
 * The slow tier spawns the shipped bin, which runs the build: build it once, now, so the processes
 * run the sources under test (the bin would otherwise fall back to tsx, seconds a start).
 */
export function setup(): void {
  execFileSync(process.execPath, [join(PROJECT_ROOT, "scripts", "build.mjs")], { cwd: PROJECT_ROOT, stdio: "inherit" });
}
