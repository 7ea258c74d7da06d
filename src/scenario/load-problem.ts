import type { z } from "zod";

/** One thing wrong with an input file, pinned to the file and the JSON path inside it. */
export interface LoadProblem {
  file: string;
  /** A JSON path such as `$.scenarios[3].state.calendar.events[0].title`. */
  path: string;
  message: string;
  severity: "error" | "warning";
}

export function jsonPath(segments: ReadonlyArray<PropertyKey>): string {
  let out = "$";
  for (const segment of segments) {
    if (typeof segment === "number") out += `[${segment}]`;
    else if (typeof segment === "string" && /^[A-Za-z_][A-Za-z0-9_]*$/.test(segment)) out += `.${segment}`;
    else out += `[${JSON.stringify(String(segment))}]`;
  }
  return out;
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
