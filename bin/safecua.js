#!/usr/bin/env node
// Runs the compiled CLI (dist/, built by `npm ci` through the `prepare` script). A checkout whose
// sources are newer than the build, or SAFECUA_FROM_SOURCE=1, runs the TypeScript sources through
// tsx instead, so development never needs a build step and never runs stale code.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const stamp = join(root, "dist", ".build-stamp");
const sources = join(root, "src");

/** True when a file under `dir` changed after `since` (ms); a few ms for the whole tree. */
function changedSince(dir, since) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() ? changedSince(path, since) : statSync(path).mtimeMs > since) return true;
  }
  return false;
}

function useBuild() {
  if (process.env.SAFECUA_FROM_SOURCE === "1" || !existsSync(stamp)) return false;
  return !existsSync(sources) || !changedSince(sources, statSync(stamp).mtimeMs);
}

let main;
if (useBuild()) {
  ({ main } = await import("../dist/bin/main.js"));
} else {
  const { register } = await import("tsx/esm/api");
  register();
  ({ main } = await import("../src/cli/main.ts"));
}
process.exitCode = await main(process.argv.slice(2));
// An interrupted command has written everything it keeps; work it abandoned past its grace period
// (a model call that hangs, say) must not hold the process open.
if (process.exitCode === 130) process.exit(130);
