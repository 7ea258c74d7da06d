// Primitives every module may import (it imports nothing internal): the one error a user can fix
// (bad input, a missing prerequisite) with its JSON path, canonical JSON for hashes and prompts,
// and the shell command-line parser that vsh and procedure endorsement share.
export { canonicalJson } from "./canonical-json.js";
export { countOf } from "./count-of.js";
export { InputError, isInputError } from "./input-error.js";
export { jsonPath } from "./json-path.js";
export { parseJsonPointer, resolveJsonPointer } from "./json-pointer.js";
export { packagePath, packageRoot } from "./package-root.js";
export {
  literalWord,
  parseShellLine,
  quoteShellWord,
  type ShellCommand,
  type ShellLine,
  type ShellPipeline,
  type ShellRedirect,
  ShellSyntaxError,
  type ShellWord,
} from "./shell/index.js";
export { yaml } from "./yaml-parser.js";
export { inputErrorFromZod, parseInput, parseJsonText } from "./zod-input-error.js";
