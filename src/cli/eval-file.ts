import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { z } from "zod";
import { OBSERVATION_MODES } from "../browser/index.js";
import { InputError, inputErrorFromZod, yaml } from "../core/index.js";
import { GUARD_ABLATION_NAMES } from "../guard/index.js";
import { CACHE_MODES } from "../models/index.js";
import { SUITES, TRACKS } from "../runner/index.js";
import { APP_NAMES, FAILURE_MODES, THEMATIC_CATEGORIES } from "../scenario/index.js";
import { MATCHER_MODES } from "../scoring/index.js";
import { gateConfigKeys } from "./quality-gates.js";
import { MODE_ALIASES } from "./scenario-selection.js";

/** One value or a list of them: `agents: minimal` and `agents: [minimal, refuser]` both give a list. */
const list = <T extends z.ZodType<string>>(item: T) =>
  z.union([item, z.array(item).min(1)]).transform((value) => (Array.isArray(value) ? value : [value]) as z.output<T>[]);

const positive = z.int().positive();

/** A rate as the gate flags take it: a fraction (0.2) or a percent ("20%"). */
const rate = z
  .union([z.number(), z.string().regex(/^\s*\d+(\.\d+)?\s*%\s*$/, "a rate such as 0.2 or a percent such as 20%")])
  .transform((value, ctx) => {
    const fraction = typeof value === "number" ? value : Number(value.trim().slice(0, -1).trim()) / 100;
    if (fraction < 0 || fraction > 1) ctx.addIssue({ code: "custom", message: "a rate from 0 to 1, or a percent from 0% to 100%" });
    return fraction;
  });

const failureMode = z.string().transform((value, ctx) => {
  const mode = MODE_ALIASES[value.toLowerCase()] ?? value;
  if (!(FAILURE_MODES as readonly string[]).includes(mode))
    ctx.addIssue({ code: "custom", message: `expected one of ${FAILURE_MODES.join(", ")}, or VCL, TAO, RMA` });
  return mode;
});

/**
 * The `bench:` section of a config file: a whole evaluation, one key per `bench` flag (README
 * "Eval files"). Strict, so a misspelt key is an error rather than a setting silently left at its
 * default. It sits beside the model sections (`endpoints`, `defaults`, `prices`) of the same
 * file, so one `-c eval.yaml` describes what runs and how its models are reached.
 */
const benchSectionSchema = z.strictObject({
  name: z.string().min(1).optional(),
  tags: list(z.string().min(1)).optional(),
  /** Scenario files or folders, relative to the config file's folder; absent: the built-in pack. */
  dataset: list(z.string().min(1)).optional(),
  suite: z.enum(SUITES).optional(),
  track: z.enum(TRACKS).optional(),
  agents: list(z.string().min(1)).optional(),
  defenses: list(z.string().min(1)).optional(),
  /** Defense text files, relative to the config file's folder. */
  defense_files: list(z.string().min(1)).optional(),
  judge: z.string().min(1).optional(),
  matcher: z.enum(MATCHER_MODES).optional(),
  epochs: positive.optional(),
  concurrency: positive.optional(),
  seed: z.int().nonnegative().optional(),
  resamples: positive.optional(),
  /** Relative to the working directory, like `--out`. */
  out: z.string().min(1).optional(),
  cache: z.enum(CACHE_MODES).optional(),
  scenarios: list(z.string().min(1)).optional(),
  failure_modes: list(failureMode).optional(),
  categories: list(z.enum(THEMATIC_CATEGORIES)).optional(),
  apps: list(z.enum(APP_NAMES)).optional(),
  limit: positive.optional(),
  // One key per metric gate (`max_leakage`, …), as the flags: the metric descriptors decide them.
  gates: z
    .strictObject(Object.fromEntries(gateConfigKeys().map(({ configKey }) => [configKey, rate])))
    .partial()
    .optional(),
  max_steps: positive.optional(),
  observation: z.enum(OBSERVATION_MODES).optional(),
  browser_timeout_ms: positive.optional(),
  guard: z
    .strictObject({
      q_model: z.string().min(1),
      crosscheck_model: z.string().min(1),
      classifier_model: z.string().min(1),
      propose_model: z.string().min(1),
      propose: z.boolean(),
      ablate: list(z.enum(GUARD_ABLATION_NAMES)),
    })
    .partial()
    .optional(),
  stop_grace: z.int().nonnegative().optional(),
});

