import type { ShellLine, ShellWord, ShellWordPart } from "./shell-ast.js";
import { type ShellCursor, WORD_END } from "./shell-cursor.js";

export interface WordReader {
  /** Parses the inside of `$(`, `<(` or `>(` (the cursor is past the opening) through its `)`. */
  readonly substitution: (cursor: ShellCursor) => ShellLine;
  /** Parses a whole line of its own (the inside of backquotes, after their escapes are removed). */
  readonly line: (text: string, base: number) => ShellLine;
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*/;
const SPECIAL_PARAMETER = /^[0-9?$#@*!-]/;
const BRACED = /^([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[?$#@*!-])$/;
const TILDE = /^~([A-Za-z0-9._-]*)/;

/**
 * Reads one word at the cursor with POSIX sh quoting: single quotes keep everything; double quotes
 * keep `$`, backquotes and a backslash before `$` `` ` `` `"` `\` or a newline; a backslash outside
 * quotes escapes the next character. Returns undefined when no word starts here (an operator, a
 * blank or the end of the line).
 */
export function readShellWord(cursor: ShellCursor, reader: WordReader): ShellWord | undefined {
  const start = cursor.pos;
  const parts: ShellWordPart[] = [];
  const push = (part: ShellWordPart): void => {
    const last = parts.at(-1);
    if (part.kind === "text" && last?.kind === "text" && last.quoted === part.quoted)
      parts[parts.length - 1] = { kind: "text", text: last.text + part.text, quoted: part.quoted };
    else parts.push(part);
  };

  const tilde = cursor.peek() === "~" ? TILDE.exec(cursor.rest()) : null;
  if (tilde) {
    const after = cursor.peek(tilde[0].length);
    if (after === "" || after === "/" || WORD_END.has(after)) {
      push({ kind: "tilde", user: tilde[1] ?? "" });
      cursor.pos += tilde[0].length;
    }
  }

  while (!cursor.done) {
    const ch = cursor.peek();
    if ((ch === "<" || ch === ">") && cursor.peek(1) === "(" && cursor.pos === start) {
      cursor.pos += 2;
      push({ kind: "substitution", style: "process", line: reader.substitution(cursor), quoted: false });
      continue;
    }
    if (WORD_END.has(ch)) break;
    switch (ch) {
      case "\\": {
        const next = cursor.peek(1);
        if (next === "") cursor.fail("expected a character after \\");
        if (next !== "\n") push({ kind: "text", text: next, quoted: true });
        cursor.pos += 2;
        break;
      }
      case "'": {
        const close = cursor.text.indexOf("'", cursor.pos + 1);
        if (close < 0) cursor.fail("expected a closing ' for this quote");
        push({ kind: "text", text: cursor.text.slice(cursor.pos + 1, close), quoted: true });
        cursor.pos = close + 1;
        break;
      }
      case '"':
        readDoubleQuoted(cursor, reader, push);
        break;
      case "$":
        readDollar(cursor, reader, push, false);
        break;
      case "`":
        readBackquoted(cursor, reader, push, false);
        break;
      case "*":
      case "?":
        push({ kind: "glob", text: ch });
        cursor.pos += 1;
        break;
      case "[": {
        const close = bracketEnd(cursor);
        if (close === undefined) {
          push({ kind: "text", text: "[", quoted: false });
          cursor.pos += 1;
        } else {
          push({ kind: "glob", text: cursor.text.slice(cursor.pos, close + 1) });
          cursor.pos = close + 1;
        }
        break;
      }
      default:
        push({ kind: "text", text: ch, quoted: false });
        cursor.pos += 1;
    }
  }
  if (cursor.pos === start) return undefined;
  return { source: cursor.text.slice(start, cursor.pos), parts };
}

/** The index of the `]` closing a bracket expression at the cursor, if it closes within the word. */
function bracketEnd(cursor: ShellCursor): number | undefined {
  let i = cursor.pos + 1;
  if (cursor.text[i] === "!" || cursor.text[i] === "^") i += 1;
  if (cursor.text[i] === "]") i += 1;
  for (; i < cursor.text.length; i += 1) {
    const ch = cursor.text.charAt(i);
    if (ch === "]") return i;
    if (WORD_END.has(ch) || ch === "'" || ch === '"' || ch === "\\" || ch === "$" || ch === "`") return undefined;
  }
  return undefined;
}

type Push = (part: ShellWordPart) => void;

function readDoubleQuoted(cursor: ShellCursor, reader: WordReader, push: Push): void {
  const open = cursor.pos;
  cursor.pos += 1;
  // An empty "" still makes a word: the empty quoted text part stands for it.
  push({ kind: "text", text: "", quoted: true });
  for (;;) {
    if (cursor.done) cursor.fail('expected a closing " for this quote', open);
    const ch = cursor.peek();
    if (ch === '"') {
      cursor.pos += 1;
      return;
    }
    if (ch === "\\") {
      const next = cursor.peek(1);
      if (next === "\n") cursor.pos += 2;
      else if (next === "$" || next === "`" || next === '"' || next === "\\") {
        push({ kind: "text", text: next, quoted: true });
        cursor.pos += 2;
      } else {
        push({ kind: "text", text: "\\", quoted: true });
        cursor.pos += 1;
      }
    } else if (ch === "$") readDollar(cursor, reader, push, true);
    else if (ch === "`") readBackquoted(cursor, reader, push, true);
    else {
      push({ kind: "text", text: ch, quoted: true });
      cursor.pos += 1;
    }
  }
}

function readDollar(cursor: ShellCursor, reader: WordReader, push: Push, quoted: boolean): void {
  const at = cursor.pos;
  const next = cursor.peek(1);
  if (next === "(") {
    if (cursor.peek(2) === "(") cursor.fail("arithmetic expansion $((...)) is not supported");
    cursor.pos += 2;
    push({ kind: "substitution", style: "dollar", line: reader.substitution(cursor), quoted });
    return;
  }
  if (next === "{") {
    const close = cursor.text.indexOf("}", at + 2);
    if (close < 0) cursor.fail("expected } to close ${", at);
    const name = cursor.text.slice(at + 2, close);
    if (!BRACED.test(name)) cursor.fail("expected a plain variable name in braces: parameter expansion operators are not supported", at);
    push({ kind: "variable", name, quoted });
    cursor.pos = close + 1;
    return;
  }
  const name = NAME.exec(cursor.text.slice(at + 1))?.[0] ?? SPECIAL_PARAMETER.exec(cursor.text.slice(at + 1))?.[0];
  if (name !== undefined) {
    push({ kind: "variable", name, quoted });
    cursor.pos += 1 + name.length;
    return;
  }
  if (!quoted && (next === "'" || next === '"')) cursor.fail(`expected a plain quote: $${next}...${next} quoting is not supported`);
  push({ kind: "text", text: "$", quoted });
  cursor.pos += 1;
}

function readBackquoted(cursor: ShellCursor, reader: WordReader, push: Push, quoted: boolean): void {
  const open = cursor.pos;
  let inner = "";
  let i = open + 1;
  for (;;) {
    if (i >= cursor.text.length) cursor.fail("expected a closing ` for this substitution", open);
    const ch = cursor.text.charAt(i);
    if (ch === "`") break;
    if (ch === "\\") {
      const next = cursor.text.charAt(i + 1);
      // Inside backquotes a backslash escapes only $ ` \ (and " within double quotes).
      if (next === "$" || next === "`" || next === "\\" || (quoted && next === '"')) {
        inner += next;
        i += 2;
        continue;
      }
    }
    inner += ch;
    i += 1;
  }
  // Columns inside the unescaped text only approximate the outer line's; the message still holds.
  const line = reader.line(inner, cursor.base + open + 1);
  push({ kind: "substitution", style: "backtick", line, quoted });
  cursor.pos = i + 1;
}
