import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { canonicalJson, InputError, parseInput, parseJsonText } from "../core/index.js";
import { packYaml, type Scenario } from "../scenario/index.js";
import { runAttackSearch } from "./attack-search.js";
import { type AttackSummary, SUCCESS_DIR, summarizeAttack, treeText } from "./attack-summary.js";
import type { EpisodeRunner } from "./episode-outcome.js";
import type { SearchOperator } from "./operator.js";
import { type AttackSettings, type SearchState, SearchStateSchema } from "./search-state.js";

export const STATE_FILE = "search.json";
export const TREE_FILE = "tree.txt";
export const SUMMARY_FILE = "summary.json";

/** Write-then-rename, so a kill never leaves half a file. */
function writeAtomic(path: string, text: string): void {
  writeFileSync(`${path}.tmp`, text);
  renameSync(`${path}.tmp`, path);
}

/** A saved search, or an `InputError` naming the file and the bad field. */
export function readSearchState(dir: string): SearchState {
  const path = join(dir, STATE_FILE);
  if (!existsSync(path)) throw new InputError(`--resume: ${dir} holds no attack search (${STATE_FILE} is missing)`, { file: path });
  return parseInput(SearchStateSchema, parseJsonText(readFileSync(path, "utf8"), path), path);
}

export interface AttackRunOptions {
  outDir: string;
  /** The tasks and settings of a new search; a resume takes both from the saved state. */
  start?: { tasks: readonly Scenario[]; settings: AttackSettings };
  budget: number;
  run: EpisodeRunner;
  /** The operators, when not only the built-in ones (a model mutator). */
  operators?: readonly SearchOperator[];
  signal?: AbortSignal;
  onEpisode?: (line: string) => void;
}

/**
 * Runs (or continues) a search in `outDir` and writes there: search.json (the whole state, after
 * every episode), tree.txt (the trees), summary.json, and successes/<id>.yaml — each successful
 * variant as a pack file, so every break becomes a regression task for `bench --dataset`.
 */
export async function runAttack(options: AttackRunOptions): Promise<{ state: SearchState; summary: AttackSummary }> {
  const { outDir } = options;
  const statePath = join(outDir, STATE_FILE);
  let saved: SearchState | undefined;
  if (options.start) {
    if (existsSync(statePath))
      throw new InputError(`${outDir} already holds an attack search; continue it with --resume ${outDir} or choose another --out`, {
        file: statePath,
      });
    mkdirSync(outDir, { recursive: true });
  } else saved = readSearchState(outDir);
  const tasks = options.start?.tasks ?? saved?.tasks ?? [];
  const settings = (options.start?.settings ?? saved?.settings) as AttackSettings;
  const write = (state: SearchState) => {
    writeAtomic(statePath, canonicalJson(state));
    writeOutputs(outDir, state, options.budget);
  };
  const state = await runAttackSearch({
    tasks,
    settings,
    budget: options.budget,
    run: options.run,
    ...(options.operators && { operators: options.operators }),
    ...(saved && { state: saved }),
    save: write,
    ...(options.signal && { signal: options.signal }),
    ...(options.onEpisode && { onEpisode: options.onEpisode }),
  });
  return { state, summary: summarizeAttack(state, options.budget) };
}

/** tree.txt, summary.json and one pack file per success, nothing stale. */
function writeOutputs(outDir: string, state: SearchState, budget: number): void {
  const summary = summarizeAttack(state, budget);
  const dir = join(outDir, SUCCESS_DIR);
  mkdirSync(dir, { recursive: true });
  const wanted = new Set(summary.successes.map((success) => `${success.id}.yaml`));
  for (const name of readdirSync(dir)) if (!wanted.has(name)) rmSync(join(dir, name));
  const byId = new Map(state.trees.flatMap((tree) => tree.nodes.map((node) => [node.id, node.scenario] as const)));
  for (const success of summary.successes) {
    const description = `A variant found by safecua attack against ${state.settings.agent}: ${success.operators.join("; ")}.`;
    writeAtomic(
      join(dir, `${success.id}.yaml`),
      packYaml([byId.get(success.id) as Scenario], { name: "safecua-attack-successes", description }),
    );
  }
  writeAtomic(join(outDir, TREE_FILE), treeText(state));
  writeAtomic(join(outDir, SUMMARY_FILE), `${JSON.stringify(summary, null, 2)}\n`);
}
