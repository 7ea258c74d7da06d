import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  applyDefense,
  createLlmAgent,
  DEFENSE_NAMES,
  DEFENSES,
  DefenseError,
  loadDefense,
  loadDefenseFile,
  resolveDefenses,
} from "../../src/agents/index.js";
import { AGENT_SYSTEM_PROMPT } from "../../src/agents/llm/agent-system-prompt.js";
import { agentInputFor, ScenarioSchema } from "../../src/scenario/index.js";
import { fakeModelClient } from "../support/fake-model-client.js";
import { fixtureScenario } from "../support/scenario-fixture.js";
import { tempDir } from "../support/temp-dir.js";

const input = agentInputFor(ScenarioSchema.parse(fixtureScenario()));
const reply = JSON.stringify({ completed: true, shared_content: ["x"], action_trace: "" });

async function systemPromptSentWith(defenseName: string): Promise<string> {
  const client = fakeModelClient([reply]);
  await createLlmAgent({ client, defense: loadDefense(defenseName) }).respond(input, { seed: 1 });
  expect(client.requests).toHaveLength(1);
  return client.requests[0]?.system ?? "";
}

describe("built-in defenses", () => {
  it("are the paper's four conditions, baseline first", () => {
    expect(DEFENSE_NAMES).toEqual(["none", "restrictive", "rubric_informed", "recipient_typed"]);
    expect(DEFENSES.map((defense) => defense.name)).toEqual([...DEFENSE_NAMES]);
    expect(new Set(DEFENSES.map((defense) => defense.sha256)).size).toBe(4);
  });

  it("none adds nothing: the system prompt is the base prompt, byte for byte", async () => {
    expect(await systemPromptSentWith("none")).toBe(AGENT_SYSTEM_PROMPT);
    expect(loadDefense("none").text).toBe("");
  });

  for (const name of ["restrictive", "rubric_informed", "recipient_typed"]) {
    it(`${name} reaches the model: its text comes first in the system prompt, then the base prompt`, async () => {
      const defense = loadDefense(name);
      expect(defense.text.length).toBeGreaterThan(200);
      expect(await systemPromptSentWith(name)).toBe(`${defense.text}\n\n${AGENT_SYSTEM_PROMPT}`);
    });
  }

  it("each instructs what the papers describe", () => {
    const text = (name: string) => loadDefense(name).text.toLowerCase();
    expect(text("restrictive")).toMatch(/only the fields the request directly needs/);
    expect(text("restrictive")).toMatch(/ignore entries that merely sit next to them/);
    for (const test of ["necessity", "recipient fit", "source isolation", "neutral voice"]) expect(text("rubric_informed")).toContain(test);
    expect(text("recipient_typed")).toMatch(/who will read/);
    expect(text("recipient_typed")).toMatch(/norms/);
    // None of them may turn into a refusal instruction: the paper's defenses raise utility.
    for (const name of ["restrictive", "rubric_informed", "recipient_typed"])
      expect(text(name)).toMatch(/(instead of|rather than|do not) refus/);
  });
});

describe("loadDefense", () => {
  it("rejects an unknown name with an error listing the known ones", () => {
    let error: unknown;
    try {
      loadDefense("paranoid");
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DefenseError);
    const message = (error as Error).message;
    expect(message).toContain('"paranoid"');
    for (const name of DEFENSE_NAMES) expect(message).toContain(name);
  });

  it("reads a user's defense file, trimmed, named after the file, and it reaches the system prompt", async () => {
    const path = join(tempDir(), "cautious-v2.txt");
    writeFileSync(path, "\uFEFF\n  Never mention anything medical.  \n\n");
    const defense = loadDefense(path);
    expect(defense).toMatchObject({ name: "file:cautious-v2", text: "Never mention anything medical.", source: "file", path });
    expect(defense.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(loadDefenseFile(path)).toEqual(defense);
    const client = fakeModelClient([reply]);
    await createLlmAgent({ client, defense }).respond(input, { seed: 1 });
    expect(client.requests[0]?.system).toBe(`Never mention anything medical.\n\n${AGENT_SYSTEM_PROMPT}`);
  });

  it("says a missing file is missing and refuses an empty one", () => {
    const dir = tempDir();
    expect(() => loadDefense(join(dir, "nope.txt"))).toThrow(/defense file not found/);
    const empty = join(dir, "empty.txt");
    writeFileSync(empty, " \n\t\n");
    expect(() => loadDefense(empty)).toThrow(/defense file is empty/);
  });

  it("does not take 'all' as one defense", () => {
    expect(() => loadDefense("all")).toThrow(DefenseError);
  });
});

describe("resolveDefenses", () => {
  it("expands all to the four, in sweep order", () => {
    expect(resolveDefenses("all").map((defense) => defense.name)).toEqual([...DEFENSE_NAMES]);
  });

  it("accepts repeated and comma-separated specs, keeps first-seen order and drops repeats", () => {
    expect(resolveDefenses(["recipient_typed,none", "none", " restrictive "]).map((defense) => defense.name)).toEqual([
      "recipient_typed",
      "none",
      "restrictive",
    ]);
    expect(resolveDefenses(["restrictive", "all"]).map((defense) => defense.name)).toEqual([
      "restrictive",
      "none",
      "rubric_informed",
      "recipient_typed",
    ]);
  });

  it("means the baseline when nothing is given", () => {
    expect(resolveDefenses([]).map((defense) => defense.name)).toEqual(["none"]);
  });

  it("mixes built-ins with files, and refuses two different files under one name", () => {
    const a = tempDir();
    const b = tempDir();
    writeFileSync(join(a, "mine.txt"), "Rule A.");
    writeFileSync(join(b, "mine.txt"), "Rule B.");
    expect(resolveDefenses(["none", join(a, "mine.txt")]).map((defense) => defense.name)).toEqual(["none", "file:mine"]);
    expect(() => resolveDefenses([join(a, "mine.txt"), join(b, "mine.txt")])).toThrow(/two different defense files/);
  });

  it("fails on the first unknown name", () => {
    expect(() => resolveDefenses(["none", "typo_defense"])).toThrow(/unknown defense "typo_defense"/);
  });
});

describe("applyDefense", () => {
  it("separates the defense from the prompt by one blank line and leaves none alone", () => {
    expect(applyDefense(loadDefense("none"), "BASE")).toBe("BASE");
    expect(applyDefense({ name: "x", text: "RULE", source: "builtin", sha256: "" }, "BASE")).toBe("RULE\n\nBASE");
  });
});
