// Primitives every module may import (it imports nothing internal): the one error a user can fix
// (bad input, a missing prerequisite) with its JSON path, and canonical JSON for hashes and prompts.
export { canonicalJson, sortKeysDeep } from "./canonical-json.js";
export { countOf } from "./count-of.js";
export { InputError, type InputLocation, isInputError } from "./input-error.js";
export { jsonPath } from "./json-path.js";
export { type PointerMatch, parseJsonPointer, resolveJsonPointer } from "./json-pointer.js";
export { packagePath, packageRoot } from "./package-root.js";
export { yaml } from "./yaml-parser.js";
export { inputErrorFromZod, parseInput, parseJsonText } from "./zod-input-error.js";
