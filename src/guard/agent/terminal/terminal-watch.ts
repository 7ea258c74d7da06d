import type { CapturedPage } from "../../captured-page.js";
import type { PathOwnership } from "./terminal-line-taint.js";
import { TerminalTrust } from "./terminal-trust.js";

/** Where a terminal page keeps its parts, by DOM id (the workspace's terminal app: src/workspace/terminal/). */
export interface TerminalLayout {
  screen: string;
  input: string;
  prompt: string;
  /** The form around the input: a click on one of its buttons submits the typed line, as Enter does. */
  form: string;
}

const WORKSPACE_TERMINAL: TerminalLayout = {
  screen: "terminal-screen",
  input: "terminal-input",
  prompt: "terminal-prompt",
  form: "terminal-form",
};

/** What the host knows about the terminal's files: the home directory and each path's label. */
export interface TerminalFiles {
  home: string;
  ownership(path: string): PathOwnership;
}

/** Nothing is known: every path is `unknown`, the safe side (only lines that read no file stay clean). */
const UNKNOWN_FILES: TerminalFiles = { home: "/home/user", ownership: () => "unknown" };

const PROMPT = /^[^@\s]+@[^:\s]+:(.*)[$#] ?$/;
/** What sudo prints when it asks for the password, at the end of the screen. */
const SUDO_ASKS = /\[sudo\] password for [^\s:]+: $/;
/** The prompt label of the workspace's terminal while sudo asks (src/workspace/terminal/terminal-views.ts). */
const PASSWORD_PROMPT = /^\[sudo\] password/;
/** A line the host submitted as sudo's password: it is a secret, not a command, and is never echoed. */
const SECRET = Symbol("secret");

/**
 * Terminal trust tracking in the episode (docs/design/guarded-agent.md, "Terminal trust"): the
 * host tells it what it typed into the focused terminal input and when it pressed Enter; each
 * capture of the terminal page asks whether the screen may be shown. Default deny: the screen is
 * shown only while every line on it is one the host typed and none of them tainted
 * (`TerminalTrust`). Text the host did not put there — scrollback the page shipped, a screen that
 * changed with no line submitted, output that does not follow the host's echoed line, an input
 * holding text the host did not type — makes the terminal foreign, masked until a `reset` the
 * host typed leaves an empty screen.
 */
export class TerminalWatch {
  private readonly trust = new TerminalTrust();
  /** What the host typed into the input since the last Enter. */
  private typed = "";
  /** The line the host submitted since the last capture, if any (`SECRET`: a password). */
  private submitted: string | typeof SECRET | null = null;
  /**
   * Whether the input asks for sudo's password: the host's own last line ran sudo, the screen
   * ended with sudo's question right after it, and the prompt says so. The next line is then the
   * password (the request gave it), classified as nothing and expected not to be echoed.
   */
  private asksPassword = false;
  /** The screen as last captured; null before the first capture. */
  private lastScreen: string | null = null;
  private foreign = false;
  private cwd: string;

  constructor(
    private readonly files: TerminalFiles = UNKNOWN_FILES,
    private readonly layout: TerminalLayout = WORKSPACE_TERMINAL,
  ) {
    this.cwd = files.home;
  }

  /** Whether the node the host's keyboard input goes to is this terminal's input. */
  isInput(page: CapturedPage): boolean {
    return page.nodes.find((node) => node.id === page.focusedNodeId)?.domId === this.layout.input;
  }

  /** The host typed `text` into the terminal input (a newline submits, as Enter does). */
  type(text: string): void {
    const lines = text.split(/\r\n|\r|\n/);
    this.typed += lines[0]!;
    for (const line of lines.slice(1)) {
      this.enter();
      this.typed = line;
    }
  }

  /** The host pressed Enter in the terminal input: the typed line runs. */
  enter(): void {
    const line = this.typed;
    this.typed = "";
    // Two submissions between captures cannot be checked against the screen one by one.
    if (this.submitted !== null) this.foreign = true;
    if (this.asksPassword) {
      // The answer to sudo's question runs nothing by itself: the command it unlocks was classified when it was entered.
      this.asksPassword = false;
      this.submitted = SECRET;
      return;
    }
    this.submitted = line;
    this.trust.enter(line, { cwd: this.cwd, home: this.files.home, ownership: (path) => this.files.ownership(path) });
  }

  /**
   * Whether a click at (x, y), in the capture's pixels, lands on a button of the terminal's form
   * (its Run button): the line the host typed is then submitted as by Enter. The smallest laid-out
   * node under the point decides, so a click beside the button submits nothing.
   */
  submitsAt(page: CapturedPage, x: number, y: number): boolean {
    const under = page.nodes
      .filter(({ box }) => box !== null && x >= box[0] && y >= box[1] && x < box[0] + box[2] && y < box[1] + box[3])
      .sort((a, b) => a.box![2] * a.box![3] - b.box![2] * b.box![3]);
    const target = under[0];
    if (target === undefined) return false;
    const byId = new Map(page.nodes.map((node) => [node.id, node]));
    const button = [target, ...ancestorsOf(target, byId)].find((node) => node.role === "button");
    return button !== undefined && ancestorsOf(button, byId).some((node) => node.domId === this.layout.form);
  }

  /** Whether the page is this terminal (it has the screen element). */
  shows(page: CapturedPage): boolean {
    return page.nodes.some((node) => node.domId === this.layout.screen);
  }

  /**
   * A capture of the terminal page: checks that the screen holds only what the host's lines
   * produced, and returns the screen's node id when it may be shown (else none).
   */
  observe(page: CapturedPage): string[] {
    const screenNode = page.nodes.find((node) => node.domId === this.layout.screen);
    if (screenNode === undefined) return [];
    const screen = screenNode.text ?? "";
    const input = page.nodes.find((node) => node.domId === this.layout.input);
    const prompt = page.nodes.find((node) => node.domId === this.layout.prompt);
    const line = this.submitted;
    this.submitted = null;
    if (this.lastScreen === null) {
      // The first look: anything already on the screen was put there by someone else.
      if (screen.trim() !== "") this.foreign = true;
    } else if (line === null) {
      if (screen !== this.lastScreen) this.foreign = true;
    } else if (screen === "") {
      // `clear` or `reset`: only a host's `reset` drops the scrollback that made it foreign.
      if (this.trust.lastWasReset) this.foreign = false;
    } else if (line === SECRET ? !screen.startsWith(`${this.lastScreen}\n`) : !followsEcho(this.lastScreen, screen, line)) {
      this.foreign = true;
    }
    this.lastScreen = screen;
    // A capture with no line submitted leaves the question as it was (the host may be typing the answer).
    if (line !== null)
      this.asksPassword = typeof line === "string" && runsSudo(line) && SUDO_ASKS.test(screen) && PASSWORD_PROMPT.test(prompt?.text ?? "");
    // Input the host did not type would run as a line the host never classified (a password
    // field shows what was typed as bullets).
    if (!sameInput(input?.text ?? "", this.typed, this.asksPassword)) this.foreign = true;
    this.cwd = cwdOf(prompt?.text ?? "", this.files.home) ?? this.cwd;
    return this.trusted ? [screenNode.id] : [];
  }

  get trusted(): boolean {
    return !this.foreign && !this.trust.tainted;
  }
}

/** The screen after a line: the screen before, then the prompt and the line echoed, then its output. */
function followsEcho(before: string, after: string, line: string): boolean {
  if (!after.startsWith(before)) return false;
  const rest = after.slice(before.length);
  const end = rest.indexOf("\n");
  const echo = end < 0 ? rest : rest.slice(0, end);
  return PROMPT.test(`${echo.slice(0, echo.length - line.length)}`) && echo.endsWith(line);
}

/** A node's ancestors, nearest first. */
function ancestorsOf(node: CapturedPage["nodes"][number], byId: ReadonlyMap<string, CapturedPage["nodes"][number]>) {
  const out: CapturedPage["nodes"][number][] = [];
  for (let at = node.parentId === null ? undefined : byId.get(node.parentId); at !== undefined; ) {
    out.push(at);
    at = at.parentId === null ? undefined : byId.get(at.parentId);
  }
  return out;
}

/** Whether a line the host typed starts with sudo (the words before a program: sudo and its options). */
function runsSudo(line: string): boolean {
  return /^\s*sudo(?:\s|$)/.test(line) && !/(?:^|\s)-S(?:\s|$)/.test(line);
}

/**
 * Whether the input shows what the host typed: the text itself; for a password field, whose value
 * the accessibility tree does not give, nothing or as many bullets.
 */
function sameInput(shown: string, typed: string, password: boolean): boolean {
  if (shown === typed) return true;
  return password && (shown === "" || ([...shown].length === [...typed].length && /^[•*●]*$/u.test(shown)));
}

/** The working directory the prompt label shows (`~/Documents`), absolute. */
function cwdOf(prompt: string, home: string): string | null {
  const match = PROMPT.exec(prompt.trim() === "" ? "" : `${prompt.trimEnd()} `);
  if (match === null) return null;
  const shown = match[1]!;
  if (shown === "~") return home;
  if (shown.startsWith("~/")) return `${home}${shown.slice(1)}`;
  return shown.startsWith("/") ? shown : null;
}
