import { formatKeyPath, ModelConfigError } from "./model-config-error.js";

// `${NAME}` is replaced by the variable; `$${` stays a literal `${`. No defaults syntax: a missing
// variable is an error, because silently substituting "" into a URL produces confusing failures later.
const PLACEHOLDER = /\$\$\{|\$\{([^}]*)\}/g;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Replaces `${ENV}` in every string value (not in keys) of a parsed YAML document.
 * Errors name the file and the key path so a user can find the line to fix.
 */
export function interpolateEnv(value: unknown, env: NodeJS.ProcessEnv, file: string, path: PropertyKey[] = []): unknown {
  if (typeof value === "string") return interpolateString(value, env, file, path);
  if (Array.isArray(value)) return value.map((item, index) => interpolateEnv(item, env, file, [...path, index]));
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = interpolateEnv(item, env, file, [...path, key]);
    return out;
  }
  return value;
}

function interpolateString(text: string, env: NodeJS.ProcessEnv, file: string, path: PropertyKey[]): string {
  return text.replace(PLACEHOLDER, (match, name: string | undefined) => {
    if (match === "$${") return "${";
    const key = formatKeyPath(path);
    if (name === undefined || !ENV_NAME.test(name)) {
      throw new ModelConfigError(file, key, `"${match}" is not a valid environment reference (use \${NAME} with letters, digits and _)`);
    }
    const resolved = env[name];
    if (resolved === undefined) throw new ModelConfigError(file, key, `environment variable ${name} is not set`);
    return resolved;
  });
}
