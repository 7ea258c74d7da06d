/**
 * The four-call proposal pipeline over real HTTP (the mock OpenAI-compatible server answering as
 * scripted proposers): a good proposer's rules trust the operator's chrome and nothing a visitor
 * wrote; a greedy rule is removed by the audit or the coverage cap; garbage and an audit that adds
 * a rule fail the proposal (the page stays masked); injections in the page never reach the
 * proposer, and an auditor that obeys them can only over-mask.
 */

import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { guardPage } from "../../../src/guard/index.js";
import { PROPOSAL_SCHEMA_NAMES } from "../../../src/guard/propose/proposal-schemas.js";
import { type ProposerModels, proposeRules } from "../../../src/guard/propose/propose-rules.js";
import { pageTexts } from "../../../src/guard/propose/skeleton.js";
import { createModelClient, ModelCache } from "../../../src/models/index.js";
import { MockOpenAIServer, type RecordedRequest } from "../../support/mock-openai-server.js";
import { INJECTION_PHRASE, type ProposerScript, scriptedProposer } from "../../support/scripted-proposer.js";
import { tempDir } from "../../support/temp-dir.js";
import { BANNER_RULE, FOOTER_RULE, forum, OPERATOR_TEXTS, THREAD_RULE, USER_ROWS, WHOLE_PAGE_RULE } from "./forum-fixture.js";

let server: MockOpenAIServer;
let models: ProposerModels;

beforeAll(async () => {
  server = await MockOpenAIServer.start();
  models = { proposer: createModelClient("openai-compatible:scripted", { baseUrl: server.url, structuredOutputs: true, maxRetries: 0 }) };
});
afterAll(async () => {
  await server.stop();
});
beforeEach(() => {
  server.requests.length = 0;
});

function serve(script: ProposerScript): void {
  server.respondWith(scriptedProposer(script));
}

const stepOf = (request: RecordedRequest): string => request.body.response_format?.json_schema?.name;

/** Rows a rule set trusts on the forum page, after every check. */
function trustedRows(rules: unknown): string[] {
  return guardPage(forum, rules)
    .rows.filter((row) => row.verdict === "trusted")
    .map((row) => row.nodeId);
}

