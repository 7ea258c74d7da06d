import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

let found: string | undefined;

/**
 * The folder of safecua's package.json, found by walking up from this module. Files shipped with
 * the package (the built-in pack, the bundled font) are found from here rather than by a fixed
 * `../..` from each module, which would break when the CLI is bundled into fewer, flatter files.
 */
export function packageRoot(): string {
  if (found !== undefined) return found;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, "utf8")) as { name?: unknown }).name === "safecua") {
      found = dir;
      return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error("safecua's package.json was not found above its modules");
    dir = parent;
  }
}

/** A file or folder shipped with the package, e.g. `packs/builtin`. */
export function packagePath(...segments: string[]): string {
  return join(packageRoot(), ...segments);
}
