import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { IterationRow } from "../../../src/generator/index.js";
import { type CliResult, runCli } from "../../support/run-cli.js";

export const SEEDS = ["shop-proc-001-it-procurement-new-hires", "shop-proc-002-standing-desk-approval"];

/** `generate` on the seeds (default: the two above) against the scripted model server at `url`. */
export function generateArgs(
  out: string,
  iterations: number,
  url: string,
  extra: string[] = [],
  seeds: readonly string[] = SEEDS,
): string[] {
  return [
    "generate",
    "--only",
    seeds.join(","),
    "--out",
    out,
    "--mutator",
    "openai-compatible:mutator",
    "--proxy",
    "openai-compatible:proxy-all",
    "--proxy",
    "openai-compatible:proxy-picky",
    "--iterations",
    String(iterations),
    "--base-url",
    url,
    "--max-retries",
    "0",
    ...extra,
  ];
}

/** Runs the CLI in process; a non-zero exit becomes an error carrying what the command printed. */
export async function succeed(argv: string[]): Promise<CliResult> {
  const result = await runCli(argv);
  if (result.status !== 0) throw new Error(`exit ${result.status}: ${result.stderr}`);
  return result;
}

export const outputs = (dir: string) =>
  ["pool.yaml", "iterations.jsonl", "summary.json"].map((name) => readFileSync(join(dir, name), "utf8"));

/**
 * The rows whose line is complete. The test polls the log while another process appends to it, and
 * a read can land mid-write (a line crossing a page boundary shows up cut); a kill can also leave a
 * cut last line, which the generator itself drops on resume.
 */
export const rowsOf = (dir: string) =>
  readFileSync(join(dir, "iterations.jsonl"), "utf8")
    .split("\n")
    .slice(0, -1)
    .filter(Boolean)
    .map((line) => JSON.parse(line) as IterationRow);
