/**
 * The F5 pack (packs/injection/f5-mask-integrity.yaml) covers the suite: every app has a task, and
 * every user-written field any app's schema declares holds a canary in some task. A field is found
 * by walking the zod schemas of the workspace state, so an app that gains a string field fails
 * here until the pack is written again (`npx tsx scripts/write-f5-pack.ts`) from a fixture that
 * fills it. Fields the planting keeps as written (amounts, the cookie answer, the workspace's
 * vocabulary of statuses, roles, permissions and scopes) need no canary; `extra` (free keys) is
 * planted where the fixtures fill it and is not required here.
 */
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { isOperatorField, plantCanaries } from "../../src/injection/index.js";
import { APP_NAMES, loadScenarios, WorkspaceStateSchema } from "../../src/scenario/index.js";
import { PROJECT_ROOT } from "../support/corpus.js";

const PACK = join(PROJECT_ROOT, "packs", "injection", "f5-mask-integrity.yaml");
/** Fields of the workspace's own vocabulary: a canary goes there only when a state writes another word. */
const VOCABULARY_FIELDS = new Set(["status", "role", "permission", "scopes"]);

interface SchemaDef {
  type: string;
  shape?: Record<string, { def: SchemaDef }>;
  element?: { def: SchemaDef };
  innerType?: { def: SchemaDef };
  options?: Array<{ def: SchemaDef }>;
}

/** Every string field of a schema as a pointer pattern (`/tracker/projects/*\/issues/*\/title`), `extra` left out. */
function stringFields(def: SchemaDef, path: string, key: string, out: Set<string>): void {
  if (def.type === "string") {
    if (!isOperatorField(key) && !VOCABULARY_FIELDS.has(key)) out.add(path);
  } else if (def.type === "object") {
    for (const [name, inner] of Object.entries(def.shape ?? {}))
      if (name !== "extra" && !isOperatorField(name)) stringFields(inner.def, `${path}/${name}`, name, out);
  } else if (def.type === "array" && def.element) stringFields(def.element.def, `${path}/*`, key, out);
  else if ((def.type === "optional" || def.type === "default" || def.type === "nullable") && def.innerType)
    stringFields(def.innerType.def, path, key, out);
  else if (def.type === "union") for (const option of def.options ?? []) stringFields(option.def, path, key, out);
}

const pattern = (pointer: string) => pointer.replace(/\/\d+(?=\/|$)/g, "/*");

describe("packs/injection/f5-mask-integrity.yaml", async () => {
  const { scenarios } = await loadScenarios([PACK]);

  test("has a task for every app of the suite, and for the shop's extensions", () => {
    const apps = new Set(scenarios.flatMap((scenario) => APP_NAMES.filter((app) => scenario.state[app] !== undefined)));
    expect([...apps].sort()).toEqual([...APP_NAMES].sort());
    const extended = scenarios.find(
      (scenario) => scenario.state.shop?.gift_cards !== undefined && scenario.state.shop.sellers !== undefined,
    );
    expect(extended?.id).toBeDefined();
    for (const scenario of scenarios) expect([scenario.id, scenario.attack?.family]).toEqual([scenario.id, "F5"]);
  });

  test("every user-written field of every app's schema holds a canary in some task", () => {
    const fields = new Set<string>();
    stringFields((WorkspaceStateSchema as unknown as { def: SchemaDef }).def, "", "", fields);
    expect(fields.size).toBeGreaterThan(100);
    const planted = new Set(
      scenarios.flatMap((scenario) => (scenario.attack?.family === "F5" ? scenario.attack.canaries.map((c) => pattern(c.placement)) : [])),
    );
    expect([...fields].filter((field) => !planted.has(field)).sort()).toEqual([]);
  });

  test("every field of a committed state that planting would fill is listed with its canary (none forgotten in the list)", () => {
    for (const scenario of scenarios) {
      if (scenario.attack?.family !== "F5") continue;
      const again = plantCanaries(scenario.state);
      expect(again.canaries.length, scenario.id).toBe(scenario.attack.canaries.length);
      expect(
        again.canaries.map((c) => c.placement),
        scenario.id,
      ).toEqual(scenario.attack.canaries.map((c) => c.placement));
    }
  });
});
