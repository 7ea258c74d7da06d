import { readShellWord, type WordReader } from "./read-shell-word.js";
import type { ShellChain, ShellCommand, ShellLine, ShellListItem, ShellPipeline, ShellRedirect, ShellWord } from "./shell-ast.js";
import { ShellCursor } from "./shell-cursor.js";

/**
 * Parses one command line with POSIX sh's grammar and quoting: lists (`;` `&` newlines), `&&`/`||`
 * chains, pipelines with `!`, simple commands (assignments, words, redirections) and compound
 * commands, which keep only their keyword and source. What is not supported throws a
 * `ShellSyntaxError` instead of being read some other way (here-documents, arithmetic, `${X:-y}`,
 * `$'...'`, array assignments, `|&`), so that no consumer ever acts on a guess.
 */
export function parseShellLine(line: string): ShellLine {
  return parseAt(line, 0);
}

function parseAt(text: string, base: number): ShellLine {
  const parser = new LineParser(new ShellCursor(text, base));
  return { items: parser.list({ keywords: [], expected: "" }).items };
}

/** Words that open or close compound commands where a command starts. */
const OPENERS = new Set(["for", "while", "until", "if", "case", "function", "{"]);
const CLOSERS = new Set(["then", "do", "done", "elif", "else", "fi", "esac", "}", "!"]);
const KEYWORD = /^(?:[a-z]+|[{}!])/;
const OPERATORS = ["&&", "||", ";;", "|&", ";", "&", "|", "(", ")", "\n"] as const;
const REDIRECT = /^(\d*)(&>>|&>|>>|>&|>\||<<<|<<|<>|<&|>|<)/;
const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=/;

interface ListEnd {
  /** Reserved words that end the list where a command would start. */
  readonly keywords: readonly string[];
  /** An operator that ends the list: `)` of a subshell or substitution, `;;` of a case item. */
  readonly close?: ")" | ";;";
  /** What the list waits for, for the error at the end of the line; "" when the end is allowed. */
  readonly expected: string;
}

class LineParser {
  private readonly reader: WordReader;

  constructor(private readonly cursor: ShellCursor) {
    this.reader = {
      substitution: (inner) => {
        // Substitutions share the cursor, so quotes and parentheses inside them nest correctly.
        const { items } = this.list({ keywords: [], close: ")", expected: '")" to close the substitution' });
        inner.pos += 1;
        return { items };
      },
      line: parseAt,
    };
  }

  list(end: ListEnd): { items: ShellListItem[]; keyword?: string } {
    const items: ShellListItem[] = [];
    const c = this.cursor;
    for (;;) {
      this.skipBlanks(true);
      if (c.done) {
        if (end.expected === "") return { items };
        c.fail(`expected ${end.expected}`);
      }
      const keyword = this.keywordAt();
      if (keyword !== undefined && end.keywords.includes(keyword)) return { items, keyword };
      if (end.close !== undefined && this.operatorAt() === end.close) return { items };
      const chain = this.chain();
      this.skipBlanks(false);
      const op = this.operatorAt();
      if (op === ";" || op === "&" || op === "\n") {
        c.pos += 1;
        items.push({ chain, background: op === "&" });
        continue;
      }
      items.push({ chain, background: false });
      if (c.done || (end.close !== undefined && op === end.close)) continue;
      c.fail(`unexpected ${c.describe()}; expected ; & or a newline`);
    }
  }

  private chain(): ShellChain {
    const first = this.pipeline();
    const rest: { op: "&&" | "||"; pipeline: ShellPipeline }[] = [];
    for (;;) {
      this.skipBlanks(false);
      const op = this.operatorAt();
      if (op !== "&&" && op !== "||") return { first, rest };
      this.cursor.pos += 2;
      this.skipBlanks(true);
      rest.push({ op, pipeline: this.pipeline() });
    }
  }

  private pipeline(): ShellPipeline {
    this.skipBlanks(false);
    let negated = false;
    if (this.keywordAt() === "!") {
      negated = true;
      this.cursor.pos += 1;
      this.skipBlanks(false);
    }
    const commands = [this.command()];
    for (;;) {
      this.skipBlanks(false);
      const op = this.operatorAt();
      if (op === "|&") this.cursor.fail("|& is not supported; expected 2>&1 |");
      if (op !== "|") return { negated, commands };
      this.cursor.pos += 1;
      this.skipBlanks(true);
      commands.push(this.command());
    }
  }

