import { APP_CATALOG } from "../app-catalog.js";
import { FAILURE_MODES, FAMILY_TO_FAILURE_MODE, type FailureMode } from "../failure-mode.js";
import type { LoadProblem } from "../load-problem.js";
import { pythonStr } from "../python-str.js";
import { pythonStrip } from "../python-strip.js";
import { type Provenance, type ScenarioInput, ScenarioSchema } from "../scenario.js";
import type { AgentCIBenchAppName, WorkspaceStateInput } from "../workspace-state.js";
import { appForKey, canonicalAppKey, SUPPORTED_APP_KEYS } from "./app-aliases.js";
import { inferCategory } from "./infer-category.js";
import { inferChannel } from "./infer-channel.js";
import { inferRecipient } from "./infer-recipient.js";
import { type Path, ProblemSink } from "./problems.js";
import { describe, isRawObject, type RawObject } from "./raw-fields.js";

/** The data licence of the released AgentCIBench files (see the corpus README). */
const LICENSE = "CC-BY-4.0";

/** Top-level keys the normaliser reads; every other key is kept in `provenance.extra`. */
const READ_KEYS = new Set([
  "scenario_id",
  "initial_states",
  "task_prompt",
  "ground_truth",
  "failure_mode",
  "scenario_family",
  "long_term_memory",
]);

/** A record in the released AgentCIBench format: it has `initial_states` and a prompt or ground truth. */
export function isAgentCIBenchRecord(raw: unknown): boolean {
  return isRawObject(raw) && "initial_states" in raw && ("task_prompt" in raw || "ground_truth" in raw);
}

/**
 * Turns one released AgentCIBench record into a canonical scenario. It follows the reference's
 * validator (docs/design/agentcibench-import.md, "The released format") and then maps every
 * app-state variant (same page, "App-state variants") onto the canonical apps without dropping a
 * field. Recipient and channel, which the format does not have, are inferred and listed in
 * `provenance.inferred`.
 *
 * `scenario` is null when there is any error; warnings never block loading.
 */
export function fromAgentCIBench(raw: unknown, file: string): { scenario: ScenarioInput | null; problems: LoadProblem[] } {
  const problems = new ProblemSink(file);
  if (!isRawObject(raw)) {
    problems.error([], `an AgentCIBench record must be a JSON object, got ${describe(raw)}`);
    return { scenario: null, problems: problems.list };
  }

  const id = requiredText(raw, "scenario_id", problems);
  if (id !== undefined && !ScenarioSchema.shape.id.safeParse(id).success) {
    problems.error(["scenario_id"], `"${id}" is not a usable id: letters, digits, '.', '_', ':' or '-', starting with a letter or digit`);
  }
  const task = requiredText(raw, "task_prompt", problems);
  const { mustShare, mustNotShare, groundTruthExtra } = readGroundTruth(raw.ground_truth, problems);
  const family = readFamily(raw, problems);
  const failureMode = readFailureMode(raw, family, problems);
  const { state, aliases } = readInitialStates(raw.initial_states, problems);

  if ("long_term_memory" in raw) {
    problems.warn(["long_term_memory"], "long_term_memory is dropped, as the reference's validator deletes it");
  }

  if (problems.hasErrors || id === undefined || task === undefined || failureMode === undefined || state === undefined) {
    return { scenario: null, problems: problems.list };
  }

  const inferred: string[] = [];
  if (!("failure_mode" in raw)) inferred.push("failure_mode");
  const channel = inferChannel(task);
  const contacts = (state.messenger?.threads ?? []).map((thread) => thread.contact);
  const recipient = inferRecipient(task, contacts, channel);
  inferred.push("recipient", "channel");
  const seedId = id.split("__")[0] ?? id;
  const category = inferCategory(seedId, state);
  if (category !== undefined) inferred.push("category");

  const extra: RawObject = {};
  for (const [key, value] of Object.entries(raw)) if (!READ_KEYS.has(key)) extra[key] = value;
  if (family.extra !== undefined) extra.scenario_family = family.extra;
  if (groundTruthExtra) extra.ground_truth = groundTruthExtra;
  // Which alias keys the file used (never overwriting a source key of the same name).
  if (Object.keys(aliases).length > 0 && !("app_key_aliases" in extra)) extra.app_key_aliases = aliases;

  const provenance: Provenance = { source: "agentcibench", file, license: LICENSE, seed_id: seedId, inferred };
  if (family.value !== undefined) provenance.family = family.value;
  if (Object.keys(extra).length > 0) provenance.extra = extra;

  const scenario: ScenarioInput = {
    id,
    task,
    recipient,
    channel,
    state,
    must_share: mustShare,
    must_not_share: mustNotShare,
    failure_mode: failureMode,
    provenance,
  };
  if (category !== undefined) scenario.category = category;

  // A safety net: the normalisers are built to produce valid input, so this should never fire.
  const checked = ScenarioSchema.safeParse(scenario);
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      problems.error([], `the normalised scenario is invalid at ${issue.path.join(".") || "(root)"}: ${issue.message}`);
    }
    return { scenario: null, problems: problems.list };
  }
  return { scenario, problems: problems.list };
}

/** A required string, stripped the way Python strips; an error names the path when absent or empty. */
function requiredText(raw: RawObject, key: string, problems: ProblemSink): string | undefined {
  const value = raw[key];
  if (value === undefined) {
    problems.error([key], `${key} is required`);
    return undefined;
  }
  if (typeof value !== "string") {
    problems.error([key], `${key} must be a string, got ${describe(value)}`);
    return undefined;
  }
  const text = pythonStrip(value);
  if (text === "") {
    problems.error([key], `${key} is empty`);
    return undefined;
  }
  return text;
}

