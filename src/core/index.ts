// Primitives every module may import (it imports nothing internal): the one error a user can fix
// (bad input, a missing prerequisite) with its JSON path, canonical JSON for hashes and prompts,
// and the shell command-line parser that vsh and procedure endorsement share.
export { canonicalJson, sortKeysDeep } from "./canonical-json.js";
export { countOf } from "./count-of.js";
export { InputError, type InputLocation, isInputError } from "./input-error.js";
export { jsonPath } from "./json-path.js";
export { type PointerMatch, parseJsonPointer, resolveJsonPointer } from "./json-pointer.js";
export { packagePath, packageRoot } from "./package-root.js";
export {
  literalWord,
  parseShellLine,
  quoteShellWord,
  type ShellChain,
  type ShellCommand,
  type ShellLine,
  type ShellListItem,
  type ShellPipeline,
  type ShellRedirect,
  ShellSyntaxError,
  type ShellWord,
  type ShellWordPart,
} from "./shell/index.js";
export { yaml } from "./yaml-parser.js";
export { inputErrorFromZod, parseInput, parseJsonText } from "./zod-input-error.js";
