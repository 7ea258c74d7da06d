/**
 * A line the shell parser cannot read, or reads but does not support (here-documents, arithmetic,
 * `${VAR:-x}`). Callers fail closed on it: vsh prints it as a syntax error, endorsement refuses.
 */
export class ShellSyntaxError extends Error {
  override name = "ShellSyntaxError";
  /** 1-based position in the line (newlines count as one character each). */
  readonly column: number;

  constructor(expected: string, column: number) {
    super(`column ${column}: ${expected}`);
    this.column = column;
  }
}