/**
 * Each key of the section (dotted inside `gates` and `guard`) and the `bench` option it stands
 * for: the one table both directions read, file → options and resolved options → manifest.
 */
const BENCH_SECTION_OPTIONS = [
  ["name", "name"],
  ["tags", "tag"],
  ["dataset", "dataset"],
  ["suite", "suite"],
  ["track", "track"],
  ["agents", "agent"],
  ["defenses", "defense"],
  ["defense_files", "defenseFile"],
  ["judge", "judge"],
  ["matcher", "matcher"],
  ["epochs", "epochs"],
  ["concurrency", "concurrency"],
  ["seed", "seed"],
  ["resamples", "resamples"],
  ["out", "out"],
  ["cache", "cache"],
  ["scenarios", "scenario"],
  ["failure_modes", "failureMode"],
  ["categories", "category"],
  ["apps", "app"],
  ["limit", "limit"],
  ...gateConfigKeys().map(({ configKey, option }) => [`gates.${configKey}`, option] as const),
  ["max_steps", "maxSteps"],
  ["observation", "observation"],
  ["browser_timeout_ms", "browserTimeout"],
  ["guard.q_model", "qModel"],
  ["guard.crosscheck_model", "crosscheckModel"],
  ["guard.classifier_model", "classifierModel"],
  ["guard.propose_model", "proposeModel"],
  ["guard.propose", "propose"],
  ["guard.ablate", "guardAblate"],
  ["stop_grace", "stopGrace"],
] as const;

/** The keys whose values are paths the file names, read relative to the file's folder. */
const FILE_RELATIVE = new Set(["dataset", "defense_files"]);

function valueAt(section: Record<string, unknown>, key: string): unknown {
  return key.split(".").reduce<unknown>((value, part) => (value as Record<string, unknown> | undefined)?.[part], section);
}

/** A config file's `bench:` section, validated, as `bench` option values keyed by option name; `{}` when the file has none. */
export function loadBenchSection(path: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new InputError(`cannot read the file (${(error as NodeJS.ErrnoException).code ?? String(error)})`, { file: path });
  }
  const document = yaml().parseDocument(text, { prettyErrors: true });
  const yamlError = document.errors[0];
  if (yamlError !== undefined) {
    const position = yamlError.linePos?.[0];
    const where = position ? `line ${position.line}, column ${position.col}: ` : "";
    throw new InputError(`invalid YAML: ${where}${yamlError.message.split("\n")[0] ?? ""}`, { file: path });
  }
  const raw: unknown = document.toJS() ?? {};
  if (typeof raw !== "object" || raw === null || Array.isArray(raw))
    throw new InputError("expected a mapping at the top level", { file: path });
  const bench = (raw as Record<string, unknown>).bench;
  if (bench === undefined || bench === null) return {};
  const parsed = benchSectionSchema.safeParse(bench);
  if (!parsed.success) throw inputErrorFromZod(parsed.error, path, ["bench"]);
  const folder = dirname(path);
  const options: Record<string, unknown> = {};
  for (const [key, option] of BENCH_SECTION_OPTIONS) {
    const value = valueAt(parsed.data, key);
    if (value === undefined) continue;
    options[option] = FILE_RELATIVE.has(key) ? (value as string[]).map((entry) => resolve(folder, entry)) : value;
  }
  return options;
}

/**
 * The settings a run resolved (file, flags and defaults together) in the section's own format,
 * so the manifest's copy can be pasted back into a config file to run the same evaluation.
 */
export function resolvedBenchSection(options: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const section: Record<string, unknown> = {};
  for (const [key, option] of BENCH_SECTION_OPTIONS) {
    const value = options[option];
    if (value === undefined) continue;
    const [head, tail] = key.split(".") as [string, string | undefined];
    if (tail === undefined) section[head] = value;
    else section[head] = { ...(section[head] as Record<string, unknown> | undefined), [tail]: value };
  }
  return section;
}
