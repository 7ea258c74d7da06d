/**
 * Proposals are cached per host and URL template in the rule store (docs/design/rule-proposal.md, "The cache"): one proposal per
 * template, reused for every page of it; a stored set found by the lookup order is used without
 * proposing; a failure stores nothing; a store folder keeps proposals, their dropped rules and
 * removals on disk.
 */
import { readdirSync } from "node:fs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { memoryRuleSetTarget, ProposedRuleCache, RuleStore, RuleStoreFolder } from "../../../src/guard/index.js";
import { createModelClient } from "../../../src/models/index.js";
import { MockOpenAIServer } from "../../support/mock-openai-server.js";
import { scriptedProposer } from "../../support/scripted-proposer.js";
import { tempDir } from "../../support/temp-dir.js";
import { BANNER_RULE, FOOTER_RULE, forumAt, OPERATOR_TEXTS } from "./forum-fixture.js";

let server: MockOpenAIServer;
const good = scriptedProposer({ knows: [BANNER_RULE, FOOTER_RULE], audit: "operator-only", operatorTexts: OPERATOR_TEXTS });

beforeAll(async () => {
  server = await MockOpenAIServer.start();
});
afterAll(async () => {
  await server.stop();
});
beforeEach(() => {
  server.requests.length = 0;
  server.respondWith(good);
});

const models = () => ({
  proposer: createModelClient("openai-compatible:scripted", { baseUrl: server.url, structuredOutputs: true, maxRetries: 0 }),
});

describe("ProposedRuleCache", () => {
  it("proposes once per template and reuses the set for every page of it", async () => {
    const cache = new ProposedRuleCache(memoryRuleSetTarget(new RuleStore()), models(), { category: "forum" });
    const first = await cache.rulesFor(forumAt("https://forum.example/t/41"));
    expect(first.source).toBe("proposed");
    const calls = server.requests.length;
    const second = await cache.rulesFor(forumAt("https://forum.example/t/42"));
    expect(second.source === "stored" && second.entry.rules).toEqual([BANNER_RULE, FOOTER_RULE]);
    expect(second.source === "stored" && second.entry.match).toEqual({ kind: "template", template: "/t/{n}" });
    expect(server.requests.length).toBe(calls);
    // Another template of the site is proposed anew, with the site prior made once.
    const other = await cache.rulesFor(forumAt("https://forum.example/u/alice/settings"));
    expect(other.source).toBe("proposed");
    expect(server.requests.filter((request) => request.body.response_format.json_schema.name === "site_prior")).toHaveLength(1);
    expect({ hits: cache.hits, proposals: cache.proposals }).toEqual({ hits: 1, proposals: 2 });
  });

  it("a stored set found by the lookup order is used without proposing", async () => {
    const store = new RuleStore();
    store.add("forum.example", { kind: "prefix", prefix: "/t" }, [BANNER_RULE]);
    const cache = new ProposedRuleCache(memoryRuleSetTarget(store), models());
    const found = await cache.rulesFor(forumAt("https://forum.example/t/9"));
    expect(found.source === "stored" && found.via).toBe("prefix");
    expect(server.requests).toHaveLength(0);
  });

  it("a failed proposal stores nothing, and a page without a host is not proposed for", async () => {
    server.respondWith(scriptedProposer({ proposal: "garbage" }));
    const store = new RuleStore();
    const cache = new ProposedRuleCache(memoryRuleSetTarget(store), models());
    const failed = await cache.rulesFor(forumAt("https://forum.example/t/1"));
    expect(failed.source).toBe("failed");
    expect(store.list()).toEqual([]);
    expect((await cache.rulesFor(forumAt(null))).source).toBe("no-scope");
  });

  it("a store folder keeps the proposal, how it was made, its dropped rules, and a removal", async () => {
    const dir = tempDir();
    const folder = await RuleStoreFolder.open(dir, { create: true });
    const cache = new ProposedRuleCache(folder, models());
    await cache.rulesFor(forumAt("https://forum.example/t/1"));
    expect(readdirSync(dir)).toEqual(["forum.example.json"]);
    await cache.recordDropped("https://forum.example/t/2", [1]);

    const reopened = await RuleStoreFolder.open(dir);
    const found = reopened.store.lookup("https://forum.example/t/3")!;
    expect(found.entry.rules).toEqual([BANNER_RULE, FOOTER_RULE]);
    expect(found.entry.dropped).toEqual([1]);
    expect(found.entry.proposed).toMatchObject({ model: "openai-compatible:scripted", attempts: 1, calls: 4 });
    expect(await reopened.remove(found.entry.scope, found.entry.match)).toBe(true);
    expect(readdirSync(dir)).toEqual([]);
  });
});
