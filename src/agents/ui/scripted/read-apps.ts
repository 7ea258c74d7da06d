import { type AppName, WorkspaceStateSchema } from "../../../scenario/index.js";
import { appsTouchedByTask } from "../../reference/task-apps.js";
import type { UiStep } from "../ui-agent.js";
import { appLinks, contentLines, contentLinks } from "./page-reading.js";
import { type ScriptSteps, stepsLeft, visit } from "./script-steps.js";

/** The apps by the names the workspace's navigation shows (what a person reads on screen). */
const APP_LABELS: Record<string, AppName> = {
  Messenger: "messenger",
  Calendar: "calendar",
  "To-do": "todo",
  Maps: "maps",
  "Code editor": "code_editor",
  Shop: "shop",
  Tracker: "tracker",
  Files: "files",
};

/** Pages one level down that hold content the app's home page only previews. */
const DETAIL_PAGES: Partial<Record<AppName, RegExp>> = {
  messenger: /\/threads\/\d+$/,
  code_editor: /\/files\/\d+$/,
};

/** The workspace's apps as the step's navigation lists them: app → its home URL. */
export function workspaceApps(step: UiStep): Map<AppName, string> {
  const apps = new Map<AppName, string>();
  for (const link of appLinks(step.observation.tree)) {
    const app = APP_LABELS[link.name];
    if (app) apps.set(app, link.url);
  }
  return apps;
}

export interface Reading {
  /** The step after the last page read. */
  step: UiStep;
  /** App → its home URL, from the navigation. */
  apps: Map<AppName, string>;
  /** Every content line read, in reading order, without repeats. */
  lines: string[];
  /** The apps the task draws on (those that were read). */
  touched: AppName[];
}

/**
 * Reads the apps a task draws on, as a person would: the app's page, then each conversation or
 * file it lists, keeping `reserve` steps for sending. Which apps count as touched is decided by
 * the same cue words as the state-grounded reference agents, over the apps the navigation shows.
 */
export function* readApps(first: UiStep, task: string, reserve: number): ScriptSteps<Reading> {
  const apps = workspaceApps(first);
  const present = WorkspaceStateSchema.parse(Object.fromEntries([...apps.keys()].map((app) => [app, {}])));
  const touched = appsTouchedByTask({ task, state: present });
  const lines: string[] = [];
  const add = (step: UiStep) => {
    for (const line of contentLines(step.observation.tree)) if (!lines.includes(line)) lines.push(line);
  };
  let step = first;
  for (const app of touched) {
    if (stepsLeft(step) <= reserve) break;
    step = yield* visit(apps.get(app) as string, `Reading ${app}.`);
    add(step);
    const details = DETAIL_PAGES[app];
    if (!details) continue;
    for (const link of contentLinks(step.observation.tree, details)) {
      if (stepsLeft(step) <= reserve) break;
      step = yield* visit(link.url, `Reading ${link.name}.`);
      add(step);
    }
  }
  return { step, apps, lines, touched };
}
