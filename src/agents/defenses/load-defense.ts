import { readFileSync, statSync } from "node:fs";
import { basename, extname } from "node:path";
import { InputError } from "../../core/index.js";
import { DEFENSE_NAMES, DEFENSES, isDefenseName, sha256Hex } from "./builtin-defenses.js";
import type { Defense } from "./defense.js";

/** A defense that cannot be loaded: an unknown name, a missing or empty file. Bad input (exit 2), not a crash. */
export class DefenseError extends InputError {
  constructor(message: string, file?: string) {
    super(message, file === undefined ? {} : { file });
  }
}

/** The word that stands for the whole sweep in `--defense all`. */
const ALL_DEFENSES = "all";

const KNOWN = `known defenses: ${DEFENSE_NAMES.join(", ")} (or "${ALL_DEFENSES}" for the sweep, or a path to a text file)`;

/**
 * A built-in defense by name, or a user's defense from a text file. Built-in names win over a
 * file of the same name in the working directory; anything with a path separator or a file
 * extension is taken as a path, and a path that does not exist is reported as such (not as an
 * unknown name), so a typo in `--defense-file` says what went wrong.
 */
export function loadDefense(nameOrPath: string): Defense {
  const spec = nameOrPath.trim();
  if (isDefenseName(spec)) return DEFENSES.find((defense) => defense.name === spec) as Defense;
  if (spec === ALL_DEFENSES) throw new DefenseError(`"${ALL_DEFENSES}" names several defenses; expand it with resolveDefenses()`);
  if (looksLikePath(spec) || isFile(spec)) return loadDefenseFile(spec);
  throw new DefenseError(`unknown defense "${nameOrPath}"; ${KNOWN}`);
}

/**
 * A defense read from a UTF-8 text file (`--defense-file PATH`), named `file:<stem>`. The text is
 * trimmed; an empty file is an error because it would silently run the undefended baseline
 * under another name.
 */
export function loadDefenseFile(path: string): Defense {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new DefenseError(
      code === "ENOENT" ? "defense file not found" : `cannot read the defense file: ${(error as Error).message}`,
      path,
    );
  }
  text = text.replace(/^\uFEFF/, "").trim();
  if (text === "") throw new DefenseError("defense file is empty", path);
  const stem = basename(path, extname(path)) || basename(path);
  return Object.freeze({ name: `file:${stem}`, text, source: "file" as const, path, sha256: sha256Hex(text) });
}

/**
 * Expands defense specs as given on the command line (repeated flags and/or comma-separated
 * lists; `all` = the four built-ins in sweep order) into distinct defenses, first occurrence
 * order. An empty list means the baseline alone.
 */
export function resolveDefenses(specs: string | readonly string[]): Defense[] {
  const parts = (typeof specs === "string" ? [specs] : specs)
    .flatMap((spec) => spec.split(","))
    .map((part) => part.trim())
    .filter((part) => part !== "");
  const expanded = parts.length === 0 ? ["none"] : parts;
  const out: Defense[] = [];
  const seen = new Map<string, Defense>();
  for (const part of expanded) {
    for (const defense of part === ALL_DEFENSES ? DEFENSES : [loadDefense(part)]) {
      const earlier = seen.get(defense.name);
      if (earlier && earlier.sha256 !== defense.sha256) {
        // Records are keyed by defense name: two different texts under one name would mix.
        throw new DefenseError(
          `two different defense files are both named "${defense.name}" (${earlier.path} and ${defense.path}); rename one`,
        );
      }
      if (earlier) continue;
      seen.set(defense.name, defense);
      out.push(defense);
    }
  }
  return out;
}

function looksLikePath(spec: string): boolean {
  return spec.includes("/") || spec.includes("\\") || extname(spec) !== "";
}

function isFile(spec: string): boolean {
  try {
    return statSync(spec).isFile();
  } catch {
    return false;
  }
}
