import type { ShellWord } from "./shell-ast.js";

/**
 * The word's text when it is made of text only (quoted or not), else undefined: a variable, a
 * substitution, a tilde or a glob make its value depend on the environment it runs in.
 */
export function literalWord(word: ShellWord): string | undefined {
  let text = "";
  for (const part of word.parts) {
    if (part.kind !== "text") return undefined;
    text += part.text;
  }
  return text;
}
