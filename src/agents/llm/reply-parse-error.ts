import type { CallUsage } from "./call-usage.js";

/**
 * The model answered, but not with the agent contract (no JSON object, or one of the wrong
 * shape). The runner records it as an `error` of kind `parse`: never a refusal (a refusal is a
 * well-formed "not completed, nothing shared"), never a pass. The raw reply and the usage of
 * the call travel with the error so the record can show both.
 */
export class ReplyParseError extends Error {
  override readonly name = "ReplyParseError";
  readonly kind = "parse" as const;
  constructor(
    message: string,
    /** The model's raw text, verbatim. */
    readonly rawText: string,
    readonly usage: CallUsage,
    readonly model: string,
  ) {
    super(message);
  }
}