  private command(): ShellCommand {
    const c = this.cursor;
    this.skipBlanks(false);
    const start = c.pos;
    const keyword = this.keywordAt();
    if (keyword !== undefined && CLOSERS.has(keyword)) c.fail(`unexpected "${keyword}"; expected a command`);
    if ((keyword !== undefined && OPENERS.has(keyword)) || this.operatorAt() === "(") {
      const kind = this.compound();
      return { kind: "compound", keyword: kind, source: this.trailingRedirects(start) };
    }
    const assignments: { name: string; value: ShellWord }[] = [];
    const words: ShellWord[] = [];
    const redirects: ShellRedirect[] = [];
    for (;;) {
      this.skipBlanks(false);
      if (c.done) break;
      const assignment = words.length === 0 ? ASSIGNMENT.exec(c.rest()) : null;
      if (assignment?.[1] !== undefined) {
        c.pos += assignment[0].length;
        if (c.peek() === "(") c.fail("array assignments are not supported");
        const at = c.pos;
        assignments.push({ name: assignment[1], value: this.word() ?? { source: "", parts: [] } });
        if (c.pos === at && !c.done && !/[\s;&|)]/.test(c.peek())) c.fail(`unexpected ${c.describe()} in an assignment`);
        continue;
      }
      const redirect = this.redirect();
      if (redirect !== undefined) {
        redirects.push(redirect);
        continue;
      }
      const word = this.word();
      if (word !== undefined) {
        words.push(word);
        continue;
      }
      if (this.operatorAt() === "(" && words.length === 1 && assignments.length === 0 && redirects.length === 0)
        return this.functionDefinition(start);
      break;
    }
    if (words.length === 0 && assignments.length === 0 && redirects.length === 0) c.fail(`unexpected ${c.describe()}; expected a command`);
    return { kind: "simple", assignments, words, redirects };
  }

  /** Parses a compound command at the cursor (its opener is there) and returns its keyword. */
  private compound(): Exclude<ShellCommand, { kind: "simple" }>["keyword"] {
    const c = this.cursor;
    if (this.operatorAt() === "(") {
      c.pos += 1;
      this.body({ keywords: [], close: ")", expected: '")" to close "("' }, "(");
      c.pos += 1;
      return "subshell";
    }
    const keyword = this.keywordAt();
    if (keyword === undefined) return c.fail("expected a compound command");
    c.pos += keyword.length;
    switch (keyword) {
      case "{":
        this.closeWith(this.body({ keywords: ["}"], expected: '"}" to close "{"' }, "{"), "}");
        return "group";
      case "while":
      case "until":
        this.closeWith(this.body({ keywords: ["do"], expected: `"do" after "${keyword}"` }, keyword), "do");
        this.closeWith(this.body({ keywords: ["done"], expected: `"done" to close "${keyword}"` }, "do"), "done");
        return keyword;
      case "for":
        this.forHead();
        this.closeWith(this.body({ keywords: ["done"], expected: '"done" to close "for"' }, "do"), "done");
        return "for";
      case "if": {
        this.closeWith(this.body({ keywords: ["then"], expected: '"then" after "if"' }, "if"), "then");
        let end = this.body({ keywords: ["elif", "else", "fi"], expected: '"fi" to close "if"' }, "then");
        while (end === "elif") {
          this.closeWith(end, "elif");
          this.closeWith(this.body({ keywords: ["then"], expected: '"then" after "elif"' }, "elif"), "then");
          end = this.body({ keywords: ["elif", "else", "fi"], expected: '"fi" to close "if"' }, "then");
        }
        if (end === "else") {
          this.closeWith(end, "else");
          end = this.body({ keywords: ["fi"], expected: '"fi" to close "if"' }, "else");
        }
        this.closeWith(end, "fi");
        return "if";
      }
      case "case":
        this.caseBody();
        return "case";
      case "function": {
        this.skipBlanks(false);
        if (this.word() === undefined) c.fail('expected a function name after "function"');
        this.skipBlanks(false);
        if (this.operatorAt() === "(") {
          c.pos += 1;
          this.skipBlanks(false);
          if (this.operatorAt() !== ")") c.fail('expected ")" after "("');
          c.pos += 1;
        }
        this.functionBody();
        return "function";
      }
      default:
        return c.fail(`unexpected "${keyword}"; expected a command`);
    }
  }

  /** `name () body`: the cursor is at the `(`. */
  private functionDefinition(start: number): ShellCommand {
    const c = this.cursor;
    c.pos += 1;
    this.skipBlanks(false);
    if (this.operatorAt() !== ")") c.fail('expected ")" after "(" in a function definition');
    c.pos += 1;
    this.functionBody();
    return { kind: "compound", keyword: "function", source: this.trailingRedirects(start) };
  }

  private functionBody(): void {
    this.skipBlanks(true);
    const keyword = this.keywordAt();
    if (!(this.operatorAt() === "(" || (keyword !== undefined && OPENERS.has(keyword) && keyword !== "function")))
      this.cursor.fail("expected a compound command as the function body");
    this.compound();
  }

  private forHead(): void {
    const c = this.cursor;
    this.skipBlanks(false);
    if (c.startsWith("((")) c.fail("arithmetic for ((...)) is not supported");
    const name = this.word();
    if (name === undefined || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name.source)) c.fail('expected a variable name after "for"');
    this.skipBlanks(false);
    if (this.operatorAt() === ";") c.pos += 1;
    this.skipBlanks(true);
    if (this.keywordAt() === "in") {
      c.pos += 2;
      for (;;) {
        this.skipBlanks(false);
        const op = this.operatorAt();
        if (op === ";" || op === "\n") {
          c.pos += 1;
          break;
        }
        if (this.word() === undefined) c.fail('expected words, ";" or a newline after "in"');
      }
      this.skipBlanks(true);
    }
    if (this.keywordAt() !== "do") c.fail('expected "do" in "for"');
    c.pos += 2;
  }

  private caseBody(): void {
    const c = this.cursor;
    this.skipBlanks(false);
    if (this.word() === undefined) c.fail('expected a word after "case"');
    this.skipBlanks(true);
    if (this.keywordAt() !== "in") c.fail('expected "in" after "case WORD"');
    c.pos += 2;
    for (;;) {
      this.skipBlanks(true);
      if (this.keywordAt() === "esac") {
        c.pos += 4;
        return;
      }
      if (c.done) c.fail('expected "esac" to close "case"');
      if (this.operatorAt() === "(") c.pos += 1;
      for (;;) {
        this.skipBlanks(false);
        if (this.word() === undefined) c.fail("expected a pattern in a case item");
        this.skipBlanks(false);
        if (this.operatorAt() !== "|") break;
        c.pos += 1;
      }
      if (this.operatorAt() !== ")") c.fail('expected ")" after a case pattern');
      c.pos += 1;
      const end = this.list({ keywords: ["esac"], close: ";;", expected: '"esac" to close "case"' });
      if (end.keyword === "esac") {
        c.pos += 4;
        return;
      }
      c.pos += 2;
    }
  }

  /** A non-empty list inside a compound command; returns the keyword that ended it, if any. */
  private body(end: ListEnd, after: string): string | undefined {
    const at = this.cursor.pos;
    const result = this.list(end);
    if (result.items.length === 0) this.cursor.fail(`expected a command after "${after}"`, at);
    return result.keyword;
  }

  private closeWith(found: string | undefined, keyword: string): void {
    if (found !== keyword) this.cursor.fail(`expected "${keyword}"`);
    this.cursor.pos += keyword.length;
  }

  /** Redirections after a compound command belong to its source; returns that source. */
  private trailingRedirects(start: number): string {
    let end = this.cursor.pos;
    for (;;) {
      this.skipBlanks(false);
      if (this.redirect() === undefined) break;
      end = this.cursor.pos;
    }
    this.cursor.pos = end;
    return this.cursor.text.slice(start, end);
  }

  private redirect(): ShellRedirect | undefined {
    const c = this.cursor;
    if ((c.peek() === "<" || c.peek() === ">") && c.peek(1) === "(") return undefined;
    const match = REDIRECT.exec(c.rest());
    if (match === null) return undefined;
    const digits = match[1] ?? "";
    const written = match[2] ?? "";
    if (written === "<<") c.fail("here-documents are not supported");
    if (written === "&>>" || written === "<>" || written === "<&" || (digits !== "" && written === "&>"))
      c.fail(`the redirection ${digits}${written} is not supported`);
    const op = written === ">|" ? ">" : (written as ShellRedirect["op"]);
    const fd = digits !== "" ? Number(digits) : op === "<" || op === "<<<" ? 0 : 1;
    c.pos += match[0].length;
    this.skipBlanks(false);
    const target = this.word();
    if (target === undefined) return c.fail(`expected a target after ${written}`);
    return { fd, op, target };
  }

  private word(): ShellWord | undefined {
    return readShellWord(this.cursor, this.reader);
  }

  /** The reserved word at the cursor when it stands alone (followed by a blank, an operator or the end). */
  private keywordAt(): string | undefined {
    const match = KEYWORD.exec(this.cursor.rest());
    if (match === null) return undefined;
    const after = this.cursor.peek(match[0].length);
    if (after !== "" && !/[\s;&|<>()]/.test(after)) return undefined;
    return OPENERS.has(match[0]) || CLOSERS.has(match[0]) || match[0] === "in" ? match[0] : undefined;
  }

  private operatorAt(): string | undefined {
    for (const op of OPERATORS) if (this.cursor.startsWith(op)) return op;
    return undefined;
  }

  /** Skips blanks, line continuations and comments (and newlines too when `newlines`). */
  private skipBlanks(newlines: boolean): void {
    const c = this.cursor;
    for (;;) {
      const ch = c.peek();
      if (ch === " " || ch === "\t" || (newlines && ch === "\n")) c.pos += 1;
      else if (ch === "\\" && c.peek(1) === "\n") c.pos += 2;
      else if (ch === "#") {
        const eol = c.text.indexOf("\n", c.pos);
        c.pos = eol < 0 ? c.text.length : eol;
      } else return;
    }
  }
}
