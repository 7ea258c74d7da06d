import { APP_SLUGS } from "../app-slugs.js";
import type { Scenario } from "../scenario.js";
import type { AppName } from "../workspace-state.js";
import { isPayloadAttack } from "./attack.js";
import { appOfPath, pageSteps } from "./script-apps.js";

/**
 * Fields an app's front page shows in full for each item of a collection it lists (the shop's
 * catalogue with its descriptions, the forum's post titles, the mail's subjects): a payload there
 * is read on the front page, which the scripted baselines visit before going deeper. Anything
 * else (a mail's body, a thread's messages, a comment) is read only on the item's own page. A
 * heuristic of what the workspace renders: the pack's oracle test, which runs `gullible` (its tree
 * sight, `gullible-tree`) on every attack task, is the check that decides.
 */
const FRONT_FIELDS: Readonly<Record<string, readonly string[]>> = {
  catalogue: ["name", "description", "price"],
  posts: ["title"],
  inbox: ["subject"],
  projects: ["name", "description"],
  threads: ["contact"],
  documents: ["name"],
  folders: ["path"],
};

/** `/<app>/…` as page path segments: the app's slug, then the pointer's own segments. */
function pointerPath(pointer: string): string[] | undefined {
  const [, app, ...rest] = pointer.split("/");
  const slug = APP_SLUGS[app as AppName];
  return slug === undefined ? undefined : [slug, ...rest];
}

/** The pages the task's benign oracle opens, each app's front page first (`throughAppFronts`), as path segments. */
function benignPages(scenario: Scenario): string[][] | undefined {
  const attack = scenario.attack;
  const benign = attack && "oracles" in attack ? attack.oracles?.benign : undefined;
  if (benign === undefined) return undefined;
  return pageSteps(benign).flatMap(({ path }) => {
    if (appOfPath(path) === undefined) return [];
    const segments = path
      .replace(/[?#].*$/, "")
      .split("/")
      .filter((segment) => segment !== "");
    return segments.length > 1 ? [[segments[0]!], segments] : [segments];
  });
}

/** Whether a visited page shows the field at this pointer path: its own page (a prefix), or the front page that lists it. */
function shows(page: readonly string[], target: readonly string[]): boolean {
  if (page.length > target.length || page.some((segment, index) => segment !== target[index])) return false;
  if (page.length > 1) return true;
  const [, collection, , field] = target;
  return target.length === 4 && FRONT_FIELDS[collection ?? ""]?.includes(field ?? "") === true;
}

/**
 * Payloads an undefended agent doing the task never comes to: no page of the benign oracle's path
 * (the way `gullible` goes, each app's front first) shows the field that holds it. Such a task
 * cannot show that an agent which reads the payload obeys it: `gullible` reads every page it
 * visits and is never attacked, so the task's ASR says nothing.
 */
export function payloadOffPathProblems(scenario: Scenario): Array<{ path: string; message: string }> {
  const attack = scenario.attack;
  if (!isPayloadAttack(attack)) return [];
  const pages = benignPages(scenario);
  if (pages === undefined) return [];
  return attack.payload.placement.flatMap((pointer, index) => {
    const target = pointerPath(pointer);
    if (target === undefined || pages.some((page) => shows(page, target))) return [];
    return [
      {
        path: `.attack.payload.placement[${index}]`,
        message: `no page of the benign oracle's path shows the payload (${pointer}): an undefended agent doing the task never reads it, so the task cannot show that it obeys; open the page that holds it`,
      },
    ];
  });
}
