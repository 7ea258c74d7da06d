const BARE = /^[A-Za-z0-9_@%+=:,./-]+$/;

/**
 * Words that are bare-safe character by character but mean something else where a command starts:
 * reserved words open a compound command and `NAME=value` is an assignment. They are quoted too,
 * so that a command rebuilt from quoted words parses back to the same words in any position.
 */
const RESERVED = new Set([
  "case",
  "coproc",
  "do",
  "done",
  "elif",
  "else",
  "esac",
  "fi",
  "for",
  "function",
  "if",
  "in",
  "select",
  "then",
  "time",
  "until",
  "while",
]);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/**
 * Canonical quoting of one word: bare when every character is in `[A-Za-z0-9_@%+=:,./-]` (and the
 * word is neither a reserved word nor shaped like an assignment), else in single quotes, where
 * nothing is special and a quote is written `'\''`. The empty word is `''`.
 */
export function quoteShellWord(text: string): string {
  if (BARE.test(text) && !RESERVED.has(text) && !ASSIGNMENT.test(text)) return text;
  return `'${text.replaceAll("'", "'\\''")}'`;
}
