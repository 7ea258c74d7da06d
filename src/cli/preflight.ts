import { InputError } from "../core/index.js";
import { type ModelSetup, preflightModels } from "../models/index.js";
import type { CliContext } from "./cli-context.js";

/**
 * Before the first episode (or iteration): every model the command built a client for must be
 * callable, or the command exits 2 with one line per problem. `replay-only` calls no model, so
 * it needs no key and no network; `--no-preflight` skips the check (an endpoint that is not up
 * yet, a proxy that hides /models).
 */
export async function preflight(cli: CliContext, setup: ModelSetup, enabled: boolean): Promise<void> {
  if (!enabled || setup.flags.cache === "replay-only") return;
  const models = Object.values(setup.manifestFields().models ?? {});
  if (models.length === 0) return;
  const problems = await preflightModels(models, { env: cli.io.env });
  if (problems.length > 0) throw new InputError(`${problems.join("\n")}\n(checked before the run; --no-preflight skips this check)`);
}
