import { readdirSync, readFileSync, statSync } from "node:fs";
import { basename, extname, join } from "node:path";
import { canonicalJson, jsonPath, yaml } from "../core/index.js";
import { fromAgentCIBench, isAgentCIBenchRecord } from "./agentcibench/index.js";
import { checkFeasibility } from "./feasibility.js";
import { type LoadProblem, problemsFromZod } from "./load-problem.js";
import { PackFileSchema, type PackHeader } from "./pack-file.js";
import { type Scenario, ScenarioSchema } from "./scenario.js";

/** A problem a check found in one scenario: where, under the scenario's own path, and what was expected. */
interface ScenarioCheckProblem {
  path: PropertyKey[];
  message: string;
}

export interface LoadOptions {
  /** Feasibility problems become errors instead of warnings (`validate --strict`). */
  strict?: boolean;
  /**
   * Errors another module owns the schema for (the guarded agent's `guard.plan`, which this module
   * keeps as free records since it may import nothing internal): reported with the file and path
   * like any load error, and the scenario is left out, so a bad plan stops the command before any
   * episode runs instead of failing every episode of its task.
   */
  check?: (scenario: Scenario) => ScenarioCheckProblem[];
}

export interface LoadResult {
  scenarios: Scenario[];
  /** Errors and warnings, in file order. A scenario with an error is left out of `scenarios`. */
  problems: LoadProblem[];
  files: string[];
}

const SCENARIO_EXTENSIONS = new Set([".json", ".yaml", ".yml"]);

/** The reference keeps manifests next to scenarios; they are not scenarios. */
function isManifest(file: string): boolean {
  const name = basename(file).toLowerCase();
  return name.startsWith("manifest") || name.slice(0, name.length - extname(name).length).includes("manifest");
}

