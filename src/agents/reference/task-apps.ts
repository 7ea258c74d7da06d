import { type AgentInput, APP_CATALOG, APP_NAMES, type AppName, normaliseText, presentApps } from "../../scenario/index.js";

/**
 * The apps a request draws content from, among those present: those whose cue words
 * (`APP_CATALOG[app].cues`) the request uses. When the wording names none, every present app is
 * assumed to be in play, which is the literal-maximal reading an oversharer takes.
 */
export function appsTouchedByTask(input: AgentInput): AppName[] {
  const present = presentApps(input.state);
  const task = normaliseText(input.task);
  const named = APP_NAMES.filter((app) => present.includes(app) && APP_CATALOG[app].cues.test(task));
  return named.length > 0 ? named : present;
}
