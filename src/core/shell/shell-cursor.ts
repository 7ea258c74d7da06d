import { ShellSyntaxError } from "./shell-syntax-error.js";

/** Characters that end an unquoted word. */
export const WORD_END = new Set([" ", "\t", "\n", ";", "&", "|", "<", ">", "(", ")"]);

/**
 * A read position in a line. `base` is where the text starts in the line the user typed, so that a
 * nested parse (the inside of backquotes) reports columns of the outer line.
 */
export class ShellCursor {
  pos = 0;

  constructor(
    readonly text: string,
    readonly base = 0,
  ) {}

  get done(): boolean {
    return this.pos >= this.text.length;
  }

  peek(offset = 0): string {
    return this.text.charAt(this.pos + offset);
  }

  startsWith(prefix: string): boolean {
    return this.text.startsWith(prefix, this.pos);
  }

  rest(): string {
    return this.text.slice(this.pos);
  }

  fail(expected: string, at = this.pos): never {
    throw new ShellSyntaxError(expected, this.base + at + 1);
  }

  /** What stands at the cursor, for "unexpected ..." messages (never more than a few characters). */
  describe(): string {
    if (this.done) return "end of line";
    if (this.peek() === "\n") return "newline";
    return JSON.stringify(this.rest().slice(0, 3).split(/[\s]/)[0] || this.peek());
  }
}
