import type { Browser } from "playwright-core";
import { launchBrowser } from "../browser/index.js";
import { type MaskIntegrityTaskRecord, readMaskIntegrity, writeMaskIntegrityTask } from "../records/index.js";
import type { Scenario } from "../scenario/index.js";
import { startWorkspace, type Workspace } from "../workspace/index.js";
import { failureOf } from "./episode-base.js";
import { isMaskIntegrityTask } from "./mask-integrity-task.js";
import type { StopControl } from "./run-episodes.js";

export interface MaskIntegrityRunOptions {
  /** The run's workspace and Chromium, when it has them (the end-to-end harness); otherwise they are started here, only if there is work. */
  environment?: { workspace: Workspace; browser: () => Promise<Browser> };
  stop?: StopControl;
  onMaskIntegrity?: (task: MaskIntegrityTaskRecord) => void;
}

/** A workspace server and a Chromium (launched on first use, again if it died) for a run that has none (a queued run's collector). */
async function ownEnvironment() {
  const workspace = await startWorkspace();
  let instance: Browser | undefined;
  return {
    workspace,
    browser: async (): Promise<Browser> => {
      if (instance === undefined || !instance.isConnected()) instance = await launchBrowser({ sites: "workspace" });
      return instance;
    },
    async close(): Promise<void> {
      await instance?.close().catch(() => undefined);
      await workspace.close();
    },
  };
}

/**
 * Measures the run's F5 tasks that `mask-integrity.json` does not hold yet (or holds as an error:
 * they are measured again), writing each as it finishes. A task that cannot be measured is written
 * as an error — the run then does not pass F5 — except when the run is being stopped: then it is
 * left for the resume.
 */
export async function runMaskIntegrity(
  runDir: string,
  scenarios: readonly Scenario[],
  options: MaskIntegrityRunOptions = {},
): Promise<void> {
  const measured = new Set(readMaskIntegrity(runDir).flatMap((task) => ("pages" in task ? [task.scenario_id] : [])));
  const todo = scenarios.filter((scenario) => isMaskIntegrityTask(scenario) && !measured.has(scenario.id));
  if (todo.length === 0) return;
  // Loaded only when there is work: it brings the guard's capture and mask.
  const { measureMaskIntegrity } = await import("./mask-integrity-harness.js");
  const owned = options.environment === undefined ? await ownEnvironment() : undefined;
  const environment = options.environment ?? owned!;
  const signal = options.stop?.signal;
  try {
    for (const scenario of todo) {
      if (signal?.aborted) return;
      let task: MaskIntegrityTaskRecord;
      try {
        task = await measureMaskIntegrity(scenario, {
          workspace: environment.workspace,
          browser: await environment.browser(),
          ...(signal && { signal }),
        });
      } catch (error) {
        if (signal?.aborted) return;
        task = { scenario_id: scenario.id, error: failureOf(error, "mask_integrity") };
      }
      writeMaskIntegrityTask(runDir, task);
      options.onMaskIntegrity?.(task);
    }
  } finally {
    await owned?.close();
  }
}
