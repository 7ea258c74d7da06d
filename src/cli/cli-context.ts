/**
 * Where a command writes and how it is stopped: the process's streams and signals in real use,
 * memory in tests (`main(argv, io)` runs the whole CLI in process).
 */
export interface CliIo {
  /** Results: tables, `--json` documents. */
  out(text: string): void;
  /** Logs, progress and warnings, so stdout stays clean for `--json`. */
  err(text: string): void;
  /** stderr is a terminal: progress bars instead of one line per event. */
  readonly interactive: boolean;
  /** The terminal stream for progress bars, when interactive. */
  readonly terminal?: NodeJS.WriteStream;
  readonly env: NodeJS.ProcessEnv;
  /** Calls `handler` on Ctrl-C (and SIGTERM) until the returned function is called. */
  onInterrupt(handler: () => void): () => void;
  /** Leaves at once (a second Ctrl-C); records already written are safe. */
  exitNow(code: number): never;
}

/**
 * A reader that stops early (`safecua export … | head -1`) closes the pipe; the next write fails
 * with EPIPE. Like other Unix tools, stop there, quietly: there is no one left to tell.
 */
function exitOnClosedPipe(stream: NodeJS.WriteStream): void {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") throw error;
    process.exit(0);
  });
}

export function processIo(): CliIo {
  exitOnClosedPipe(process.stdout);
  exitOnClosedPipe(process.stderr);
  return {
    out: (text) => void process.stdout.write(text),
    err: (text) => void process.stderr.write(text),
    interactive: process.stderr.isTTY === true,
    terminal: process.stderr,
    env: process.env,
    onInterrupt(handler) {
      process.on("SIGINT", handler);
      process.on("SIGTERM", handler);
      return () => {
        process.off("SIGINT", handler);
        process.off("SIGTERM", handler);
      };
    },
    exitNow: (code) => process.exit(code),
  };
}

/** What a command is given: its io, and the exit code it settles on (0 unless it says otherwise). */
export class CliContext {
  exitCode = 0;

  constructor(
    readonly io: CliIo,
    /** The command line as given (for manifests and resume hints). */
    readonly argv: readonly string[],
  ) {}

  /** One line to stderr. */
  log(line: string): void {
    this.io.err(`${line}\n`);
  }

  /** Text to stdout, with a final newline. */
  print(text: string): void {
    this.io.out(text.endsWith("\n") ? text : `${text}\n`);
  }
}
