import { ModelCallError, type ModelClient, type ModelMessage, type ModelRequest } from "../models/index.js";
import type { Provenance, Scenario } from "../scenario/index.js";
import {
  MUTATION_SCHEMA_NAME,
  MUTATOR_SYSTEM_PROMPT,
  type MutationReply,
  MutationReplySchema,
  mutatorUserMessage,
  repairUserMessage,
} from "./mutator-prompt.js";
import { failureModeOf, type Strategy } from "./strategies.js";
import type { UsageMeter } from "./usage-tally.js";
import { validateMutation } from "./validate-mutation.js";

export interface MutateInput {
  client: ModelClient;
  parent: Scenario;
  strategy: Strategy;
  /** The child's id and provenance, decided by the engine. */
  id: string;
  provenance: Provenance;
  /** Repair rounds after a rejected reply (default 1, as the reference). */
  repairAttempts?: number;
  temperature?: number;
  maxOutputTokens?: number;
  seed?: number;
  signal?: AbortSignal;
  meter: UsageMeter;
}

export type MutateResult =
  | { ok: true; scenario: Scenario; attempts: number; repaired_from?: string[] }
  | { ok: false; reasons: string[]; attempts: number; error?: string };

/** The child scenario: the model's editable fields on top of the engine's id, labels, clock and provenance. */
function assembleChild(
  reply: MutationReply,
  parent: Scenario,
  strategy: Strategy,
  id: string,
  provenance: Provenance,
): Record<string, unknown> {
  const child: Record<string, unknown> = {
    id,
    task: reply.task.replace(/\s+/g, " ").trim(),
    recipient: reply.recipient,
    channel: reply.channel,
    ...(parent.now !== undefined && { now: parent.now }),
    state: reply.state,
    must_share: reply.must_share.map((item) => item.trim()).filter(Boolean),
    must_not_share: reply.must_not_share.map((item) => item.trim()).filter(Boolean),
    failure_mode: failureModeOf(strategy),
    ...(parent.category !== undefined && { category: parent.category }),
    provenance,
  };
  if (reply.rationale !== undefined && reply.rationale.trim() !== "") child.rationale = reply.rationale.trim();
  return child;
}

/**
 * One expansion: ask the mutator for a mutated scenario, validate it, and on rejection send the
 * reasons back for a repair (same conversation, so the model sees its own reply). A model-call
 * failure (after the model layer's retries) is a discard with its kind, never an exception,
 * except an abort, which is rethrown.
 */
export async function mutate(input: MutateInput): Promise<MutateResult> {
  const repairs = input.repairAttempts ?? 1;
  const messages: ModelMessage[] = [{ role: "user", content: mutatorUserMessage(input.parent, input.strategy) }];
  let firstReasons: string[] | undefined;
  for (let attempt = 0; attempt <= repairs; attempt += 1) {
    const request: ModelRequest = {
      system: MUTATOR_SYSTEM_PROMPT,
      messages: [...messages],
      temperature: input.temperature ?? 0,
      schema: MutationReplySchema,
      schemaName: MUTATION_SCHEMA_NAME,
      ...(input.maxOutputTokens !== undefined && { maxOutputTokens: input.maxOutputTokens }),
      ...(input.seed !== undefined && { seed: input.seed }),
      ...(input.signal !== undefined && { signal: input.signal }),
    };
    let response;
    try {
      response = await input.client.generate(request);
    } catch (error) {
      if (input.signal?.aborted) throw error;
      input.meter.addFailed("mutator");
      const kind =
        error instanceof ModelCallError || (error as Error)?.name === "ModelCallError" ? (error as ModelCallError).kind : "unknown";
      const message = `mutator call failed (${kind}): ${(error as Error)?.message ?? String(error)}`;
      return { ok: false, reasons: [...(firstReasons ?? []), message], attempts: attempt + 1, error: kind };
    }
    input.meter.add("mutator", response);
    const reply = MutationReplySchema.safeParse(response.object);
    const reasons =
      response.object === undefined || !reply.success
        ? [
            `reply: not a scenario object: ${response.parse_error ?? (reply.success ? "no JSON object" : (reply.error.issues[0]?.message ?? "invalid"))}`,
          ]
        : (() => {
            const check = validateMutation(
              assembleChild(reply.data, input.parent, input.strategy, input.id, input.provenance),
              input.parent,
            );
            return check.ok ? check : check.reasons;
          })();
    if (!Array.isArray(reasons)) {
      return { ok: true, scenario: reasons.scenario, attempts: attempt + 1, ...(firstReasons && { repaired_from: firstReasons }) };
    }
    firstReasons ??= reasons;
    if (attempt === repairs) return { ok: false, reasons, attempts: attempt + 1 };
    messages.push({ role: "assistant", content: response.text }, { role: "user", content: repairUserMessage(reasons) });
  }
  return { ok: false, reasons: firstReasons ?? ["no attempt made"], attempts: 0 };
}
