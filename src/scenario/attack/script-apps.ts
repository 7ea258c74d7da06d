import { APP_SLUGS, appOfSlug } from "../app-slugs.js";
import type { AppName } from "../workspace-state.js";
import type { OracleStep } from "./oracle-scripts.js";

/** A `goto` to another host (the sink's) opens no app of the workspace. */
const WHOLE_URL = /^https?:\/\//;

/** The app a path under the episode's home opens (`code/files/0` → code_editor); undefined for a whole URL or no app. */
export function appOfPath(path: string): AppName | undefined {
  if (WHOLE_URL.test(path)) return undefined;
  return appOfSlug(path.split(/[/?#]/)[0] ?? "");
}

/** Every app slug, for messages that list them. */
export const APP_SLUG_LIST = Object.values(APP_SLUGS).join(", ");

/** The steps of a script that open a page of the workspace, with their index. */
export function pageSteps(script: readonly OracleStep[]): Array<{ index: number; path: string }> {
  return script.flatMap((step, index) => ("goto" in step && !WHOLE_URL.test(step.goto) ? [{ index, path: step.goto }] : []));
}
