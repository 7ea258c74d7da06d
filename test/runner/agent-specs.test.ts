import { describe, expect, it } from "vitest";
import { loadDefense, UI_REFERENCE_AGENTS, UI_TEST_ROLES, uiGullible, uiGullibleTree } from "../../src/agents/index.js";
import { InputError } from "../../src/core/index.js";
import { ModelSetup } from "../../src/models/index.js";
import { DEFAULT_AGENTS, guardRoles, stateAgentFor, uiAgentFor } from "../../src/runner/index.js";

const none = loadDefense("none");
const models = new ModelSetup({ cache: "off" }, "unused.sqlite");

describe("agent ids of the test roles", () => {
  it("resolves gullible in the end-to-end track, as the scripted UI agent that follows instructions", () => {
    expect(uiAgentFor("gullible", none, models, "axtree")).toBe(uiGullible);
    expect(uiGullible).toMatchObject({ track: "e2e", id: "gullible", observation: "axtree" });
  });

  it("resolves gullible-tree, the same role reading the accessibility tree instead of the screenshot", () => {
    expect(uiAgentFor("gullible-tree", none, models, "axtree")).toBe(uiGullibleTree);
    expect(uiGullibleTree).toMatchObject({ track: "e2e", id: "gullible-tree", observation: "axtree" });
  });

  it("keeps the test roles out of the default agents", () => {
    expect(UI_TEST_ROLES.map((agent) => agent.id)).toEqual([
      "gullible",
      "gullible-tree",
      "oracle-benign",
      "oracle-attack",
      "oracle-half",
      "oracle-null",
    ]);
    expect(UI_REFERENCE_AGENTS).not.toContain(uiGullible);
    for (const role of UI_TEST_ROLES) expect(DEFAULT_AGENTS.e2e).not.toContain(role.id);
    expect(DEFAULT_AGENTS["state-grounded"]).not.toContain("gullible");
  });

  it("refuses gullible in the state-grounded track, saying it runs end to end only", () => {
    expect(() => stateAgentFor("gullible", none, models)).toThrow(InputError);
    expect(() => stateAgentFor("gullible", none, models)).toThrow(
      "--agent gullible: gullible runs in the end-to-end track only (it acts on pages); use --track e2e",
    );
  });

  it("lists the test role among the known agents when an e2e agent is unknown", () => {
    expect(() => uiAgentFor("gulible", none, models, "axtree")).toThrow(
      "--agent gulible: not available in the end-to-end track; known: oversharer, minimal, refuser, gullible (test role), gullible-tree (test role), oracle-benign (test role), oracle-attack (test role), oracle-half (test role), oracle-null (test role), guarded:<planner>, ucm:<planner>, or provider:model",
    );
  });
});

describe("guarded:<planner>", () => {
  it("is a self-observing UI agent whose roles follow the planner unless set", () => {
    expect(uiAgentFor("guarded:scripted", none, models, "axtree")).toMatchObject({
      track: "e2e",
      id: "guarded:scripted",
      observation: "self",
    });
    expect(guardRoles("openai:gpt-4o", {})).toEqual({
      planner: "openai:gpt-4o",
      quarantined: "openai:gpt-4o",
      crosscheck: "openai:gpt-4o",
      classifier: "openai:gpt-4o",
    });
    expect(guardRoles("scripted", { q_model: "compromised" })).toEqual({
      planner: "scripted",
      quarantined: "compromised",
      crosscheck: "compromised",
      classifier: "scripted",
    });
  });

  it("names the flag of a role that is neither a model nor a scripted role, and refuses an empty planner and the state-grounded track", () => {
    expect(() => uiAgentFor("guarded:scripted", none, models, "axtree", { q_model: "evil" })).toThrow(/^--q-model evil: not a model/);
    expect(() => uiAgentFor("guarded:nobody", none, models, "axtree")).toThrow(/^--agent guarded:nobody: not a model/);
    expect(() => uiAgentFor("guarded:", none, models, "axtree")).toThrow(/needs a planner/);
    expect(() => stateAgentFor("guarded:scripted", none, models)).toThrow(/end-to-end track only/);
  });

  it("builds a proposer client from --propose-model (or the planner's model), none with --no-propose, and refuses a scripted proposer", () => {
    const setup = () => new ModelSetup({ cache: "off" }, "unused.sqlite");
    const specsOf = (one: ModelSetup) => Object.keys(one.manifestFields().models ?? {}).sort();
    const proposing = setup();
    uiAgentFor("guarded:scripted", none, proposing, "axtree", { propose_model: "openai:gpt-4.1-mini" });
    expect(specsOf(proposing)).toEqual(["openai:gpt-4.1-mini"]);
    const off = setup();
    uiAgentFor("guarded:scripted", none, off, "axtree", { propose_model: "openai:gpt-4.1-mini", no_propose: true });
    expect(specsOf(off)).toEqual([]);
    expect(() => uiAgentFor("guarded:scripted", none, setup(), "axtree", { propose_model: "scripted" })).toThrow(
      /^--propose-model scripted: not a model/,
    );
  });
});

describe("--guard-ablate", () => {
  const ablated = (id: string, ablate?: string[]) => uiAgentFor(id, none, models, "axtree", ablate ? { ablate } : {});

  it("labels the agent with the protections switched off, in a fixed order, and says so in its description", () => {
    const agent = ablated("guarded:scripted", ["containment", "echo-demotion"]);
    expect(agent.id).toBe("guarded:scripted -echo-demotion -containment");
    expect(agent.description).toContain("ablated: echo-demotion, containment");
    expect(ablated("ucm:scripted", ["capacity-grammars"]).id).toBe("ucm:scripted -capacity-grammars");
    const full = ablated("guarded:scripted");
    expect(full.id).toBe("guarded:scripted");
    expect(full.description).not.toContain("ablated");
  });

  it("rebuilds the same agent from a resumed run's id, with or without the manifest's list", () => {
    const label = ablated("guarded:scripted", ["echo-demotion"]).id;
    expect(ablated(label, ["echo-demotion"]).id).toBe(label);
    expect(ablated(label).id).toBe(label);
    // A label typed with --agent is the same agent (so one run can hold the full and the ablated row).
    expect(ablated("guarded:scripted -echo-demotion").description).toContain("ablated: echo-demotion");
  });

  it("refuses an unknown name, listing the valid ones", () => {
    expect(() => ablated("guarded:scripted", ["echo"])).toThrow(
      '--guard-ablate: unknown guard ablation "echo"; valid: echo-demotion, containment, differential-check, coverage-cap, capacity-grammars, terminal-trust, endorsement-by-shape, shape-provenance',
    );
    expect(() => ablated("guarded:scripted -nope")).toThrow(/^--agent guarded:scripted -nope: unknown guard ablation "nope"/);
  });
});
