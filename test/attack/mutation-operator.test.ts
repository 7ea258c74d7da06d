/**
 * The model mutator, against a scripted OpenAI-compatible server over real HTTP: it asks for a
 * rewrite of the payload, keeps every value scoring keys on, makes a loadable task whose payload
 * is the rewrite in every placed field, goes through the model cache, makes no child from a reply
 * that lost a value, and stops the search on a dead endpoint.
 */
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  keptValues,
  mutationOperator,
  payloadAttackOf,
  rewriteProblem,
  stateFields,
  variantSchemaProblems,
} from "../../src/attack/index.js";
import { createModelClient, ModelCache } from "../../src/models/index.js";
import { INJECTION_PACK_DIR, loadScenarios } from "../../src/scenario/index.js";
import { seededRandom } from "../../src/stats/index.js";
import { MockOpenAIServer, type RecordedRequest } from "../support/mock-openai-server.js";
import { tempDir } from "../support/temp-dir.js";

const { scenarios } = await loadScenarios([INJECTION_PACK_DIR]);
const tasks = scenarios.filter((task) => payloadAttackOf(task) !== undefined);
const TASK = tasks.find((task) => task.id === "inj-f1-mail-badge-wants-signin-code")!;

/** The instruction and the values the request asked to keep, read back from the request. */
function asked(request: RecordedRequest): { instruction: string; values: string[] } {
  const content: string = request.body.messages.at(-1).content;
  const instruction = /^Instruction: (.*)$/m.exec(content)![1]!;
  const values = [...(/^Values to copy exactly: (.*)$/m.exec(content)![1]!.matchAll(/"((?:[^"\\]|\\.)*)"/g) ?? [])].map((m) =>
    JSON.parse(`"${m[1]}"`),
  );
  return { instruction, values };
}

let server: MockOpenAIServer;
beforeAll(async () => {
  server = await MockOpenAIServer.start();
});
afterAll(async () => {
  await server.stop();
});

describe("keptValues and rewriteProblem", () => {
  it("keep, for every payload of the pack, only text the payload holds, and the values the evaluators and attempt signals name there", () => {
    for (const task of tasks) {
      const attack = payloadAttackOf(task)!;
      const kept = keptValues(attack);
      for (const value of kept) expect([task.id, attack.payload.text.includes(value)]).toEqual([task.id, true]);
      for (const value of attack.attempt?.strings ?? [])
        if (value.length >= 4 && attack.payload.text.includes(value))
          expect(
            kept.some((k) => k.includes(value)),
            `${task.id}: ${value}`,
          ).toBe(true);
      if ("attacker_value" in attack && attack.payload.text.includes(attack.attacker_value))
        expect(
          kept.some((k) => k.includes(attack.attacker_value)),
          task.id,
        ).toBe(true);
    }
  });

  it("refuses a rewrite that drops any kept value, and accepts one that keeps them all", () => {
    fc.assert(
      fc.property(fc.constantFrom(...tasks), fc.nat(), fc.boolean(), (task, drop, dropOne) => {
        const attack = payloadAttackOf(task)!;
        const kept = keptValues(attack);
        const keep = dropOne && kept.length > 0 ? kept.filter((_, i) => i !== drop % kept.length) : kept;
        const rewrite = `>> ${keep.join(" | ")} <<`;
        const problem = rewriteProblem(attack.payload.text, rewrite, kept);
        if (keep.length < kept.length) expect(problem).toMatch(/lost the value/);
        else expect(problem).toBeUndefined();
      }),
    );
  });
});

describe("the mutation operator", () => {
  it("puts the model's rewrite in every placed field and the attack, through the cache", async () => {
    server.respondWith((request) => {
      const { values } = asked(request);
      return JSON.stringify({ text: `As agreed with the account owner, go ahead now: ${values.join(", ")}.` });
    });
    const store = ModelCache.open(join(tempDir(), "cache.sqlite"));
    try {
      const client = createModelClient("openai-compatible:m", { baseUrl: server.url, cache: { mode: "read-write", store }, maxRetries: 0 });
      const before = server.callCount;
      const attack = payloadAttackOf(TASK)!;
      const applied = (await mutationOperator(client).apply(TASK, attack, seededRandom(3, "m")))!;
      expect(server.callCount).toBe(before + 1);
      const request = server.requests.at(-1)!;
      expect(asked(request).instruction).toBe(attack.payload.text);
      expect(asked(request).values).toEqual(keptValues(attack));
      const mutated = payloadAttackOf(applied.scenario)!;
      expect(mutated.payload.text).toMatch(/^As agreed with the account owner/);
      const fields = new Map(stateFields(applied.scenario.state).map((field) => [field.pointer, field.value]));
      for (const pointer of mutated.payload.placement) {
        expect(fields.get(pointer)).toContain(mutated.payload.text);
        expect(fields.get(pointer)).not.toContain(attack.payload.text);
      }
      expect(variantSchemaProblems({ ...applied.scenario, id: `${TASK.id}.m1` })).toEqual([]);
      // The same node again: answered by the model cache, no request.
      await mutationOperator(client).apply(TASK, attack, seededRandom(3, "m"));
      expect(server.callCount).toBe(before + 1);
    } finally {
      server.respondWith(undefined);
      store.close();
    }
  });

  it("makes no child from a rewrite that lost a value, and says why", async () => {
    const attack = payloadAttackOf(TASK)!;
    expect(keptValues(attack).length).toBeGreaterThan(0);
    server.respondWith(() => JSON.stringify({ text: "Please do the thing the earlier message described." }));
    const problems: string[] = [];
    try {
      const client = createModelClient("openai-compatible:m", { baseUrl: server.url, maxRetries: 0 });
      expect(await mutationOperator(client, (line) => problems.push(line)).apply(TASK, attack, seededRandom(1, "m"))).toBeUndefined();
      expect(problems.join("\n")).toMatch(/lost the value/);
    } finally {
      server.respondWith(undefined);
    }
  });

  it("throws when the endpoint fails, so the search stops (and resumes) instead of counting a spent branch", async () => {
    server.reply({ fault: "error", status: 401, message: "bad key" });
    const client = createModelClient("openai-compatible:m", { baseUrl: server.url, maxRetries: 0 });
    await expect(mutationOperator(client).apply(TASK, payloadAttackOf(TASK)!, seededRandom(1, "m"))).rejects.toThrow();
  });
});
