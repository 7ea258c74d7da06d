import { type EpisodeContext, openEpisodeContext, type Page } from "../../../browser/index.js";
import type { ModelClient, Usage } from "../../../models/index.js";
import { queryScreen } from "../query/quarantined-query.js";
import { captureGuardedScreen } from "../screen/guarded-screen.js";
import type { CallOf } from "../tools/tool-call.js";
import { valuesEqual } from "../values/index.js";
import type { Variable } from "../variables/variable.js";
import { type Endorsement, endorsed, notEndorsed } from "./endorsement-outcome.js";

export interface CrosscheckContext {
  /** The episode's page: the source is opened beside it, in a context of its own. */
  page: Page;
  client: ModelClient;
  fetchAllowlist: ReadonlySet<string>;
  seed?: number;
  signal?: AbortSignal;
}

function allowlistedUrl(url: string, allowlist: ReadonlySet<string>): URL | null {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === "https:" || parsed.protocol === "http:") && allowlist.has(parsed.hostname.toLowerCase()) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * `endorse_by_crosscheck` (docs/design/guarded-agent.md, "Endorsement"): a second quarantined
 * model, not told the candidate, derives the value again from a page on an allowlisted host whose
 * address the planner gives; the two are compared by the type's equality. Disagreement is
 * `diverged` and clears nothing. With a hypothesis, the planner also learns whether the derived
 * value equals it (its own guess, from trusted context), which is how it tests its assumption after
 * a disagreement.
 */
export async function endorseByCrosscheck(
  call: CallOf<"endorse_by_crosscheck">,
  variable: Variable,
  context: CrosscheckContext,
): Promise<Endorsement> {
  const source = allowlistedUrl(call.source_url, context.fetchAllowlist);
  if (source === null) return notEndorsed("refused", "crosscheck", "the source page is not on an allowlisted host");
  if (call.question.trim() === "") return notEndorsed("refused", "crosscheck", "a crosscheck needs a question");
  const browser = context.page.context().browser();
  if (browser === null) return notEndorsed("insufficient", "crosscheck", "no browser to open the source page in");
  const viewport = context.page.viewportSize() ?? { width: 1280, height: 800 };
  // A context of its own (no cookies of the episode), behind the request gate with the source's
  // origin alone allowed: whatever the source page loads or redirects to elsewhere is refused, as
  // on the episode's own pages, so a crosscheck cannot be made to send a request off the allowlist.
  let isolated: EpisodeContext | undefined;
  let usage: Usage | undefined;
  try {
    isolated = await openEpisodeContext(browser, { allowedOrigins: [source.origin], viewport });
    const tab = await isolated.context.newPage();
    await tab.goto(source.href, { waitUntil: "load", timeout: 15_000 });
    // The source is read by the quarantined model only; no mask is needed (rules: none).
    const screen = await captureGuardedScreen(tab, {
      id: 0,
      rulesFor: () => ({ rules: [], app: null, shownUrl: source.origin }),
      revealsFor: () => [],
    });
    const question = call.search_query.trim() === "" ? call.question : `${call.question} (search: ${call.search_query})`;
    const answer = await queryScreen(context.client, {
      question,
      type: variable.type,
      constraint: variable.constraint,
      screen,
      ...(context.seed !== undefined && { seed: context.seed }),
      ...(context.signal && { signal: context.signal }),
    });
    usage = answer.usage;
    if (answer.kind !== "value") return { ...notEndorsed("abstained", "crosscheck", "the second model could not derive the value"), usage };
    const equal = valuesEqual(variable.type, variable.value, answer.value, variable.constraint);
    const hypothesis =
      call.hypothesis.trim() === ""
        ? ""
        : ` Your hypothesis ${valuesEqual(variable.type, call.hypothesis, answer.value, variable.constraint) ? "matches" : "does not match"} the derived value.`;
    const outcome = equal
      ? endorsed("crosscheck", `$${variable.name}`)
      : notEndorsed("diverged", "crosscheck", "the derived value differs");
    return { ...outcome, result: outcome.result + hypothesis, usage };
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    return { ...notEndorsed("insufficient", "crosscheck", "the source page could not be read"), ...(usage && { usage }) };
  } finally {
    await isolated?.close().catch(() => undefined);
  }
}
