/**
 * The `provider:model` grammar shared by `--agent`, `--judge`, `--mutator` and `--proxy`.
 *
 *   spec     := provider ":" rest
 *   provider := "openai" | "anthropic" | "openai-compatible"
 *   rest     := model-id | endpoint-name | endpoint-name "/" model-id
 *
 * Whether `rest` names a configured endpoint is decided later (resolve-endpoint.ts), because only
 * the config file knows the endpoint names; this file only splits and checks the syntax.
 */
import { InputError } from "../core/index.js";

export const PROVIDERS = ["openai", "anthropic", "openai-compatible"] as const;
export type ProviderName = (typeof PROVIDERS)[number];

export interface ParsedModelSpec {
  provider: ProviderName;
  /** Everything after the first colon, untouched (model ids may contain `/` and `:`). */
  rest: string;
}

/** A spec that does not parse or resolve: bad input (exit 2), named by the flag that carried it. */
export class ModelSpecError extends InputError {
  override name = "ModelSpecError";
}

function isProviderName(value: string): value is ProviderName {
  return (PROVIDERS as readonly string[]).includes(value);
}

export function parseModelSpec(spec: string): ParsedModelSpec {
  const colon = spec.indexOf(":");
  if (colon <= 0) {
    throw new ModelSpecError(
      `invalid model spec "${spec}": expected PROVIDER:MODEL with PROVIDER one of ${PROVIDERS.join(", ")} (e.g. openai:gpt-4.1-mini)`,
    );
  }
  const provider = spec.slice(0, colon);
  const rest = spec.slice(colon + 1);
  if (!isProviderName(provider)) {
    throw new ModelSpecError(`invalid model spec "${spec}": unknown provider "${provider}" (expected one of ${PROVIDERS.join(", ")})`);
  }
  if (rest.trim() === "" || rest !== rest.trim()) {
    throw new ModelSpecError(`invalid model spec "${spec}": the model part after "${provider}:" is empty or has surrounding spaces`);
  }
  return { provider, rest };
}
