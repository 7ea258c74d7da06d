import type { ModelDescription } from "./describe-model-spec.js";

/** Longest a preflight request may take: long enough for a cold proxy, short enough that a typo is seen at once. */
const PREFLIGHT_TIMEOUT_MS = 15_000;

export interface PreflightOptions {
  /** Where keys are read from (the same place calls read them). */
  env: NodeJS.ProcessEnv;
  /** Test seam. */
  fetch?: typeof fetch;
}

/**
 * Checks, before a run spends anything, that every model it will call can be called: its key is
 * set, its endpoint answers, and the model exists where the API can say so. Returns one line per
 * problem (empty: go ahead). A run without this ran 36 episodes of auth errors and exited 0.
 *
 * "Where the API can say so": `GET /models/{id}` (OpenAI and Anthropic resolve it, aliases
 * included), else the `GET /models` list; an endpoint that offers neither (many local servers) is
 * taken at its word. Only a refused key, an unreachable endpoint or a model the API denies is a
 * problem: a 5xx now may be gone by the first call, which has retries of its own.
 */
export async function preflightModels(models: readonly ModelDescription[], options: PreflightOptions): Promise<string[]> {
  const problems: string[] = [];
  const reachable = new Map<string, Promise<string | undefined>>();
  const checks = [...new Map(models.map((model) => [model.spec, model])).values()].map(async (model) => {
    const key = model.api_key_env !== undefined ? options.env[model.api_key_env] : undefined;
    if (model.api_key_env !== undefined && (key === undefined || key === "")) {
      return `${model.spec}: environment variable ${model.api_key_env} is not set (it must hold the API key)`;
    }
    // One endpoint (URL and key) is asked once, however many models of the run it serves.
    const endpoint = `${model.provider}|${model.base_url}|${model.api_key_env ?? ""}|${model.model}`;
    let check = reachable.get(endpoint);
    if (!check) {
      check = checkModel(model, key, options.fetch ?? fetch);
      reachable.set(endpoint, check);
    }
    const problem = await check;
    return problem === undefined ? undefined : `${model.spec}: ${problem}`;
  });
  for (const problem of await Promise.all(checks)) if (problem !== undefined) problems.push(problem);
  return problems;
}

function headersFor(model: ModelDescription, key: string | undefined): Record<string, string> {
  if (model.provider === "anthropic") return { "anthropic-version": "2023-06-01", ...(key !== undefined && { "x-api-key": key }) };
  return key !== undefined ? { authorization: `Bearer ${key}` } : {};
}

async function checkModel(model: ModelDescription, key: string | undefined, fetcher: typeof fetch): Promise<string | undefined> {
  const get = (path: string) =>
    fetcher(`${model.base_url}${path}`, { headers: headersFor(model, key), signal: AbortSignal.timeout(PREFLIGHT_TIMEOUT_MS) });
  let one: Response;
  try {
    one = await get(`/models/${encodeURIComponent(model.model)}`);
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
    return `endpoint ${model.base_url} is not reachable (${cause?.code ?? cause?.message ?? (error as Error)?.message ?? String(error)})`;
  }
  await one.body?.cancel();
  if (one.status === 401 || one.status === 403)
    return `${model.base_url} refused the key${model.api_key_env ? ` in ${model.api_key_env}` : ""} (HTTP ${one.status})`;
  if (one.ok || one.status !== 404) return undefined;
  // A 404 is either "no such model" or "no such route": the list tells them apart where there is one.
  try {
    const list = await get("/models");
    if (!list.ok) {
      await list.body?.cancel();
      return model.provider === "anthropic" ? `model ${model.model} is not known to ${model.base_url}` : undefined;
    }
    const body = (await list.json()) as { data?: Array<{ id?: unknown }> };
    if (!Array.isArray(body.data)) return undefined;
    const ids = body.data.map((entry) => entry.id).filter((id): id is string => typeof id === "string");
    if (ids.includes(model.model)) return undefined;
    const offered = ids.length <= 5 ? ids.join(", ") : `${ids.slice(0, 5).join(", ")}, … (${ids.length} in all)`;
    return `model ${model.model} is not offered by ${model.base_url} (it lists: ${offered || "none"})`;
  } catch {
    return undefined;
  }
}
