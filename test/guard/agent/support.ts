import type { GateScreen, GateSettings } from "../../../src/guard/agent/gate/policy-gate.js";
import type { ContentOrigin } from "../../../src/guard/agent/provenance/content-origin.js";
import type { AnswerType } from "../../../src/guard/agent/values/index.js";
import type { Integrity, Variable } from "../../../src/guard/agent/variables/variable.js";
import { VariableStore } from "../../../src/guard/agent/variables/variable-store.js";
import type { Rect } from "../../../src/guard/geometry/rect.js";

/** A 1000×600 screen with the right half masked, focus shown. */
export function halfMasked(overrides: Partial<GateScreen> = {}): GateScreen {
  const mask: Rect[] = [[500, 0, 500, 600]];
  return { width: 1000, height: 600, mask, focus: "visible", ...overrides };
}

export const SETTINGS: GateSettings = {
  fetchAllowlist: new Set(["127.0.0.1", "docs.example"]),
  pageUrl: "http://127.0.0.1:4000/e/x/messenger",
};

/** A variable as a query would store it; read from nothing attributable unless `sources` say where. */
export function variable(
  name: string,
  type: AnswerType,
  value: string,
  integrity: Integrity = { level: "untrusted" },
  sources: ContentOrigin[] = [],
): Variable {
  return {
    name,
    type,
    value,
    constraint: {},
    integrity,
    provenance: { tool: "query_screen", capture: 1, app: "messenger", urlTemplate: "http://127.0.0.1/e/{episode}/messenger", sources },
  };
}

export function storeWith(...variables: Variable[]): VariableStore {
  const store = new VariableStore();
  for (const one of variables) store.define(one);
  return store;
}

export { EMPTY_CONSTRAINT_ARGS as EMPTY_CONSTRAINT } from "../../../src/guard/agent/tools/tool-call.js";
