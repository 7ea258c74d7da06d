import { describe, expect, it } from "vitest";
import { describeModelSpec, preflightModels } from "../../src/models/index.js";

/** A fetch that answers by path and remembers what was asked, with the headers sent. */
function fakeFetch(answers: Record<string, { status: number; body?: unknown }>) {
  const asked: Array<{ url: string; headers: Record<string, string> }> = [];
  const fetcher = (async (url: string | URL | Request, init?: RequestInit) => {
    const href = String(url);
    asked.push({ url: href, headers: (init?.headers ?? {}) as Record<string, string> });
    const path = new URL(href).pathname;
    const answer = answers[path] ?? { status: 404 };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status });
  }) as typeof fetch;
  return { fetcher, asked };
}

const KEYS = { OPENAI_API_KEY: "sk-test", ANTHROPIC_API_KEY: "ak-test" };

describe("preflightModels", () => {
  it("names a key the endpoint refuses", async () => {
    const { fetcher } = fakeFetch({ "/v1/models/gpt-4.1-mini": { status: 401 } });
    const problems = await preflightModels([describeModelSpec("openai:gpt-4.1-mini")], { env: KEYS, fetch: fetcher });
    expect(problems).toEqual(["openai:gpt-4.1-mini: https://api.openai.com/v1 refused the key in OPENAI_API_KEY (HTTP 401)"]);
  });

  it("takes a 404 from Anthropic's model lookup, which resolves aliases, as an unknown model", async () => {
    const { fetcher, asked } = fakeFetch({ "/v1/models": { status: 200, body: { data: [{ id: "claude-haiku-4-5-20251001" }] } } });
    const problems = await preflightModels([describeModelSpec("anthropic:claude-haiku-4-6")], { env: KEYS, fetch: fetcher });
    expect(problems).toEqual([
      "anthropic:claude-haiku-4-6: model claude-haiku-4-6 is not offered by https://api.anthropic.com/v1 (it lists: claude-haiku-4-5-20251001)",
    ]);
    expect(asked[0]?.headers).toMatchObject({ "x-api-key": "ak-test", "anthropic-version": "2023-06-01" });
  });

  it("lets through an endpoint that lists nothing, a server error, and a model it confirms", async () => {
    const { fetcher } = fakeFetch({ "/v1/models/gpt-4.1": { status: 200, body: { id: "gpt-4.1" } }, "/v2/models/m": { status: 503 } });
    const models = [
      describeModelSpec("openai:gpt-4.1"),
      describeModelSpec("openai-compatible:m", { baseUrl: "http://127.0.0.1:9/v2" }),
      describeModelSpec("openai-compatible:local", { baseUrl: "http://127.0.0.1:9/v3" }),
    ];
    expect(await preflightModels(models, { env: KEYS, fetch: fetcher })).toEqual([]);
  });

  it("asks one endpoint once for a model several roles share", async () => {
    const { fetcher, asked } = fakeFetch({ "/v1/models/gpt-4.1": { status: 200, body: { id: "gpt-4.1" } } });
    const model = describeModelSpec("openai:gpt-4.1");
    expect(await preflightModels([model, model, { ...model, spec: "openai:gpt-4.1 " }], { env: KEYS, fetch: fetcher })).toEqual([]);
    expect(asked).toHaveLength(1);
  });
});
