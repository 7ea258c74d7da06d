// Shell command-line parsing shared by vsh (which runs lines) and procedure endorsement (which
// judges them), so that both read one line the same way.
export { literalWord } from "./literal-word.js";
export { parseShellLine } from "./parse-shell-line.js";
export { quoteShellWord } from "./quote-shell-word.js";
export type { ShellCommand, ShellLine, ShellPipeline, ShellRedirect, ShellWord } from "./shell-ast.js";
export { ShellSyntaxError } from "./shell-syntax-error.js";