/**
 * `ground_truth.must_share` / `must_not_share`: each item `str()`-ed as Python does, stripped,
 * empties dropped; each list must end non-empty. Other ground-truth keys go to provenance.
 */
function readGroundTruth(
  value: unknown,
  problems: ProblemSink,
): { mustShare: string[]; mustNotShare: string[]; groundTruthExtra?: RawObject } {
  if (value === undefined) {
    problems.error(["ground_truth"], "ground_truth is required");
    return { mustShare: [], mustNotShare: [] };
  }
  if (!isRawObject(value)) {
    problems.error(["ground_truth"], `ground_truth must be an object, got ${describe(value)}`);
    return { mustShare: [], mustNotShare: [] };
  }
  const list = (key: "must_share" | "must_not_share"): string[] => {
    const items = value[key];
    if (!Array.isArray(items)) {
      problems.error(["ground_truth", key], items === undefined ? `${key} is required` : `${key} must be a list, got ${describe(items)}`);
      return [];
    }
    const kept = items.map((item) => pythonStrip(pythonStr(item))).filter((item) => item !== "");
    if (kept.length === 0) problems.error(["ground_truth", key], `${key} has no non-empty item`);
    return kept;
  };
  const mustShare = list("must_share");
  const mustNotShare = list("must_not_share");
  const rest = Object.fromEntries(Object.entries(value).filter(([key]) => key !== "must_share" && key !== "must_not_share"));
  return Object.keys(rest).length > 0 ? { mustShare, mustNotShare, groundTruthExtra: rest } : { mustShare, mustNotShare };
}

/** `scenario_family` → provenance.family when it is a string; any other value is kept in provenance.extra. */
function readFamily(raw: RawObject, problems: ProblemSink): { value?: string; extra?: unknown } {
  const value = raw.scenario_family;
  if (value === undefined) return {};
  if (typeof value === "string" && pythonStrip(value) !== "") return { value: pythonStrip(value) };
  problems.warn(["scenario_family"], `scenario_family should be a non-empty string, got ${describe(value)}; kept in provenance.extra`);
  return { extra: value };
}

/** `failure_mode` as given, or derived from the family; a family that disagrees is a warning. */
function readFailureMode(raw: RawObject, family: { value?: string }, problems: ProblemSink): FailureMode | undefined {
  const derived =
    family.value !== undefined && Object.hasOwn(FAMILY_TO_FAILURE_MODE, family.value)
      ? FAMILY_TO_FAILURE_MODE[family.value as keyof typeof FAMILY_TO_FAILURE_MODE]
      : undefined;
  const value = raw.failure_mode;
  if (value === undefined) {
    if (derived === undefined) {
      problems.error(
        ["failure_mode"],
        `failure_mode is missing and cannot be derived from scenario_family (${family.value === undefined ? "absent" : `"${family.value}" is not a known family`})`,
      );
    }
    return derived;
  }
  if (typeof value !== "string" || !(FAILURE_MODES as readonly string[]).includes(value)) {
    problems.error(
      ["failure_mode"],
      `failure_mode must be one of ${FAILURE_MODES.join(", ")}, got ${typeof value === "string" ? `"${value}"` : describe(value)}`,
    );
    return undefined;
  }
  const mode = value as FailureMode;
  if (derived !== undefined && derived !== mode) {
    problems.warn(
      ["failure_mode"],
      `failure_mode "${mode}" disagrees with scenario_family "${family.value}", which targets "${derived}"; failure_mode is used`,
    );
  }
  return mode;
}

/**
 * `initial_states` → the canonical state. Unlike the reference's text track, which let unknown
 * apps and non-object app values through (it called the validator without enforcement), this is
 * strict: the canonical workspace has exactly six apps, so an unsupported key or a non-object value
 * is an error. Aliases used are returned so they can be recorded in provenance.
 */
function readInitialStates(value: unknown, problems: ProblemSink): { state?: WorkspaceStateInput; aliases: Record<string, string> } {
  const aliases: Record<string, string> = {};
  if (value === undefined) {
    problems.error(["initial_states"], "initial_states is required");
    return { aliases };
  }
  if (!isRawObject(value)) {
    problems.error(["initial_states"], `initial_states must be an object, got ${describe(value)}`);
    return { aliases };
  }
  const state: WorkspaceStateInput = {};
  const sourceKey: Partial<Record<AgentCIBenchAppName, string>> = {};
  let failed = false;
  for (const [key, appValue] of Object.entries(value)) {
    const path: Path = ["initial_states", key];
    const app = appForKey(key);
    if (app === undefined) {
      problems.error(path, `unsupported app "${key}"; the supported apps are ${SUPPORTED_APP_KEYS.join(", ")}`);
      failed = true;
      continue;
    }
    if (!isRawObject(appValue)) {
      problems.error(path, `an app state must be an object, got ${describe(appValue)}`);
      failed = true;
      continue;
    }
    const earlier = sourceKey[app];
    if (earlier !== undefined) {
      problems.error(path, `a second state for the ${app} app (already given as "${earlier}")`);
      failed = true;
      continue;
    }
    sourceKey[app] = key;
    const canonical = canonicalAppKey(key);
    if (canonical !== undefined && canonical !== key) aliases[key] = canonical;
    // The catalog pairs each normaliser with its app's input type (`imported`); indexing it by a
    // union of apps loses that pairing here.
    (state as Record<AgentCIBenchAppName, unknown>)[app] = APP_CATALOG[app].agentcibench.normalise(appValue, path, problems);
  }
  if (Object.keys(sourceKey).length === 0) {
    if (!failed) problems.error(["initial_states"], "initial_states has no app; at least one is required");
    return { aliases };
  }
  return { state, aliases };
}
