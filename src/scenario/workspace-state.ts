import { z } from "zod";
import { APP_CATALOG } from "./app-catalog.js";

type Catalog = typeof APP_CATALOG;
/** The apps of AgentCIBench, the disclosure benchmark's whole workspace: those with an import in the catalog. */
export type AgentCIBenchAppName = { [App in keyof Catalog]: Catalog[App] extends { agentcibench: object } ? App : never }[keyof Catalog];
// Object.keys is typed string[]; the filter keeps exactly the names of AgentCIBenchAppName.
export const AGENTCIBENCH_APP_NAMES: readonly AgentCIBenchAppName[] = (Object.keys(APP_CATALOG) as AppName[]).filter(
  (app) => "agentcibench" in APP_CATALOG[app],
) as AgentCIBenchAppName[];

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
