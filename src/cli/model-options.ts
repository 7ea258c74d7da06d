import { type Command, Option } from "commander";
import { CACHE_MODES, DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT_MS } from "../models/index.js";
import { nonNegativeInt, positiveInt } from "./option-parsers.js";

/**
 * Adds the model flags to a command, so `bench` and `generate` document and parse them alike.
 * `configHelp` replaces the help of `-c, --config` where the file holds more than endpoints
 * (bench's `bench:` section).
 */
export function addModelOptions(
  command: Command,
  configHelp = "model endpoints file (default: ./safecua.config.yaml when present)",
): Command {
  return (
    command
      .option("--base-url <url>", "base URL for openai-compatible endpoints (vLLM, Ollama, llama.cpp server, LM Studio)")
      .option("-c, --config <file>", configHelp)
      .addOption(new Option("--cache <mode>", "record/replay cache of model calls").choices(CACHE_MODES).default("read-write"))
      .option("--cache-path <file>", "SQLite cache file (default: <out>/cache.sqlite)")
      // No commander default: a flag overrides the config file's value, which overrides the built-in one.
      .option(
        "--timeout-ms <n>",
        `per-call timeout for model calls, in ms (default: ${DEFAULT_TIMEOUT_MS}, or the config file's timeout_ms)`,
        positiveInt,
      )
      .option(
        "--max-retries <n>",
        `retries per model call on 429, 5xx, resets and timeouts (default: ${DEFAULT_MAX_RETRIES}, or the config file's max_retries)`,
        nonNegativeInt,
      )
      .option("--no-preflight", "skip the check, before the first call, that every model's key, endpoint and name work")
  );
}
