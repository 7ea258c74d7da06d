import { InputError } from "../core/index.js";

/** A problem with the model config file: always names the file and, when known, the key. Bad input (exit 2). */
export class ModelConfigError extends InputError {
  override name = "ModelConfigError";
  constructor(
    file: string,
    /** Dotted path of the offending key, e.g. `endpoints[1].base_url`; empty for whole-file problems. */
    readonly key: string,
    readonly detail: string,
  ) {
    super(detail, key === "" ? { file } : { file, path: key });
  }
}

/** `["endpoints", 1, "base_url"]` → `endpoints[1].base_url`. */
export function formatKeyPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out === "" ? String(part) : `.${String(part)}`;
  }
  return out;
}
