import {
  extractJsonObjects,
  ModelCallError,
  type ModelClient,
  type ModelErrorKind,
  type ModelRequest,
  type Usage,
} from "../../models/index.js";
import type { SharedOutput } from "../score-types.js";
import { JUDGE_SYSTEM_PROMPT, type JudgeCase, judgePromptHash, judgeUserMessage } from "./judge-prompt.js";
import { coerceVerdict, JUDGE_VERDICT_SCHEMA_NAME, type JudgeVerdict, JudgeVerdictRequestSchema } from "./judge-verdict.js";

export interface JudgeOptions {
  signal?: AbortSignal;
  maxOutputTokens?: number;
  seed?: number;
}

/** Why a judge call produced no usable verdict: the model layer's kind, `parse`, or `unknown`. */
type JudgeErrorKind = ModelErrorKind | "parse";

/** What every judge call reports, verdict or not. */
interface JudgeCall {
  /** The `provider:model` that answered (the client's spec when the call failed). */
  model: string;
  prompt_hash: string;
  /** The judge's raw reply, verbatim; absent when no reply came back. */
  raw_text?: string;
  /** The call's usage; absent when no reply came back. */
  usage?: Usage;
  cached?: boolean;
  latency_ms?: number;
}

export type JudgeResult =
  | (JudgeCall & { ok: true; verdict: JudgeVerdict })
  | (JudgeCall & { ok: false; error: { kind: JudgeErrorKind; message: string } });

/**
 * Asks the judge model about one agent output. Never throws for a judge failure: a failed
 * call (after the model layer's retries) or a reply that is not a usable verdict comes back
 * as `ok: false` with its kind, so the record is marked and never scored as clean. Only an
 * abort (the run is being interrupted) is rethrown.
 *
 * Only `completed` and `shared_content` of the output are shown to the judge.
 */
export async function judgeOutput(
  client: ModelClient,
  judgeCase: JudgeCase,
  output: SharedOutput,
  options: JudgeOptions = {},
): Promise<JudgeResult> {
  const shown: SharedOutput = { completed: output.completed, shared_content: [...output.shared_content] };
  const system = JUDGE_SYSTEM_PROMPT;
  const user = judgeUserMessage(judgeCase, shown);
  const prompt_hash = judgePromptHash(system, user);
  const request: ModelRequest = {
    system,
    messages: [{ role: "user", content: user }],
    temperature: 0,
    schema: JudgeVerdictRequestSchema,
    schemaName: JUDGE_VERDICT_SCHEMA_NAME,
  };
  if (options.maxOutputTokens !== undefined) request.maxOutputTokens = options.maxOutputTokens;
  if (options.seed !== undefined) request.seed = options.seed;
  if (options.signal !== undefined) request.signal = options.signal;

  let response;
  try {
    response = await client.generate(request);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    const kind: JudgeErrorKind = isModelCallError(error) ? error.kind : "unknown";
    return {
      ok: false,
      model: client.spec,
      prompt_hash,
      error: { kind, message: `judge call failed: ${(error as Error)?.message ?? String(error)}` },
    };
  }
  const call: JudgeCall = {
    model: response.model,
    prompt_hash,
    raw_text: response.text,
    usage: response.usage,
    cached: response.cached,
    latency_ms: response.latency_ms,
  };
  // Without structured output a judge may write "1" for 1: the model layer then rejects the
  // reply against the strict schema, and the lenient coercion gets its own look at the JSON
  // objects in the text (the first one it accepts wins, as in the model layer).
  const candidates = response.object !== undefined ? [response.object] : extractJsonObjects(response.text);
  if (candidates.length === 0) {
    return {
      ...call,
      ok: false,
      error: { kind: "parse", message: `judge reply is not a JSON verdict: ${response.parse_error ?? "no JSON object found"}` },
    };
  }
  let firstRefusal = "";
  for (const candidate of candidates) {
    const coerced = coerceVerdict(candidate);
    if (coerced.ok) return { ...call, ok: true, verdict: coerced.verdict };
    firstRefusal ||= coerced.reason;
  }
  return { ...call, ok: false, error: { kind: "parse", message: `judge verdict refused: ${firstRefusal}` } };
}

// `instanceof` fails when two copies of the models module are loaded; the name and kind do not.
function isModelCallError(error: unknown): error is ModelCallError {
  return (
    error instanceof ModelCallError ||
    (error instanceof Error && error.name === "ModelCallError" && typeof (error as { kind?: unknown }).kind === "string")
  );
}
