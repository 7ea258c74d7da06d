import { z } from "zod";
import { APP_CATALOG } from "./app-catalog.js";

/** The six apps of AgentCIBench, the disclosure benchmark's whole workspace. */
export const AGENTCIBENCH_APP_NAMES = [
  "messenger",
  "calendar",
  "todo",
  "maps",
  "code_editor",
  "shop",
] as const satisfies readonly AppName[];
export type AgentCIBenchAppName = (typeof AGENTCIBENCH_APP_NAMES)[number];

/** Every app of the workspace, in the order they are shown everywhere: `APP_CATALOG`'s order. */
export type AppName = keyof typeof APP_CATALOG;
// Object.keys is typed string[]; the catalog's own keys are exactly AppName.
export const APP_NAMES: readonly AppName[] = Object.keys(APP_CATALOG) as AppName[];

type AppStateShape = { [A in AppName]: (typeof APP_CATALOG)[A]["state"] };
const APP_STATE_SHAPE = Object.fromEntries(APP_NAMES.map((app) => [app, APP_CATALOG[app].state])) as AppStateShape;

/**
 * The canonical, typed state of a person's workspace. An app that is absent does not exist in the
 * scenario; an app that is present but empty is shown empty.
 */
export const WorkspaceStateSchema = z
  .object(APP_STATE_SHAPE)
  .partial()
  .strict()
  .refine((state) => APP_NAMES.some((app) => state[app] !== undefined), {
    message: `the state must contain at least one app (${APP_NAMES.slice(0, -1).join(", ")} or ${APP_NAMES.at(-1)})`,
  });

export type WorkspaceState = z.infer<typeof WorkspaceStateSchema>;
/** A state as written by hand: defaults (empty lists, done=false) may be left out. */
export type WorkspaceStateInput = z.input<typeof WorkspaceStateSchema>;

export function presentApps(state: WorkspaceState): AppName[] {
  return APP_NAMES.filter((app) => state[app] !== undefined);
}
