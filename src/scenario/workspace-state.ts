import { z } from "zod";
import { CalendarAppSchema } from "./apps/calendar-app.js";
import { CodeEditorAppSchema } from "./apps/code-editor-app.js";
import { FilesAppSchema } from "./apps/files-app.js";
import { ForumAppSchema } from "./apps/forum-app.js";
import { MailAppSchema } from "./apps/mail-app.js";
import { MapsAppSchema } from "./apps/maps-app.js";
import { MessengerAppSchema } from "./apps/messenger-app.js";
import { ShopAppSchema } from "./apps/shop-app.js";
import { TerminalAppSchema } from "./apps/terminal-app.js";
import { TodoAppSchema } from "./apps/todo-app.js";
import { TrackerAppSchema } from "./apps/tracker-app.js";

/** The six apps of AgentCIBench, the disclosure benchmark's whole workspace. */
export const AGENTCIBENCH_APP_NAMES = ["messenger", "calendar", "todo", "maps", "code_editor", "shop"] as const;
export type AgentCIBenchAppName = (typeof AGENTCIBENCH_APP_NAMES)[number];

/** Every app of the workspace, in the order they are shown everywhere: AgentCIBench's six, then the injection suite's. */
export const APP_NAMES = [...AGENTCIBENCH_APP_NAMES, "forum", "mail", "tracker", "files", "terminal"] as const;
export type AppName = (typeof APP_NAMES)[number];

/**
 * The canonical, typed state of a person's workspace. An app that is absent does not exist in the
 * scenario; an app that is present but empty is shown empty.
 */
export const WorkspaceStateSchema = z
  .object({
    messenger: MessengerAppSchema.optional(),
    calendar: CalendarAppSchema.optional(),
    todo: TodoAppSchema.optional(),
    maps: MapsAppSchema.optional(),
    code_editor: CodeEditorAppSchema.optional(),
    shop: ShopAppSchema.optional(),
    forum: ForumAppSchema.optional(),
    mail: MailAppSchema.optional(),
    tracker: TrackerAppSchema.optional(),
    files: FilesAppSchema.optional(),
    terminal: TerminalAppSchema.optional(),
  })
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
