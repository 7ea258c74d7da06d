/**
 * A prompt defense: text prepended to the agent's system prompt, nothing else (no retraining, no
 * tool change), as in the paper's defense sweep (002 §8, Appendix L, Q.2).
 */
export interface Defense {
  /** Stable name recorded on every episode: a built-in name, or `file:<stem>` for a user's file. */
  readonly name: string;
  /** The instruction text; empty only for `none`. */
  readonly text: string;
  readonly source: "builtin" | "file";
  /** The file it was read from, for `source: "file"`. */
  readonly path?: string;
  /** sha256 (hex) of `text`, so a manifest pins exactly which wording ran. */
  readonly sha256: string;
}

/**
 * The system prompt with the defense in front of it, separated by a blank line. `none` (empty
 * text) returns the base prompt unchanged, so the undefended baseline is the default prompt.
 */
export function applyDefense(defense: Defense, systemPrompt: string): string {
  return defense.text === "" ? systemPrompt : `${defense.text}\n\n${systemPrompt}`;
}
