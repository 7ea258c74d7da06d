import { canonicalJson } from "../../../core/index.js";
import type { ToolCall } from "../tools/tool-call.js";
import type { ReasonCode } from "./reason-codes.js";

/**
 * Counts identical refusals (same tool, same arguments, same reason:
 * docs/design/guarded-agent.md, "The policy gate") so the third one can tell the planner that
 * repeating the call will keep failing.
 */
export class RefusalMemo {
  private readonly counts = new Map<string, number>();

  /** Records a refusal; true when this identical refusal has now happened three times or more. */
  record(call: ToolCall, code: ReasonCode): boolean {
    const key = `${code} ${canonicalJson(call)}`;
    const count = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, count);
    return count >= 3;
  }
}
