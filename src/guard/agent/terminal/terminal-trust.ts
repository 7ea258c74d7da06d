import { classifyTerminalLine, type TaintReason, type TerminalLineContext, type TerminalLineVerdict } from "./terminal-line-taint.js";

/** Lines that reset the terminal's screen and scrollback (a new terminal does too: `reset()`). */
const RESET_LINES: ReadonlySet<string> = new Set(["reset", "tput reset"]);

/**
 * Whether a terminal's content may be shown (docs/design/guarded-agent.md, "Terminal trust"): it is
 * trusted until a line the host typed taints it (`classifyTerminalLine`), and a taint sticks until
 * the scrollback is gone — a `reset` line alone on its line, or a new terminal (`reset()`).
 * `clear` does not reset it: it only scrolls the old output up, where the scrollback still holds
 * it. `TerminalWatch` wires it to the mask of the terminal's screen.
 */
export class TerminalTrust {
  private taint: TaintReason | null = null;
  private wasReset = false;

  /** Whether the last line entered was a reset. */
  get lastWasReset(): boolean {
    return this.wasReset;
  }

  get tainted(): boolean {
    return this.taint !== null;
  }

  /** Why the terminal is tainted (the first line that did it), or null. */
  get reason(): TaintReason | null {
    return this.taint;
  }

  /** The host pressed Enter on `line`: classify it, and remember a taint until a reset. */
  enter(line: string, context: TerminalLineContext): TerminalLineVerdict {
    this.wasReset = RESET_LINES.has(line.trim().replace(/\s+/g, " "));
    if (this.wasReset) {
      this.taint = null;
      return { taints: false, reason: "local_owned" };
    }
    const verdict = classifyTerminalLine(line, context);
    if (verdict.taints && this.taint === null) this.taint = verdict.reason;
    return verdict;
  }

  /** A new terminal (or its scrollback dropped by the host): trusted again. */
  reset(): void {
    this.taint = null;
  }
}
