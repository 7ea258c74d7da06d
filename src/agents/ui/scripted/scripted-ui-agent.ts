import type { BrowserAction } from "../../../browser/index.js";
import { NO_USAGE } from "../../../models/index.js";
import type { ScreenUiAgent, UiDecision, UiEpisodeInput, UiHints, UiStep } from "../ui-agent.js";

/**
 * A scripted policy as a generator: it yields one decision per step and receives the next step
 * (with its observation) back, so a script reads top to bottom like the task it performs.
 * Returning ends the episode with `finish` unless the last decision already ended it.
 */
export type UiScript = (input: UiEpisodeInput, hints: UiHints, first: UiStep) => Generator<UiDecision, UiDecision | undefined, UiStep>;

export function decide(action: BrowserAction, thought: string): UiDecision {
  return { kind: "act", action, thought, usage: { ...NO_USAGE } };
}

/** A UI agent that follows a script through the real pages (axtree observations: it reads refs). */
export function scriptedUiAgent(
  id: string,
  description: string,
  script: UiScript,
  options: Pick<ScreenUiAgent, "screenshots" | "runsOn"> = {},
): ScreenUiAgent {
  return {
    track: "e2e",
    id,
    description,
    observation: "axtree",
    ...(options.screenshots === false && { screenshots: false as const }),
    ...(options.runsOn && { runsOn: options.runsOn }),
    start(input, hints) {
      let running: Generator<UiDecision, UiDecision | undefined, UiStep> | undefined;
      let done = false;
      return {
        async next(step) {
          if (done) return decide({ action: "finish" }, "The script has ended.");
          running ??= script(input, hints, step);
          const result = running.next(step);
          if (!result.done) return result.value;
          done = true;
          return result.value ?? decide({ action: "finish" }, "Done.");
        },
      };
    },
  };
}