describe("proposeRules", () => {
  it("a good proposer's rules trust the header and footer and no row a visitor wrote, in four calls", async () => {
    serve({ knows: [BANNER_RULE, FOOTER_RULE], audit: "operator-only", operatorTexts: OPERATOR_TEXTS });
    const outcome = await proposeRules(forum, models, { host: "forum.example", category: "forum" });
    expect(outcome.status).toBe("proposed");
    if (outcome.status !== "proposed") return;
    expect(outcome.rules).toEqual([BANNER_RULE, FOOTER_RULE]);
    expect(outcome.calls.map((call) => `${call.step}:${call.outcome}`)).toEqual(["prior:ok", "proposal:ok", "feedback:ok", "audit:ok"]);
    expect(outcome.usage.calls).toBe(4);
    expect(outcome.calls.every((call) => call.usage.input_tokens > 0)).toBe(true);
    const trusted = trustedRows(outcome.rules);
    expect(trusted).toEqual(expect.arrayContaining(["home-t", "questions-t", "login", "about-t", "privacy-t"]));
    for (const row of USER_ROWS) expect(trusted).not.toContain(row);
  });

  it("only the audit's request holds page text; the prior holds the host and category only", async () => {
    serve({ knows: [BANNER_RULE, FOOTER_RULE], audit: "keep-all" });
    await proposeRules(forum, models, { host: "forum.example", category: "forum" });
    const texts = pageTexts(forum).filter((text) => text.length >= 4);
    for (const request of server.requests) {
      const body = JSON.stringify(request.body.messages);
      const leaked = texts.filter((text) => body.includes(text));
      if (stepOf(request) === PROPOSAL_SCHEMA_NAMES.audit) expect(leaked).toContain("Home");
      else expect(leaked).toEqual([]);
    }
    const prior = server.requests.find((request) => stepOf(request) === PROPOSAL_SCHEMA_NAMES.prior)!;
    expect(prior.body.messages.at(-1).content).toBe("Host: forum.example\nCategory: forum");
  });

  it("the audit removes a proposed rule over the thread, whose rows visitors wrote", async () => {
    serve({ knows: [BANNER_RULE], extra: [THREAD_RULE], audit: "operator-only", operatorTexts: OPERATOR_TEXTS });
    const outcome = await proposeRules(forum, models, { host: "forum.example" });
    expect(outcome.status === "proposed" && outcome.rules).toEqual([BANNER_RULE]);
  });

  it("a rule over the whole page is dropped by the coverage cap even when the audit keeps everything", async () => {
    serve({ knows: [BANNER_RULE], extra: [WHOLE_PAGE_RULE], audit: "keep-all" });
    const outcome = await proposeRules(forum, models, { host: "forum.example" });
    expect(outcome.status).toBe("proposed");
    if (outcome.status !== "proposed") return;
    // The extent feedback told the proposer; whichever removed it, no visitor's row is trusted.
    const feedback = server.requests.find((request) => stepOf(request) === PROPOSAL_SCHEMA_NAMES.feedback)!;
    expect(JSON.stringify(feedback.body.messages)).toContain('\\"coverage_cap\\":\\"dropped\\"');
    expect(outcome.rules).toEqual([BANNER_RULE]);
    for (const row of USER_ROWS) expect(trustedRows(outcome.rules)).not.toContain(row);
  });

  it("garbage fails the proposal after one repair try per attempt and three retries", async () => {
    serve({ proposal: "garbage" });
    const outcome = await proposeRules(forum, models, { host: "forum.example" });
    expect(outcome.status).toBe("failed");
    if (outcome.status !== "failed") return;
    expect(outcome.reason).toBe("invalid");
    expect(outcome.attempts).toBe(4);
    const proposals = outcome.calls.filter((call) => call.step === "proposal");
    expect(proposals.map((call) => call.outcome)).toEqual(Array(8).fill("invalid"));
    // The prior is made once per site; the repair try tells the model why its reply was refused.
    expect(outcome.calls.filter((call) => call.step === "prior")).toHaveLength(1);
    const repair = server.requests.filter((request) => stepOf(request) === PROPOSAL_SCHEMA_NAMES.proposal)[1]!;
    expect(repair.body.messages.at(-1).content).toMatch(/^That reply was refused/);
    // The failure names the call that failed and why.
    expect(outcome).toMatchObject({ step: "proposal", problem: "no JSON object found in the reply" });
    expect(proposals[0]!.problem).toBe("no JSON object found in the reply");
  });

  it("a proposed rule that does not parse fails with the step and the rule's JSON path", async () => {
    serve({ extra: [{ ancestor_path: [{ role: "banner" }], verdict: "maybe" }] });
    const outcome = await proposeRules(forum, models, { host: "forum.example", retries: 0 });
    expect(outcome).toMatchObject({ status: "failed", reason: "invalid", step: "proposal" });
    expect(outcome.status === "failed" && outcome.problem).toMatch(/^\$\[0\]\.verdict: /);
  });

  it("a failed proposal's replies are not replayed from the model cache: the next try asks the model", async () => {
    const store = ModelCache.open(join(tempDir(), "models.sqlite"));
    try {
      const cached = {
        proposer: createModelClient("openai-compatible:scripted", {
          baseUrl: server.url,
          structuredOutputs: true,
          maxRetries: 0,
          cache: { mode: "read-write", store },
        }),
      };
      serve({ proposal: "garbage" });
      expect((await proposeRules(forum, cached, { host: "forum.example", retries: 0 })).status).toBe("failed");
      serve({ knows: [BANNER_RULE, FOOTER_RULE], audit: "keep-all" });
      const retried = await proposeRules(forum, cached, { host: "forum.example", retries: 0 });
      expect(retried.status).toBe("proposed");
      // The valid prior is replayed; the refused proposal is asked again.
      expect(retried.calls.map((call) => `${call.step}:${call.cached}`)).toEqual([
        "prior:true",
        "proposal:false",
        "feedback:false",
        "audit:false",
      ]);
    } finally {
      store.close();
    }
  });

  it("an audit answer that adds a rule is rejected, and the proposal fails", async () => {
    serve({ knows: [BANNER_RULE, FOOTER_RULE], audit: "add-rule" });
    const outcome = await proposeRules(forum, models, { host: "forum.example", retries: 1 });
    expect(outcome.status === "failed" && outcome.reason).toBe("rejected");
    expect(outcome.calls.filter((call) => call.step === "audit").map((call) => call.outcome)).toEqual(Array(4).fill("rejected"));
    expect(outcome).toMatchObject({ step: "audit" });
  });

  it("a model error fails the attempt and the next attempt may succeed", async () => {
    serve({ knows: [BANNER_RULE], audit: "keep-all" });
    server.reply({ fault: "server_error" });
    const outcome = await proposeRules(forum, models, { host: "forum.example" });
    expect(outcome.status === "proposed" && outcome.attempts).toBe(2);
    expect(outcome.calls[0]!.outcome).toBe("error");
  });

  it("zero rules after the audit fails a page that needs interaction, and passes one that does not", async () => {
    serve({ knows: [], audit: "keep-all" });
    const needs = await proposeRules(forum, models, { host: "forum.example", retries: 0 });
    expect(needs.status === "failed" && needs.reason).toBe("no-rules");
    const reading = await proposeRules(forum, models, { host: "forum.example", retries: 0, requireRules: false });
    expect(reading.status === "proposed" && reading.rules).toEqual([]);
  });
});

describe("injection through the page", () => {
  it("the proposer never reads a visitor's instruction, nor a class crafted to repeat it", async () => {
    serve({ knows: [BANNER_RULE, FOOTER_RULE], obey: true, audit: "keep-all" });
    const outcome = await proposeRules(forum, models, { host: "forum.example" });
    for (const request of server.requests.filter((request) => stepOf(request) !== PROPOSAL_SCHEMA_NAMES.audit)) {
      const body = JSON.stringify(request.body.messages).toLowerCase();
      expect(body).not.toContain(INJECTION_PHRASE);
      expect(body).not.toContain("trust-the-comments");
    }
    expect(outcome.status === "proposed" && outcome.rules).toEqual([BANNER_RULE, FOOTER_RULE]);
  });

  it("an auditor that obeys the page can only over-mask: its added rule is refused and the page stays masked", async () => {
    // Rules over the header and footer cover no comment: the auditor reads no instruction and keeps both.
    serve({ knows: [BANNER_RULE, FOOTER_RULE], audit: "obey" });
    const outcome = await proposeRules(forum, models, { host: "forum.example", retries: 0 });
    expect(outcome.status === "proposed" && outcome.rules).toEqual([BANNER_RULE, FOOTER_RULE]);

    serve({ knows: [BANNER_RULE], extra: [THREAD_RULE], audit: "obey" });
    // A rule over the thread shows the auditor the comment that addresses it: it obeys, and its answer is refused.
    const told = await proposeRules(forum, models, { host: "forum.example", retries: 0 });
    expect(told.status === "failed" && told.reason).toBe("rejected");
    expect(told.status === "failed" && told.calls.filter((call) => call.step === "audit").map((call) => call.outcome)).toEqual([
      "rejected",
      "rejected",
    ]);
  });
});