// Synchronous reads: a pack is dozens of small files read one after another, and a promise per
// file left the process idle between them (≈ 50 ms of a 68-file load on these machines).
function listFiles(path: string, problems: LoadProblem[]): string[] {
  let info;
  try {
    info = statSync(path);
  } catch {
    problems.push({ file: path, path: "$", message: "no such file or directory", severity: "error" });
    return [];
  }
  if (info.isFile()) return [path];
  const found: string[] = [];
  for (const entry of readdirSync(path, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const child = join(path, entry.name);
    if (entry.isDirectory()) found.push(...listFiles(child, problems));
    else if (SCENARIO_EXTENSIONS.has(extname(entry.name).toLowerCase()) && !isManifest(child)) found.push(child);
  }
  return found;
}

function parseText(text: string, file: string): { value: unknown } | { problem: LoadProblem } {
  const isYaml = [".yaml", ".yml"].includes(extname(file).toLowerCase());
  try {
    return { value: isYaml ? yaml().parse(text, { prettyErrors: true }) : JSON.parse(text) };
  } catch (error) {
    const message = (error as Error).message.split("\n")[0] ?? "unreadable";
    return { problem: { file, path: "$", message: `not valid ${isYaml ? "YAML" : "JSON"}: ${message}`, severity: "error" } };
  }
}

function parseOne(
  raw: unknown,
  file: string,
  at: PropertyKey[],
  pack: PackHeader | undefined,
): { scenario?: Scenario; problems: LoadProblem[] } {
  if (isAgentCIBenchRecord(raw)) {
    const { scenario: input, problems } = fromAgentCIBench(raw, file);
    const located = problems.map((problem) => ({ ...problem, path: jsonPath(at) + problem.path.slice(1) }));
    if (!input) return { problems: located };
    const parsed = ScenarioSchema.safeParse(input);
    if (!parsed.success) return { problems: [...located, ...problemsFromZod(parsed.error, file, at)] };
    return { scenario: parsed.data, problems: located };
  }
  const withDefaults =
    raw !== null && typeof raw === "object" && !Array.isArray(raw) && !("provenance" in raw)
      ? {
          ...raw,
          provenance: {
            source: pack?.name ?? "user",
            ...(pack?.license && { license: pack.license }),
            ...(pack?.author && { author: pack.author }),
          },
        }
      : raw;
  const parsed = ScenarioSchema.safeParse(withDefaults);
  if (!parsed.success) return { problems: problemsFromZod(parsed.error, file, at) };
  return { scenario: { ...parsed.data, provenance: { ...parsed.data.provenance, file } }, problems: [] };
}

/**
 * Feasibility is checked on the canonical scenario; for a file in the released AgentCIBench format
 * the path is translated back to that file's own keys, so a user can find the field.
 */
function releasedFormatPath(path: string): string {
  return path
    .replace(/\.(must_share|must_not_share)\[/, ".ground_truth.$1[")
    .replace(/\.task$/, ".task_prompt")
    .replace(/\.state\.([a-z_]+)/, ".initial_states.open_$1");
}

/** Parses one file's text: a scenario, a list of scenarios, a `{pack, scenarios}` pack, or an AgentCIBench record. */
export function parseScenarioFile(
  text: string,
  file: string,
): { scenarios: Array<{ scenario: Scenario; at: PropertyKey[] }>; problems: LoadProblem[] } {
  const read = parseText(text, file);
  if ("problem" in read) return { scenarios: [], problems: [read.problem] };
  const value = read.value;
  let entries: Array<{ raw: unknown; at: PropertyKey[] }>;
  let pack: PackHeader | undefined;
  if (Array.isArray(value)) {
    entries = value.map((raw, index) => ({ raw, at: [index] }));
  } else if (value !== null && typeof value === "object" && "scenarios" in value) {
    const parsed = PackFileSchema.safeParse(value);
    if (!parsed.success) return { scenarios: [], problems: problemsFromZod(parsed.error, file) };
    pack = parsed.data.pack;
    entries = parsed.data.scenarios.map((raw, index) => ({ raw, at: ["scenarios", index] }));
  } else {
    entries = [{ raw: value, at: [] }];
  }
  const scenarios: Array<{ scenario: Scenario; at: PropertyKey[] }> = [];
  const problems: LoadProblem[] = [];
  for (const { raw, at } of entries) {
    const result = parseOne(raw, file, at, pack);
    problems.push(...result.problems);
    if (result.scenario) scenarios.push({ scenario: result.scenario, at });
  }
  if (entries.length === 0) problems.push({ file, path: "$", message: "the file holds no scenarios", severity: "error" });
  return { scenarios, problems };
}

/** What two definitions of one id must share to be the same scenario: everything but the file it came from. */
function contentOf(scenario: Scenario): string {
  const { file: _file, ...provenance } = scenario.provenance;
  return canonicalJson({ ...scenario, provenance });
}

/** How many ids the one warning about identical duplicates names before it says "and N more". */
const NAMED_DUPLICATES = 3;

/**
 * Loads every scenario under `paths` (files or folders, recursively, `.json`/`.yaml`/`.yml`, in
 * sorted order). Feasibility problems are warnings unless `strict`, in which case the scenario is
 * rejected.
 *
 * An id defined twice with the same content (the released data's end-to-end folder holds
 * byte-identical copies of pool scenarios) is loaded once, and all such repeats together make one
 * warning line: pointing at a release folder should just work, and say what it skipped. The same
 * id with different content is an error naming both files, since either could be the one meant.
 */
export async function loadScenarios(paths: string[], options: LoadOptions = {}): Promise<LoadResult> {
  const problems: LoadProblem[] = [];
  const files: string[] = [];
  for (const path of paths) files.push(...listFiles(path, problems));
  if (paths.length > 0 && files.length === 0 && problems.length === 0) {
    problems.push({ file: paths.join(", "), path: "$", message: "no .json, .yaml or .yml scenario files found", severity: "error" });
  }
  const scenarios: Scenario[] = [];
  const first = new Map<string, { file: string; content: string }>();
  const repeats: Array<{ id: string; file: string; at: PropertyKey[]; firstFile: string }> = [];
  for (const file of files) {
    const parsed = parseScenarioFile(readFileSync(file, "utf8"), file);
    problems.push(...parsed.problems);
    for (const { scenario, at } of parsed.scenarios) {
      const previous = first.get(scenario.id);
      if (previous !== undefined) {
        if (previous.content === contentOf(scenario)) repeats.push({ id: scenario.id, file, at, firstFile: previous.file });
        else
          problems.push({
            file,
            path: jsonPath([...at, "id"]),
            message: `duplicate scenario id "${scenario.id}" with different content (first defined in ${previous.file})`,
            severity: "error",
          });
        continue;
      }
      first.set(scenario.id, { file, content: contentOf(scenario) });
      const checked = options.check?.(scenario) ?? [];
      for (const problem of checked) {
        problems.push({ file, path: jsonPath([...at, ...problem.path]), message: problem.message, severity: "error" });
      }
      if (checked.length > 0) continue;
      const feasibility = checkFeasibility(scenario, file, jsonPath(at)).map((problem) => ({
        ...problem,
        path: scenario.provenance.source === "agentcibench" ? releasedFormatPath(problem.path) : problem.path,
        severity: options.strict ? ("error" as const) : ("warning" as const),
      }));
      problems.push(...feasibility);
      if (!(options.strict && feasibility.length > 0)) scenarios.push(scenario);
    }
  }
  const [example] = repeats;
  if (example !== undefined) {
    const named = repeats.slice(0, NAMED_DUPLICATES).map((repeat) => `"${repeat.id}"`);
    const more = repeats.length > NAMED_DUPLICATES ? ` and ${repeats.length - NAMED_DUPLICATES} more` : "";
    problems.push({
      file: example.file,
      path: jsonPath([...example.at, "id"]),
      message: `${repeats.length} scenario${repeats.length === 1 ? "" : "s"} defined again with identical content, loaded once: ${named.join(", ")}${more} (this one first defined in ${example.firstFile})`,
      severity: "warning",
    });
  }
  return { scenarios, problems, files };
}
