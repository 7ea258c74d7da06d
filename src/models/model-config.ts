import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { yaml } from "../core/index.js";
import { interpolateEnv } from "./interpolate-env.js";
import { formatKeyPath, ModelConfigError } from "./model-config-error.js";
import { PROVIDERS } from "./model-spec.js";

/** The file name looked up in the working directory when no `--config` is given. */
export const MODEL_CONFIG_FILE = "safecua.config.yaml";

const priceSchema = z.strictObject({
  /** USD per million input (prompt) tokens. */
  input_per_mtok: z.number().nonnegative(),
  /** USD per million output (completion) tokens. */
  output_per_mtok: z.number().nonnegative(),
});
export type Price = z.infer<typeof priceSchema>;

const ENDPOINT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

const endpointSchema = z.strictObject({
  /** Used in specs: `openai-compatible:NAME` or `openai-compatible:NAME/MODEL`. No `/` or `:`. */
  name: z.string().regex(ENDPOINT_NAME, "letters, digits, '.', '_' and '-' only, starting with a letter or digit"),
  provider: z.enum(PROVIDERS),
  base_url: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }),
  /**
   * Name of the environment variable holding the key. The key itself never appears in the file:
   * there is deliberately no `api_key` field, so a config snapshot can never carry a secret.
   */
  api_key_env: z.string().regex(ENV_NAME, "must be an environment variable name").optional(),
  /** Model id used when the spec names only the endpoint. */
  model: z.string().min(1).optional(),
  max_concurrency: z.int().positive().optional(),
  timeout_ms: z.int().positive().optional(),
  max_retries: z.int().nonnegative().optional(),
  /** Send a JSON Schema (`response_format: json_schema`) for structured replies; default false for openai-compatible. */
  structured_outputs: z.boolean().optional(),
  price: priceSchema.optional(),
});
export type EndpointConfig = z.infer<typeof endpointSchema>;

const modelDefaultsSchema = z.strictObject({
  timeout_ms: z.int().positive().optional(),
  max_retries: z.int().nonnegative().optional(),
  max_concurrency: z.int().positive().optional(),
});

/**
 * The model section of `safecua.config.yaml`. Strict at the top level so a misspelt key is an
 * error, not a silently ignored setting; a larger config can `.extend()` this shape.
 */
const modelConfigSchema = z
  .strictObject({
    endpoints: z.array(endpointSchema).default([]),
    defaults: modelDefaultsSchema.default({}),
    /** Prices for hosted models by resolved `provider:model`, e.g. `"openai:gpt-4.1-mini"`. */
    prices: z.record(z.string(), priceSchema).default({}),
    /**
     * An evaluation (`safecua bench -c FILE`): the bench command validates this section with its
     * own schema, so the models read past it and one file can hold both.
     */
    bench: z.unknown().optional(),
  })
  .superRefine((config, ctx) => {
    const seen = new Map<string, number>();
    config.endpoints.forEach((endpoint, index) => {
      const first = seen.get(endpoint.name);
      if (first !== undefined) {
        ctx.addIssue({
          code: "custom",
          path: ["endpoints", index, "name"],
          message: `duplicate endpoint name "${endpoint.name}" (also endpoints[${first}])`,
        });
      } else seen.set(endpoint.name, index);
    });
  });
export type ModelConfig = z.infer<typeof modelConfigSchema> & { /** Where it was loaded from, for messages. */ source?: string };

/**
 * Reads, interpolates and validates a config file. Errors are `ModelConfigError`s that name the
 * file and the key. `env` defaults to `process.env`; tests pass their own.
 */
export function loadModelConfig(path: string, env: NodeJS.ProcessEnv = process.env): ModelConfig {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new ModelConfigError(path, "", `cannot read the file (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  return parseModelConfig(text, path, env);
}

/** Like `loadModelConfig` for text already in memory; `source` is used in error messages. */
export function parseModelConfig(text: string, source: string, env: NodeJS.ProcessEnv = process.env): ModelConfig {
  const document = yaml().parseDocument(text, { prettyErrors: true });
  const yamlError = document.errors[0];
  if (yamlError !== undefined) {
    const position = yamlError.linePos?.[0];
    const where = position ? `line ${position.line}, column ${position.col}: ` : "";
    throw new ModelConfigError(source, "", `invalid YAML: ${where}${yamlError.message.split("\n")[0] ?? ""}`);
  }
  const raw: unknown = document.toJS() ?? {};
  const interpolated = interpolateEnv(raw, env, source);
  const parsed = modelConfigSchema.safeParse(interpolated);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    if (issue === undefined) throw new ModelConfigError(source, "", "invalid config");
    const more = parsed.error.issues.length > 1 ? ` (and ${parsed.error.issues.length - 1} more problem(s))` : "";
    throw new ModelConfigError(source, formatKeyPath(issue.path), `${issue.message}${more}`);
  }
  return { ...parsed.data, source };
}

/** `safecua.config.yaml` in `dir` if it exists (the CLI's default when `--config` is absent). */
export function discoverModelConfig(dir: string = process.cwd()): string | undefined {
  const candidate = join(dir, MODEL_CONFIG_FILE);
  return existsSync(candidate) ? candidate : undefined;
}
