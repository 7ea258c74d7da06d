import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../support/corpus.js";

/**
 * The module table of docs/design/modules.md, enforced: every file of `src/<module>/` imports only
 * the modules its row allows, reaches them only through their `index.ts`, and imports only the
 * packages its row lists. The table is read from the document, so the two cannot drift.
 */
const SRC = join(PROJECT_ROOT, "src");

interface ModuleRule {
  mayImport: Set<string> | "any";
  packages: Set<string> | "any";
}

function readTable(): Map<string, ModuleRule> {
  const text = readFileSync(join(PROJECT_ROOT, "docs", "design", "modules.md"), "utf8");
  const rules = new Map<string, ModuleRule>();
  for (const line of text.split("\n")) {
    const cells = line.split("|").map((cell) => cell.trim());
    const name = /^`([a-z]+)\/`$/.exec(cells[1] ?? "")?.[1];
    if (!name) continue;
    const list = (cell: string | undefined): Set<string> | "any" =>
      cell === "any"
        ? "any"
        : new Set(
            (cell ?? "")
              .split(",")
              .map((part) => part.trim())
              .filter((part) => part !== "" && part !== "—"),
          );
    rules.set(name, { mayImport: list(cells[3]), packages: list(cells[4]) });
  }
  return rules;
}

function filesOf(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesOf(path) : path.endsWith(".ts") ? [path] : [];
  });
}

/** Every module specifier a file imports, statically or with `import()`, type-only imports included. */
function specifiersOf(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?\sfrom\s+"([^"]+)"/g)) found.push(match[1] as string);
  for (const match of source.matchAll(/(?:^|\n)\s*import\s+"([^"]+)"/g)) found.push(match[1] as string);
  for (const match of source.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g)) found.push(match[1] as string);
  return found;
}

const packageOf = (specifier: string) =>
  specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : (specifier.split("/")[0] as string);

const table = readTable();
const modules = readdirSync(SRC).filter((name) => statSync(join(SRC, name)).isDirectory());

describe("module boundaries (docs/design/modules.md)", () => {
  it("has a row for every module of src/ and no row for a module that does not exist", () => {
    expect([...table.keys()].sort()).toEqual([...modules].sort());
  });

  for (const module of modules) {
    it(`${module}/ imports only what its row allows, through index.ts`, () => {
      const rule = table.get(module);
      expect(rule, `no row for ${module}/ in docs/design/modules.md`).toBeDefined();
      const problems: string[] = [];
      for (const file of filesOf(join(SRC, module))) {
        const where = relative(PROJECT_ROOT, file);
        for (const specifier of specifiersOf(readFileSync(file, "utf8"))) {
          if (specifier.startsWith("node:")) continue;
          if (!specifier.startsWith(".")) {
            if (rule?.packages !== "any" && !rule?.packages.has(packageOf(specifier)))
              problems.push(`${where} imports the package ${specifier}`);
            continue;
          }
          const target = relative(SRC, join(file, "..", specifier));
          const [targetModule, ...rest] = target.split("/");
          if (targetModule === undefined || targetModule.startsWith("..")) problems.push(`${where} imports ${specifier}, outside src/`);
          else if (targetModule === module) continue;
          else if (rule?.mayImport !== "any" && !rule?.mayImport.has(targetModule))
            problems.push(`${where} imports ${targetModule}/, which ${module}/ may not import`);
          else if (rest.join("/") !== "index.js") problems.push(`${where} reaches past ${targetModule}/index.ts: ${specifier}`);
        }
      }
      expect(problems).toEqual([]);
    });
  }

  it("names every source file in kebab-case after what it exports", () => {
    const bad = filesOf(SRC)
      .map((file) => relative(SRC, file))
      .filter((path) => !path.split("/").every((part) => /^[a-z0-9]+(-[a-z0-9]+)*(\.ts)?$/.test(part)));
    expect(bad).toEqual([]);
  });

  it("catches a forbidden import (the check itself works)", () => {
    // A weakened table that lets nothing import scenario/ must report the scoring module's imports.
    const scoring = filesOf(join(SRC, "scoring")).flatMap((file) => specifiersOf(readFileSync(file, "utf8")));
    expect(scoring.some((specifier) => specifier.endsWith("scenario/index.js"))).toBe(true);
    expect(specifiersOf('import type { A } from "../x/index.js";\nconst m = await import("../y/index.js");')).toEqual([
      "../x/index.js",
      "../y/index.js",
    ]);
  });
});

describe("the library entry point (src/index.ts)", () => {
  // Importing the entry point transforms the whole source tree once: seconds alone, over the unit
  // tier's 30 s when the machine is loaded (seen twice at load 20+).
  it("offers a chosen list of names, not the modules as namespaces", { timeout: 120_000 }, async () => {
    const library = (await import("../../src/index.js")) as Record<string, unknown>;
    // Running a benchmark, scoring answers, guarding a page, reading runs (the README's "Library").
    expect(Object.keys(library).sort()).toEqual(
      [
        "InputError",
        "ModelSetup",
        "REFERENCE_AGENTS",
        "capturePage",
        "createModelClient",
        "guardPage",
        "loadDataset",
        "loadScenarios",
        "paintMask",
        "parseRuleSet",
        "readManifest",
        "readRecords",
        "resumeRun",
        "scoreOutput",
        "startRun",
        "summarizeRun",
        "writeRunReports",
      ].sort(),
    );
    for (const module of modules) expect(library[module], `namespace ${module}`).toBeUndefined();
    expect(
      new (library.InputError as typeof import("../../src/core/index.js").InputError)("x", { file: "f.json", path: ["a", 0] }).message,
    ).toBe("f.json: $.a[0]: x");
  });
});
