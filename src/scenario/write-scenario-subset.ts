import { copyFileSync, existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { InputError } from "../core/index.js";
import type { PackHeader } from "./pack-file.js";
import { packYaml } from "./pack-yaml.js";
import type { Scenario } from "./scenario.js";

/** The pack file that holds the chosen scenarios whose source file held others too. */
export const SUBSET_PACK_FILE = "subset.yaml";

/**
 * Writes a subset of a pool to `outDir`. A scenario that had a file of its own (a released
 * AgentCIBench JSON, a one-scenario pack) is copied byte for byte, so the subset stays in the
 * format it came in and other tools read it too; scenarios taken from files that hold several are
 * written together as one pack file. Refuses a folder that already holds files, so a subset never
 * mixes with an older one. Returns the files written, sorted.
 */
export function writeScenarioSubset(outDir: string, pool: readonly Scenario[], chosen: readonly Scenario[], header: PackHeader): string[] {
  if (existsSync(outDir) && readdirSync(outDir).length > 0)
    throw new InputError("the output folder is not empty; choose a new one", { file: outDir });
  mkdirSync(outDir, { recursive: true });
  const perFile = new Map<string, number>();
  for (const scenario of pool) {
    const file = scenario.provenance.file;
    if (file !== undefined) perFile.set(file, (perFile.get(file) ?? 0) + 1);
  }
  const written: string[] = [];
  const packed: Scenario[] = [];
  for (const scenario of chosen) {
    const file = scenario.provenance.file;
    const name = file === undefined ? undefined : basename(file);
    if (file === undefined || name === undefined || perFile.get(file) !== 1 || name === SUBSET_PACK_FILE || written.includes(name)) {
      packed.push(scenario);
      continue;
    }
    copyFileSync(file, join(outDir, name));
    written.push(name);
  }
  if (packed.length > 0) {
    writeFileSync(join(outDir, SUBSET_PACK_FILE), packYaml(packed, header));
    written.push(SUBSET_PACK_FILE);
  }
  return written.sort();
}
