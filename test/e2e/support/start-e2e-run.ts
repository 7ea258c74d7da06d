import { type NewRunOptions, type RunResult, startRun } from "../../../src/runner/index.js";
import { tempDir } from "../../support/temp-dir.js";

/**
 * An end-to-end run with the settings every e2e test shares (strict matcher, one epoch, 200
 * resamples, axtree observations, 20 steps, a fresh output folder); a test gives what it is about.
 */
export function startE2eRun(options: Pick<NewRunOptions, "scenarios" | "arms"> & Partial<NewRunOptions>): Promise<RunResult> {
  return startRun({
    dataset: { label: "test", paths: [] },
    matcher: "strict",
    epochs: 1,
    seed: 3,
    concurrency: 1,
    outDir: tempDir(),
    resamples: 200,
    command: "test",
    version: "test",
    e2e: { max_steps: 20, observation: "axtree" },
    ...options,
  });
}
