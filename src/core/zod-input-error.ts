import type { z } from "zod";
import { InputError } from "./input-error.js";

/**
 * The first problem of a failed zod parse as an `InputError` for `file`, with the issue's JSON
 * path (under `prefix`, where the parsed value sits inside the file). Later issues are often
 * consequences of the first, so one line is what a user needs to fix first.
 */
export function inputErrorFromZod(error: z.ZodError, file: string, prefix: ReadonlyArray<PropertyKey> = []): InputError {
  const issue = error.issues[0];
  return new InputError(issue?.message ?? "invalid", { file, path: [...prefix, ...(issue?.path ?? [])] });
}

/**
 * Parses `value` read from `file` with `schema`, or throws an `InputError` naming the file, the
 * JSON path and what the schema expected. Every file the program reads back goes through here
 * (or a loader that reports per-item problems), never through `JSON.parse(…) as T`.
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, file: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw inputErrorFromZod(parsed.error, file);
  return parsed.data;
}

/** `JSON.parse` of a file's text as an `InputError` (naming the file) when the text is not JSON. */
export function parseJsonText(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new InputError(`not valid JSON: ${(error as Error).message.split("\n")[0]}`, { file }, { cause: error });
  }
}
