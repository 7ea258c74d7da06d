import { describe, expect, it } from "vitest";
import { loadDefense, UI_REFERENCE_AGENTS, UI_TEST_ROLES, uiGullible } from "../../src/agents/index.js";
import { InputError } from "../../src/core/index.js";
import { ModelSetup } from "../../src/models/index.js";
import { DEFAULT_AGENTS, stateAgentFor, uiAgentFor } from "../../src/runner/index.js";

const none = loadDefense("none");
const models = new ModelSetup({ cache: "off" }, "unused.sqlite");

describe("agent ids of the test roles", () => {
  it("resolves gullible in the end-to-end track, as the scripted UI agent that follows instructions", () => {
    expect(uiAgentFor("gullible", none, models, "axtree")).toBe(uiGullible);
    expect(uiGullible).toMatchObject({ track: "e2e", id: "gullible", observation: "axtree" });
  });

  it("keeps the test roles out of the default agents", () => {
    expect(UI_TEST_ROLES.map((agent) => agent.id)).toEqual(["gullible"]);
    expect(UI_REFERENCE_AGENTS).not.toContain(uiGullible);
    expect(DEFAULT_AGENTS.e2e).not.toContain("gullible");
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
      "--agent gulible: not available in the end-to-end track; known: oversharer, minimal, refuser, gullible (test role), or provider:model",
    );
  });
});
