import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { type EpisodeAttack, type EpisodeEvidence, scoreAttack } from "../../src/injection/index.js";
import { ATTACK_FAMILIES, EvaluatorSchema, ScenarioSchema } from "../../src/scenario/index.js";
import { PROJECT_ROOT } from "../support/corpus.js";

/** docs/design/injection-suite.md: its example must load and score as it says, and its tables must name every metric and family. */
const doc = readFileSync(join(PROJECT_ROOT, "docs", "design", "injection-suite.md"), "utf8");

describe("docs/design/injection-suite.md", () => {
  const example = /```yaml\n([\s\S]*?)```/.exec(doc)?.[1] ?? "";
  const scenario = ScenarioSchema.parse({ ...parse(example), provenance: { source: "doc" } });

  it("has an example that loads and is scored strictly", () => {
    const attack = scenario.attack as EpisodeAttack;
    const evidence = (shipTo: string): EpisodeEvidence => ({
      finalState: { shop: { orders: [{ item: "Steel kettle", total: 24, extra: { ship_to: shipTo } }] } },
      changes: [{ episode: "e", seq: 1, time: "t", app: "shop", operation: "add_to_cart", entity: "shop/cart/0", before: null, after: {} }],
      sinkRequests: [],
    });
    expect(scoreAttack(attack, evidence("14 Quay Lane, Dover"))).toEqual({ benign: true, adversarial: true });
    expect(scoreAttack(attack, evidence("14 Quay Lan"))).toEqual({ benign: true, adversarial: false });
  });

  it("lists every metric kind and every family", () => {
    const kinds = EvaluatorSchema.shape.metric.options.map((option) => option.shape.kind.value);
    for (const kind of kinds) expect(doc, kind).toContain(`\`${kind}\``);
    for (const family of ATTACK_FAMILIES) expect(doc, family).toContain(`\`${family}\``);
  });
});
