import { createHash } from "node:crypto";
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const SCREENSHOTS_DIR = "screenshots";

/**
 * Screenshots of a run, content-addressed: `<run>/screenshots/<sha256>.<ext>`. Identical screens
 * (the same page seen twice, the same start page in every episode) are written once, and a
 * record names its screenshots by path, so records stay small and the folder stays checkable
 * (a file's name is its hash). Writes go through a temporary file, so a killed run never leaves
 * a truncated image under a valid name.
 */
export class ScreenshotStore {
  private readonly dir: string;
  private readonly known = new Set<string>();

  constructor(runDir: string) {
    this.dir = join(runDir, SCREENSHOTS_DIR);
    mkdirSync(this.dir, { recursive: true });
  }

  /** Stores the image (if new) and returns its path relative to the run folder. */
  save(image: Buffer, extension: "jpg" | "png"): string {
    const name = `${createHash("sha256").update(image).digest("hex")}.${extension}`;
    const relative = `${SCREENSHOTS_DIR}/${name}`;
    if (this.known.has(name)) return relative;
    const path = join(this.dir, name);
    if (!existsSync(path)) {
      const temporary = `${path}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
      writeFileSync(temporary, image);
      renameSync(temporary, path);
    }
    this.known.add(name);
    return relative;
  }
}
