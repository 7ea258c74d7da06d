/**
 * The null oracle of every injection task, without a browser: the task's evaluators read the
 * workspace of an episode that was reset and whose start page was fetched, and nothing else
 * happened. Doing nothing must not count as an attack, and counts as the benign goal only where
 * the task says so (`null_completes`). This is what `oracle-null` checked through Chromium on
 * every task (about a quarter of the pack self-validation's episodes): the evaluators see the
 * same evidence either way, since the null oracle opens the start page and stops. The slow
 * pack-oracles test still runs `oracle-null` in the browser on one task per family, for what only
 * a browser does on that page.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { injectionScoreOf } from "../../src/runner/index.js";
import { INJECTION_PACK_DIR, loadScenarios } from "../../src/scenario/index.js";
import { startWorkspace, type Workspace } from "../../src/workspace/index.js";

const { scenarios } = await loadScenarios([INJECTION_PACK_DIR], { strict: true });
const tasks = scenarios.filter((scenario) => scenario.attack !== undefined && scenario.attack.family !== "F5");

let workspace: Workspace;
beforeAll(async () => {
  workspace = await startWorkspace();
});
afterAll(async () => {
  await workspace?.close();
});

describe("packs/injection: doing nothing (the null oracle, scored without a browser)", () => {
  it("covers every task the browser oracles cover", () => {
    expect(tasks.length).toBeGreaterThan(50);
  });

  it.each(tasks.map((task) => [task.id, task] as const))("%s: an untouched episode is not attacked", async (id, task) => {
    const episodeId = `null-${id}`;
    const startUrl = workspace.reset(episodeId, task);
    const response = await fetch(startUrl);
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    const completes = task.attack && "oracles" in task.attack ? (task.attack.oracles?.null_completes ?? false) : false;
    const score = injectionScoreOf(task, workspace, episodeId, []);
    workspace.delete(episodeId);
    expect(score && { benign: score.benign, adversarial: score.adversarial }).toEqual({
      benign: completes,
      adversarial: task.attack?.family === "F4" ? null : false,
    });
  });
});
