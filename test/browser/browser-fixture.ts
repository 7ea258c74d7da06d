import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { type AriaNode, ariaNodeLabel, type Observation, UiSession, type UiSessionOptions, walkAriaTree } from "../../src/browser/index.js";
import { type Scenario, type ScenarioInput, ScenarioSchema } from "../../src/scenario/index.js";
import { type AppearanceInput, startWorkspace, type Workspace } from "../../src/workspace/index.js";
import { sharedBrowser } from "../support/shared-browser.js";

/** The tier's shared Chromium and one workspace per test file (the machine is small and shared). */
export function useBrowserAndWorkspace(): { browser: () => Browser; workspace: () => Workspace } {
  let browser: Browser | undefined;
  let workspace: Workspace | undefined;
  beforeAll(async () => {
    [browser, workspace] = await Promise.all([sharedBrowser("workspace"), startWorkspace()]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await workspace?.close();
  });
  return {
    browser: () => browser as Browser,
    workspace: () => workspace as Workspace,
  };
}

export function scenarioOf(input: ScenarioInput): Scenario {
  return ScenarioSchema.parse(input);
}

let counter = 0;

/** A fresh episode of the scenario and a fresh browser context on its home page. */
export async function openEpisode(
  browser: Browser,
  workspace: Workspace,
  scenario: Scenario,
  options: { appearance?: AppearanceInput; episodeId?: string } & Partial<UiSessionOptions> = {},
): Promise<{ id: string; session: UiSession }> {
  const { appearance, episodeId, ...rest } = options;
  const id = episodeId ?? `browser-test-${++counter}`;
  const startUrl = workspace.reset(id, scenario, appearance);
  const session = await UiSession.open(browser, { allowedOrigins: [workspace.url], startUrl, ...rest });
  return { id, session };
}

/** The ref of the first node with that role and label (`ariaNodeLabel`) (exact, or matching the pattern); fails the test when absent. */
export function refOf(observation: Observation, role: string, name: string | RegExp): string {
  const node = [...walkAriaTree(observation.tree)].find(
    (candidate: AriaNode) =>
      candidate.role === role && (typeof name === "string" ? ariaNodeLabel(candidate) === name : name.test(ariaNodeLabel(candidate))),
  );
  if (!node?.ref) throw new Error(`no ${role} named ${String(name)} on ${observation.url}:\n${observation.axtree}`);
  return node.ref;
}
