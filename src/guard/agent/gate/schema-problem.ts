import { isCapability } from "../endorse/capabilities.js";
import { constraintFromArgs } from "../tools/constraint-from-args.js";
import type { ToolCall } from "../tools/tool-call.js";
import { enumOptionsProblem, isAnswerType } from "../values/index.js";
import { VARIABLE_NAME } from "../variables/variable-store.js";
import type { ReasonCode } from "./reason-codes.js";

/** Longest `wait` the host honours; a longer one is out of range. */
const MAX_WAIT_SECONDS = 10;

const finite = (...values: number[]) => values.every(Number.isFinite);

/**
 * What the strict schema cannot say: ranges, grammars and the closed list of answer types. A
 * query for free text or a boolean (or options that are a boolean in disguise) is
 * `TYPE_NOT_QUERYABLE`; every other violation `SCHEMA_INVALID`.
 */
export function schemaProblem(call: ToolCall, screen: { width: number; height: number }): ReasonCode | null {
  switch (call.tool) {
    case "click":
      return finite(call.x, call.y) && Number.isInteger(call.count) && call.count >= 1 && call.count <= 3 ? null : "SCHEMA_INVALID";
    case "drag":
      return finite(call.x1, call.y1, call.x2, call.y2) ? null : "SCHEMA_INVALID";
    case "scroll":
      return finite(call.x, call.y, call.dx, call.dy) && Math.abs(call.dx) <= 10_000 && Math.abs(call.dy) <= 10_000
        ? null
        : "SCHEMA_INVALID";
    case "key":
      return call.keys.length > 0 && call.keys.length <= 4 && call.keys.every((key) => /^[A-Za-z0-9+\-_=[\]\\;',./`]{1,20}$/.test(key))
        ? null
        : "SCHEMA_INVALID";
    case "navigate":
      return call.url.trim() !== "" ? null : "SCHEMA_INVALID";
    case "wait":
      return finite(call.seconds) && call.seconds >= 0 && call.seconds <= MAX_WAIT_SECONDS ? null : "SCHEMA_INVALID";
    case "query_screen": {
      if (!isAnswerType(call.answer_type)) return "TYPE_NOT_QUERYABLE";
      if (!VARIABLE_NAME.test(call.var_name) || call.question.trim() === "") return "SCHEMA_INVALID";
      if (!regionFits(call.region, screen)) return "SCHEMA_INVALID";
      const constraint = constraintFromArgs(call.constraint);
      if (constraint === null) return "SCHEMA_INVALID";
      if (call.answer_type === "enum" && enumOptionsProblem(constraint.options ?? []) !== null) return "TYPE_NOT_QUERYABLE";
      return null;
    }
    case "locate_on_screen":
      return call.value.trim() !== "" && (call.answer_type === "" || isAnswerType(call.answer_type)) ? null : "SCHEMA_INVALID";
    case "find_by_text":
      return call.value.trim() !== "" ? null : "SCHEMA_INVALID";
    case "endorse":
      return call.source !== "expected" || call.expected.length > 0 ? null : "SCHEMA_INVALID";
    case "endorse_element":
      return call.identifier.trim() !== "" || call.control.trim() !== "" ? null : "SCHEMA_INVALID";
    case "endorse_by_procedure":
      // Capabilities come from a closed vocabulary: a name the table does not use could never
      // match a program's need, and a typo should be told, not silently refuse every command.
      return call.declared_capabilities.every(isCapability) ? null : "SCHEMA_INVALID";
    default:
      return null;
  }
}

/** `[]` (the whole screen) or `[x, y, w, h]` inside it with a positive size. */
function regionFits(region: readonly number[], screen: { width: number; height: number }): boolean {
  if (region.length === 0) return true;
  if (region.length !== 4 || !finite(...region)) return false;
  const [x, y, w, h] = region as [number, number, number, number];
  return x >= 0 && y >= 0 && w > 0 && h > 0 && x + w <= screen.width && y + h <= screen.height;
}
