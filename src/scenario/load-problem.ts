import type { z } from "zod";
import { InputError, jsonPath } from "../core/index.js";

/** One thing wrong with an input file, pinned to the file and the JSON path inside it. */
export interface LoadProblem {
  file: string;
  /** A JSON path such as `$.scenarios[3].state.calendar.events[0].title`. */
  path: string;
  message: string;
  severity: "error" | "warning";
}

/** Turns a zod error into one problem per issue, each under `prefix` (the scenario's path in its file). */
export function problemsFromZod(error: z.ZodError, file: string, prefix: ReadonlyArray<PropertyKey> = []): LoadProblem[] {
  return error.issues.map((issue) => ({
    file,
    path: jsonPath([...prefix, ...issue.path]),
    message: issue.message,
    severity: "error" as const,
  }));
}

export function formatProblem(problem: LoadProblem): string {
  return `${problem.file}: ${problem.path}: ${problem.severity === "warning" ? "warning: " : ""}${problem.message}`;
}

/** Every error of a load as one `InputError`, one problem per line (warnings are left out). */
export function loadErrorOf(problems: readonly LoadProblem[]): InputError | undefined {
  const errors = problems.filter((problem) => problem.severity === "error");
  if (errors.length === 0) return undefined;
  const first = errors[0] as LoadProblem;
  if (errors.length === 1) return new InputError(first.message, { file: first.file, path: first.path });
  return new InputError(errors.map(formatProblem).join("\n"));
}
