// The syntax tree of one shell command line, shared by vsh (which runs it) and procedure
// endorsement (which judges it). Both read the same tree so that what is endorsed is exactly what
// runs: a command the host rebuilt from these words means to vsh what it meant to the judge.

/** A whole line: list items separated by `;`, `&` or newlines. */
export interface ShellLine {
  readonly items: readonly ShellListItem[];
}

/** One `&&`/`||` chain, run in the background when it ended with `&`. */
export interface ShellListItem {
  readonly chain: ShellChain;
  readonly background: boolean;
}

export interface ShellChain {
  readonly first: ShellPipeline;
  readonly rest: readonly { readonly op: "&&" | "||"; readonly pipeline: ShellPipeline }[];
}

export interface ShellPipeline {
  /** A leading `!` inverts the exit status. */
  readonly negated: boolean;
  readonly commands: readonly ShellCommand[];
}

/**
 * A simple command is broken down to words; a compound one (a loop, a conditional, a function
 * definition, a subshell or a `{ }` group) keeps only its keyword and source text, because neither
 * consumer runs or endorses one piece by piece: both refuse or record it as a whole.
 */
export type ShellCommand =
  | {
      readonly kind: "simple";
      readonly assignments: readonly { readonly name: string; readonly value: ShellWord }[];
      readonly words: readonly ShellWord[];
      readonly redirects: readonly ShellRedirect[];
    }
  | {
      readonly kind: "compound";
      readonly keyword: "for" | "while" | "until" | "if" | "case" | "function" | "subshell" | "group";
      /** The command's text as typed, trailing redirections included. */
      readonly source: string;
    };

/**
 * `fd` is the descriptor redirected (1 by default for output, 0 for input). `>&` duplicates onto the
 * target (`2>&1`); `&>` sends both standard output and standard error to the target.
 */
export interface ShellRedirect {
  readonly fd: number;
  readonly op: ">" | ">>" | "<" | ">&" | "<<<" | "&>";
  readonly target: ShellWord;
}

/** A word as typed (`source`) and as its parts after quote removal. */
export interface ShellWord {
  readonly source: string;
  readonly parts: readonly ShellWordPart[];
}

export type ShellWordPart =
  | { readonly kind: "text"; readonly text: string; readonly quoted: boolean }
  | { readonly kind: "variable"; readonly name: string; readonly quoted: boolean }
  | {
      readonly kind: "substitution";
      readonly style: "dollar" | "backtick" | "process";
      readonly line: ShellLine;
      readonly quoted: boolean;
    }
  | { readonly kind: "tilde"; readonly user: string }
  | { readonly kind: "glob"; readonly text: string };
