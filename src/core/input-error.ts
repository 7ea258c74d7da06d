import { jsonPath } from "./json-path.js";

/** Where bad input was found: the file (or flag) and, inside a file, the JSON path. */
export interface InputLocation {
  /** A file path, or the flag that carried the value (`--agent`). */
  file?: string;
  /** The JSON path inside the file, as segments or already formatted (`$.arms[0]`). */
  path?: ReadonlyArray<PropertyKey> | string;
}

/**
 * Bad input or a missing prerequisite: something the user can fix (a malformed file, an unknown
 * flag value, a missing browser). The CLI prints its message as one line and exits 2; a stack
 * trace is for bugs only. Every loader throws this (or a subclass), so the mapping lives in one
 * place (`cli/main.ts`) instead of in every command.
 */
export class InputError extends Error {
  override name = "InputError";
  readonly file: string | undefined;
  /** `$`-rooted JSON path, or undefined when the whole file (or a flag) is at fault. */
  readonly path: string | undefined;
  /** What was wrong or expected, without the location. */
  readonly expected: string;

  constructor(expected: string, location: InputLocation = {}, options?: ErrorOptions) {
    const path = location.path === undefined ? undefined : typeof location.path === "string" ? location.path : jsonPath(location.path);
    super([location.file, path, expected].filter((part) => part !== undefined && part !== "").join(": "), options);
    this.file = location.file;
    this.path = path;
    this.expected = expected;
  }
}

export function isInputError(error: unknown): error is InputError {
  return error instanceof InputError;
}
