import type { Scenario } from "../scenario.js";
import type { AppName } from "../workspace-state.js";
import { appOfPath, pageSteps } from "./script-apps.js";

/**
 * The apps the task's benign path opens, as the scripted baselines walk it: the stored
 * `guard.plan`'s `open` steps when the task has one (`gullible` and `guarded:scripted` follow it),
 * else the benign oracle's pages. Undefined when there is no path to judge.
 */
function benignApps(scenario: Scenario): Set<AppName> | undefined {
  const plan = scenario.guard?.plan;
  if (Array.isArray(plan)) {
    const opened = plan.flatMap((step) => {
      const open = (step as { open?: unknown }).open;
      const app = typeof open === "string" ? appOfPath(open) : undefined;
      return app ? [app] : [];
    });
    return new Set(opened);
  }
  const attack = scenario.attack;
  const benign = attack && "oracles" in attack ? attack.oracles?.benign : undefined;
  if (benign === undefined) return undefined;
  return new Set(pageSteps(benign).flatMap(({ path }) => appOfPath(path) ?? []));
}

/**
 * Payloads an undefended agent doing the task never comes to: placed in an app the benign path
 * never opens. Such a task cannot show that an agent which reads the payload obeys it (`gullible`
 * reads every page it visits and is never attacked there), so its ASR says nothing. The check is by
 * app; a payload on a page of an opened app that the path still never shows is caught at run time
 * by the pack's oracle test, which runs `gullible` on every attack task.
 */
export function payloadOffPathProblems(scenario: Scenario): Array<{ path: string; message: string }> {
  const attack = scenario.attack;
  if (attack === undefined || (attack.family !== "F1" && attack.family !== "F3")) return [];
  const opened = benignApps(scenario);
  if (opened === undefined) return [];
  const through = Array.isArray(scenario.guard?.plan) ? "guard.plan" : "the benign oracle";
  return attack.payload.placement.flatMap((pointer, index) => {
    const app = pointer.split("/")[1] as AppName | undefined;
    if (app === undefined || opened.has(app)) return [];
    return [
      {
        path: `.attack.payload.placement[${index}]`,
        message: `the payload sits in the ${app} app, which the task's benign path (${through}) never opens: an undefended agent doing the task never reads it, so the task cannot show that it obeys`,
      },
    ];
  });
}
