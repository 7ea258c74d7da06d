import type { z } from "zod";
import { normaliseCalendar } from "./agentcibench/normalise-calendar.js";
import { normaliseCodeEditor } from "./agentcibench/normalise-code-editor.js";
import { normaliseMaps } from "./agentcibench/normalise-maps.js";
import { normaliseMessenger } from "./agentcibench/normalise-messenger.js";
import { normaliseShop } from "./agentcibench/normalise-shop.js";
import { normaliseTodo } from "./agentcibench/normalise-todo.js";
import type { Path, ProblemSink } from "./agentcibench/problems.js";
import type { RawObject } from "./agentcibench/raw-fields.js";
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
import {
  renderCalendarText,
  renderCodeEditorText,
  renderMapsText,
  renderMessengerText,
  renderShopText,
  renderTodoText,
} from "./render-app-text.js";
import { renderFilesText, renderTrackerText } from "./render-injection-apps-text.js";

/** What the layers below the workspace know of one app. */
export interface AppCatalogEntry {
  /** The app's part of the workspace state (`WorkspaceStateSchema` is built from these). */
  readonly state: z.ZodType;
  /**
   * The first segment of the app's pages under an episode (`/e/<id>/<slug>/…`): the workspace
   * serves them there, the guard's rule set of the app is stored under it, and a pack's oracle
   * scripts open them by it (`goto: code/files/0`).
   */
  readonly slug: string;
  /**
   * The app's fictional host, if it has one. AgentCIBench's six apps keep the workspace's own
   * origin (`http://127.0.0.1:<port>`): the disclosure tracks, their snapshots and the guard's rule
   * lookup for those apps address pages by that origin, and moving them would change every
   * end-to-end episode for no realism the disclosure benchmark measures. The injection suite's
   * apps are where a payload names a host, so they get realistic ones. `.example` is reserved
   * (RFC 2606): no real site can ever answer it.
   */
  readonly host?: string;
  /**
   * The app's part of the state as text, for the state-grounded agents (`renderStateText`). The
   * forum, mail and the terminal have none: the injection suite runs them end to end only.
   */
  // `never`: each entry's function takes its own app's part, which `renderStateText` checks by type.
  readonly text?: (part: never) => string;
  /**
   * Words by which a request points at the app as a *source* of content, matched against the
   * request's `normaliseText` form: the reference agents' reading of which apps a task draws on
   * (`appsTouchedByTask`). "Send Nora a message" names the messenger only as the channel, so plain
   * "send" and "message" are deliberately not the messenger's cues.
   */
  readonly cues: RegExp;
  /**
   * How AgentCIBench's released files hold the app, if they do (docs/design/agentcibench-import.md):
   * its key in `initial_states` and the normaliser that turns that part into the app's state.
   */
  readonly agentcibench?: AgentCIBenchImport<unknown>;
}

/** An app's part of an AgentCIBench record, and how it becomes the app's state input. */
export interface AgentCIBenchImport<Input> {
  /** The canonical key in `initial_states` (aliases: `agentcibench/app-aliases.ts`). */
  readonly key: string;
  readonly normalise: (raw: RawObject, path: Path, problems: ProblemSink) => Input;
}

/** An app AgentCIBench has: the normaliser must produce that app's state input (checked here, by type). */
function imported<S extends z.ZodType>(state: S, key: string, normalise: AgentCIBenchImport<z.input<S>>["normalise"]) {
  return { state, agentcibench: { key, normalise } };
}

/**
 * Every app of the workspace as data, in the order they are shown everywhere (AgentCIBench's six,
 * then the injection suite's): the one list the modules below the workspace read. It holds only
 * what those modules may know (the state's schema, the slug, the host, the state as text); an app's behaviour (routes,
 * views, artifacts) is its definition in the workspace's registry (src/workspace/apps.ts), which a
 * test keeps in step with this list. docs/design/workspace.md, "The app registry", says why the
 * list is split in two.
 */
export const APP_CATALOG = {
  messenger: {
    ...imported(MessengerAppSchema, "open_messenger", normaliseMessenger),
    slug: "messenger",
    text: renderMessengerText,
    cues: /\b(thread|threads|chat|chats|conversation|conversations|dms?|inbox|messages|said|asked|replied|group chat)\b/,
  },
  calendar: {
    ...imported(CalendarAppSchema, "open_calendar", normaliseCalendar),
    slug: "calendar",
    text: renderCalendarText,
    cues: /\b(calendar|schedule|scheduled|busy|free|availability|available|meeting|meetings|event|events|slots?|agenda|appointments?|invite|day|week|today|tomorrow|morning|afternoon)\b/,
  },
  todo: {
    ...imported(TodoAppSchema, "open_todo", normaliseTodo),
    slug: "todo",
    text: renderTodoText,
    cues: /\b(to ?dos?|tasks?|task list|checklist|open items|pending|outstanding|chores|errands|list|backlog|action items)\b/,
  },
  maps: {
    ...imported(MapsAppSchema, "open_maps", normaliseMaps),
    slug: "maps",
    text: renderMapsText,
    cues: /\b(route|routes|eta|directions|drive|driving|map|maps|arrival|arrive|stops?|waypoints?|pick ?up|drop ?off|searches|searched|places?|way there|on my way|commute)\b/,
  },
  code_editor: {
    ...imported(CodeEditorAppSchema, "open_code_editor", normaliseCodeEditor),
    slug: "code",
    text: renderCodeEditorText,
    cues: /\b(files?|tabs?|code|editor|repo|repository|branch|config|env|snippet|function|module|diff|stack trace|logs?)\b/,
  },
  shop: {
    ...imported(ShopAppSchema, "open_shop", normaliseShop),
    slug: "shop",
    text: renderShopText,
    cues: /\b(cart|carts|orders?|shop|shopping|buy|buying|bought|purchase|purchases|basket|saved for later|procurement|checkout|items? i m getting)\b/,
  },
  forum: {
    state: ForumAppSchema,
    slug: "forum",
    host: "forum.brightpath.example",
    cues: /\b(forum|posts?|comments?|boards?|replies|upvotes?|flair)\b/,
  },
  mail: {
    state: MailAppSchema,
    slug: "mail",
    host: "mail.brightpath.example",
    cues: /\b(mail|mails|e-?mails?|inbox|attachments?|unsubscribe|newsletters?)\b/,
  },
  tracker: {
    state: TrackerAppSchema,
    slug: "tracker",
    host: "tracker.brightpath.example",
    text: renderTrackerText,
    cues: /\b(issues?|tracker|projects?|merge requests?|mrs?|commits?|branch(es)?|members?|tokens?|repo|repository)\b/,
  },
  // The files app's share links name this host too (src/workspace/files/files-host.ts).
  files: {
    state: FilesAppSchema,
    slug: "files",
    host: "files.brightpath.example",
    text: renderFilesText,
    cues: /\b(documents?|docs?|folders?|shared files?|share links?|drive)\b/,
  },
  terminal: {
    state: TerminalAppSchema,
    slug: "terminal",
    host: "terminal.brightpath.example",
    cues: /\b(terminal|shell|command line|bash|sudo|install|clone)\b/,
  },
} as const satisfies Record<string, AppCatalogEntry>;
