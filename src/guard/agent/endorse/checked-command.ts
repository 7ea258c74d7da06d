import type { Capability } from "./capabilities.js";
import type { PathEffect } from "./path-effects.js";
import type { ArgumentKind, ProgramSpec } from "./program-table.js";

/** A word after checking: its text as the shell will see it (home expanded) and its canonical spelling. */
export interface CheckedWord {
  /** The text after expansion, `~` and `$HOME` replaced by the home directory. */
  readonly expanded: string;
  /** The text as written with home as `~` (what a request would name). */
  readonly raw: string;
  /** The canonical shell spelling (`quoteShellWord`, `~/` kept bare for home). */
  readonly rebuilt: string;
}

/** A typed argument of a known program, for the routes. */
export interface TypedArgument {
  readonly kind: ArgumentKind;
  readonly word: CheckedWord;
  /** For a path: what the command does to the file (`path-effects.ts`). */
  readonly effect?: PathEffect;
}

/** One program run (after `sudo` and `bash -c` are unwrapped): what the routes judge. */
export interface CheckedStage {
  readonly spec: ProgramSpec;
  readonly arguments: readonly TypedArgument[];
}

/** A simple command after checking, with its canonical text and every stage it runs. */
export interface CheckedSimple {
  readonly rebuilt: string;
  /** The words and redirect targets in order, expanded: what the command will run with. */
  readonly argv: readonly string[];
  readonly stages: readonly CheckedStage[];
  readonly capabilities: ReadonlySet<Capability>;
}

/**
 * A whole command line after checking (`readProcedure`): the host's rebuilt text, the stages it
 * runs in order, the capabilities it needs, and the argv of every simple command (the re-parse
 * property compares these).
 */
export interface CheckedCommand {
  readonly rebuilt: string;
  readonly simples: readonly CheckedSimple[];
  readonly stages: readonly CheckedStage[];
  readonly capabilities: ReadonlySet<Capability>;
}
