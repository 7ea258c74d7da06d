import type { ModelClient, Usage } from "../../../models/index.js";
import type { CallOf } from "../tools/tool-call.js";
import type { Variable } from "../variables/variable.js";
import type { Capability } from "./capabilities.js";
import { type Endorsement, endorsed, notEndorsed } from "./endorsement-outcome.js";
import type { EndorsementSources } from "./endorsement-sources.js";
import { type ProcedureReason, procedureReasonText } from "./procedure-reasons.js";
import { routeA, routeB, routeC } from "./procedure-routes.js";
import { readProcedure } from "./read-procedure.js";

export interface ProcedureContext {
  task: string;
  sources: EndorsementSources;
  fetchAllowlist: ReadonlySet<string>;
  /** The task-only model of route B (the crosscheck role). */
  client: ModelClient;
  seed?: number;
  signal?: AbortSignal;
}

const refused = (code: ProcedureReason, usage?: Usage): Endorsement => ({
  ...notEndorsed("refused", "procedure", procedureReasonText(code)),
  reason: code,
  ...(usage && { usage }),
});

/**
 * `endorse_by_procedure` (docs/design/guarded-agent.md, "Registries, listings and procedures"): a
 * shell command read on a page is endorsed only as the host rebuilt it. The line is parsed and read
 * under the program table (`readProcedure`: refusals of loops, substitution, `eval`, `source`,
 * interpreter pipes, variables, globs, unknown programs, protected paths, bad URLs); the
 * capabilities it needs (`sudo` adds `priv`, `bash -c` and aliases add their code's) must all be
 * among those the planner declared for its task; then the first route that vouches for it: A (a
 * standard operation whose arguments the request names), B (one stage whose every argument passes
 * its own check, with a task-only model naming the same resource), C (an allowlisted page at an
 * address the planner gave shows the same command). On success the variable holds the rebuilt
 * command, never the page's text, so quoting tricks and invisible differences do not survive.
 *
 * Every refusal carries a `ProcedureReason` and fixed text; every error path ends in "not
 * endorsed" (a page that cannot be read is route C failing, not an endorsement).
 */
export async function endorseByProcedure(
  call: CallOf<"endorse_by_procedure">,
  variable: Variable,
  context: ProcedureContext,
): Promise<Endorsement> {
  const argumentContext = {
    home: context.sources.home,
    task: context.task,
    fetchAllowlist: context.fetchAllowlist,
    ...(context.sources.pathExists && { pathExists: context.sources.pathExists }),
  };
  const read = readProcedure(variable.value, argumentContext);
  if (!read.ok) return refused(read.reason);
  const { command } = read;
  const declared = new Set<string>(call.declared_capabilities);
  if ([...command.capabilities].some((capability: Capability) => !declared.has(capability))) return refused("CAPABILITY_NOT_DECLARED");

  const success = (route: string, usage?: Usage): Endorsement => {
    const outcome = endorsed("procedure", `$${variable.name}`);
    return {
      ...outcome,
      result: `${outcome.result} Route ${route}; the command is stored as the host rebuilt it.`,
      value: command.rebuilt,
      ...(usage && { usage }),
    };
  };
  if (routeA(command, context.task)) return success("A");
  const b = await routeB(command, {
    ...argumentContext,
    registries: context.sources.registries,
    client: context.client,
    ...(context.seed !== undefined && { seed: context.seed }),
    ...(context.signal && { signal: context.signal }),
  });
  const usage: Usage | undefined = b.usage.calls > 0 ? b.usage : undefined;
  if (b.outcome === "endorsed") return success("B", usage);

  const source = call.source_page_url.trim();
  if (source !== "") {
    const url = allowlistedUrl(source, context.fetchAllowlist);
    if (url === null) return refused("SOURCE_PAGE_UNTRUSTED", usage);
    try {
      const page = await context.sources.fetchPage(url, context.signal);
      if (routeC(command, page, argumentContext)) return success("C", usage);
    } catch (error) {
      if ((error as Error).name === "AbortError") throw error;
      // An unreadable page vouches for nothing: fall through to "no route".
    }
  }
  const why = b.outcome === "diverged" ? "the task-only model names another resource" : procedureReasonText("NO_ROUTE");
  return {
    ...notEndorsed(b.outcome === "diverged" ? "diverged" : "insufficient", "procedure", why),
    reason: "NO_ROUTE",
    ...(usage && { usage }),
  };
}

function allowlistedUrl(text: string, allowlist: ReadonlySet<string>): URL | null {
  try {
    const url = new URL(text);
    return (url.protocol === "https:" || url.protocol === "http:") &&
      url.username === "" &&
      url.password === "" &&
      allowlist.has(url.hostname.toLowerCase())
      ? url
      : null;
  } catch {
    return null;
  }
}
