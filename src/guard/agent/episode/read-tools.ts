import type { Page } from "../../../browser/index.js";
import type { Usage } from "../../../models/index.js";
import { type Contact, isDirectoryName, searchContacts } from "../contacts/contact-directory.js";
import { endorseByCrosscheck } from "../endorse/endorse-by-crosscheck.js";
import { endorseByListing } from "../endorse/endorse-by-listing.js";
import { endorseByProcedure } from "../endorse/endorse-by-procedure.js";
import { endorseByRegistry } from "../endorse/endorse-by-registry.js";
import { endorseValue, type ShapeRule } from "../endorse/endorse-value.js";
import { type Endorsement, endorsed, notEndorsed } from "../endorse/endorsement-outcome.js";
import { type EndorsementSources, NO_ENDORSEMENT_SOURCES } from "../endorse/endorsement-sources.js";
import { originLabel } from "../provenance/content-origin.js";
import { readerView } from "../provenance/reader-view.js";
import { queryScreen } from "../query/quarantined-query.js";
import { containsTerm, plainText, type Region } from "../query/screen-text.js";
import { attestScreenValue, findByText, locateOnScreen } from "../query/text-search.js";
import { type AppAdapter, WORKSPACE_ADAPTERS } from "../reveal/app-adapters.js";
import { isControlName, type RevealRecord } from "../reveal/reveal-record.js";
import type { GuardedScreen } from "../screen/guarded-screen.js";
import { constraintFromArgs } from "../tools/constraint-from-args.js";
import type { CallOf, ToolCall } from "../tools/tool-call.js";
import { type AnswerType, taskTermMatch } from "../values/index.js";
import type { Variable } from "../variables/variable.js";
import type { VariableStore } from "../variables/variable-store.js";
import type { GuardedRoles } from "./guarded-episode.js";

export interface ReadToolContext {
  screen: GuardedScreen;
  page: Page;
  store: VariableStore;
  task: string;
  directory: readonly Contact[];
  reveals: RevealRecord[];
  roles: GuardedRoles;
  fetchAllowlist: ReadonlySet<string>;
  seed: number;
  signal?: AbortSignal;
  /** The `ucm:` baseline: a quarantined answer is stored `accepted` (usable without endorsement). */
  acceptAnswers?: boolean;
  /**
   * What `endorse` with source shape requires (`ShapeRule`): trusted provenance (the default),
   * nothing but the type (the `shape-provenance` ablation, the paper's rule), or it is refused
   * (the `endorsement-by-shape` ablation).
   */
  shapeRule?: ShapeRule;
  /** The apps' adapters (bylines, authored containers); default the workspace's. */
  adapters?: Readonly<Record<string, AppAdapter>>;
  /** The user's account, whose content is their own. */
  userIdentity?: string;
  /**
   * Registries, listing hosts, the fetchers and the home directory of the registry, listing and
   * procedure routes; without them (a workspace with no terminal) every registry is unknown and
   * nothing is fetched.
   */
  endorsementSources?: EndorsementSources;
}

export interface ToolOutcome {
  verdict: "allowed" | "error";
  /** A tool error's kind. */
  reason?: string;
  /** Fixed text for the planner: never page content, except endorsed or trusted values. */
  result: string;
  endorsement?: { variable: string; route: string; outcome: Endorsement["outcome"]; reason?: string };
  usageByRole?: Record<string, Usage>;
  /** The screen (or its reveals) may have changed: capture again before the next turn. */
  dirty?: boolean;
  waitMs?: number;
  /** A quarantined answer as stored (records and the attempt signal only; never in `result`). */
  answer?: string;
  /** The stored answer's provenance (`originLabel` of each source): records only, never in `result`. */
  sources?: string[];
}

const ok = (result: string, extra: Partial<ToolOutcome> = {}): ToolOutcome => ({ verdict: "allowed", result, ...extra });
const toolError = (reason: string, result: string): ToolOutcome => ({ verdict: "error", reason, result: `Tool error: ${result}.` });

function fromEndorsement(variable: string, endorsement: Endorsement, role: string): ToolOutcome {
  return ok(endorsement.result, {
    endorsement: {
      variable,
      route: endorsement.route,
      outcome: endorsement.outcome,
      ...(endorsement.reason !== undefined && { reason: endorsement.reason }),
    },
    ...(endorsement.usage && { usageByRole: { [role]: endorsement.usage } }),
  });
}

/** Runs a call that passed the gate and does not touch the page. */
export async function runReadTool(call: ToolCall, context: ReadToolContext): Promise<ToolOutcome> {
  const { screen, store } = context;
  switch (call.tool) {
    case "wait":
      return ok(`Waited ${call.seconds} s.`, { dirty: true, waitMs: Math.round(call.seconds * 1000) });
    case "query_screen":
      return query(call, context);
    case "locate_on_screen": {
      const value = store.substitute(call.value);
      if (!value.ok) return toolError("UNKNOWN_VARIABLE", `unknown variable $${value.unknown}`);
      const found = locateOnScreen(screen, value.text, call.answer_type);
      if (found.kind === "unique") return ok(`unique at (${found.x}, ${found.y})`);
      if (found.kind === "out_of_view")
        return toolError("OUT_OF_VIEW", `the value is not in view; scroll by ${found.dy} pixels to bring it there`);
      return toolError(
        found.kind === "ambiguous" ? "AMBIGUOUS" : "NOT_FOUND",
        found.kind === "ambiguous" ? "the value is shown more than once" : "the value is not shown",
      );
    }
    case "find_by_text": {
      const value = store.substitute(call.value);
      if (!value.ok) return toolError("UNKNOWN_VARIABLE", `unknown variable $${value.unknown}`);
      return ok(findByText(screen, value.text) ? "found" : "not found");
    }
    case "attest_screen_value": {
      const variable = store.get(call.var);
      if (!variable) return toolError("UNKNOWN_VARIABLE", `unknown variable ${call.var}`);
      return ok(attestScreenValue(screen, variable) ? "shown" : "not shown");
    }
    case "get_contacts": {
      const found = searchContacts(context.directory, call.query);
      return ok(found.length === 0 ? "No contact matches." : `Contacts: ${found.map((contact) => contact.name).join("; ")}`);
    }
    case "endorse": {
      const variable = store.get(call.var)!;
      const endorsement = await endorseValue(call, variable, store, {
        task: context.task,
        recall: context.roles.crosscheck,
        seed: context.seed,
        shape: context.shapeRule ?? "provenance",
        revealedAuthors: revealedAuthors(context.reveals, true),
        ...(context.signal && { signal: context.signal }),
      });
      return applyEndorsement(variable, endorsement, store, "crosscheck");
    }
    case "endorse_by_crosscheck": {
      const variable = store.get(call.var)!;
      const endorsement = await endorseByCrosscheck(call, variable, {
        page: context.page,
        client: context.roles.crosscheck,
        fetchAllowlist: context.fetchAllowlist,
        seed: context.seed,
        ...(context.signal && { signal: context.signal }),
      });
      return applyEndorsement(variable, endorsement, store, "crosscheck");
    }
    case "endorse_by_registry": {
      const variable = store.get(call.var)!;
      return applyEndorsement(variable, endorseByRegistry(call, variable, sourcesOf(context).registries), store, "crosscheck");
    }
    case "endorse_by_listing": {
      const variable = store.get(call.var)!;
      const endorsement = await endorseByListing(call, variable, {
        task: context.task,
        sources: sourcesOf(context),
        ...(context.signal && { signal: context.signal }),
      });
      return applyEndorsement(variable, endorsement, store, "crosscheck");
    }
    case "endorse_by_procedure": {
      const variable = store.get(call.var)!;
      const endorsement = await endorseByProcedure(call, variable, {
        task: context.task,
        sources: sourcesOf(context),
        fetchAllowlist: context.fetchAllowlist,
        client: context.roles.crosscheck,
        seed: context.seed,
        ...(context.signal && { signal: context.signal }),
      });
      return applyEndorsement(variable, endorsement, store, "crosscheck");
    }
    case "endorse_element":
      return endorseElement(call, context);
    default:
      return toolError("NOT_A_READ_TOOL", `${call.tool} is not run here`);
  }
}

function sourcesOf(context: ReadToolContext): EndorsementSources {
  return context.endorsementSources ?? NO_ENDORSEMENT_SOURCES;
}

function applyEndorsement(variable: Variable, endorsement: Endorsement, store: VariableStore, role: string): ToolOutcome {
  if (endorsement.outcome === "endorsed") store.endorse(variable.name, endorsement.route, endorsement.value);
  return fromEndorsement(`$${variable.name}`, endorsement, role);
}

/**
 * The identifiers the episode revealed by author: each was trusted when it was revealed. With
 * `vouched`, only those the user's side named (the task, the directory, a variable endorsed by
 * another route than byline): the authors whose content shape may trust.
 */
function revealedAuthors(reveals: readonly RevealRecord[], vouched = false): string[] {
  return reveals.flatMap((record) => (record.kind === "author" && !(vouched && record.chosenByPage) ? [record.identifier] : []));
}

/**
 * `query_screen`: the reader is shown the region (or the screen), or with `author` only what that
 * author wrote there (`readerView`); the answer is stored untrusted with the origin of every row
 * it was shown. An author must have been revealed by `endorse_element` first: the reveal is where
 * the identifier was checked against trusted sources.
 */
async function query(call: CallOf<"query_screen">, context: ReadToolContext): Promise<ToolOutcome> {
  const constraint = constraintFromArgs(call.constraint)!;
  const type = call.answer_type as AnswerType;
  const [x, y, width, height] = call.region;
  const region: Region | undefined =
    call.region.length === 4 && x !== undefined && y !== undefined && width !== undefined && height !== undefined
      ? [x, y, width, height]
      : undefined;
  const author = context.store.substitute(call.author);
  if (!author.ok) return toolError("UNKNOWN_VARIABLE", `unknown variable $${author.unknown}`);
  const confined = plainText(author.text);
  if (confined !== "" && !revealedAuthors(context.reveals).some((identifier) => plainText(identifier) === confined))
    return toolError("AUTHOR_NOT_REVEALED", "reveal the author with endorse_element (mode author) before reading only their content");
  const adapter = (context.adapters ?? WORKSPACE_ADAPTERS)[context.screen.app ?? ""];
  const seen = readerView(context.screen, {
    ...(region && { region }),
    ...(confined !== "" && { author: confined }),
    ...(adapter && { adapter }),
    ...(context.userIdentity !== undefined && { userIdentity: context.userIdentity }),
  });
  if (!seen.ok) return toolError("NOT_FOUND", "no content by that author is shown there");
  const { view } = seen;
  const answer = await queryScreen(context.roles.quarantined, {
    question: call.question,
    type,
    constraint,
    screen: context.screen,
    ...(region && { region }),
    rows: view.rows,
    hidden: view.hidden,
    seed: context.seed,
    ...(context.signal && { signal: context.signal }),
  });
  const usageByRole = { quarantined: answer.usage };
  if (answer.kind === "abstained") return ok("The quarantined model abstained; nothing was stored.", { usageByRole });
  if (answer.kind === "invalid") return { ...toolError("QUERY_INVALID", "the answer did not fit its type twice"), usageByRole };
  context.store.define({
    name: call.var_name,
    type,
    value: answer.value,
    constraint,
    integrity: context.acceptAnswers ? { level: "accepted" } : { level: "untrusted" },
    provenance: {
      tool: "query_screen",
      question: call.question,
      capture: context.screen.id,
      app: context.screen.app,
      urlTemplate: context.screen.shownUrl,
      sources: view.sources,
      ...(confined !== "" && { author: confined }),
    },
  });
  const level = context.acceptAnswers ? "accepted" : "untrusted";
  return ok(`Stored $${call.var_name} (type=${type}, ${level}).`, {
    usageByRole,
    answer: answer.value,
    sources: view.sources.map(originLabel),
  });
}

/**
 * `endorse_element` (docs/design/guarded-agent.md, "Reveal records"). By author: the identifier
 * must come from a trusted source (a directory entry, a term of the request, or an endorsed
 * variable — the gate checked variables); then the bylines equal to it are shown, never the
 * content. By control: the app's message box, or a button or link whose exact label is a term of
 * the request. Both are re-resolved on every screen.
 */
function endorseElement(call: CallOf<"endorse_element">, context: ReadToolContext): ToolOutcome {
  const { store } = context;
  if (call.mode === "author") {
    const identifier = store.substitute(call.identifier);
    if (!identifier.ok) return toolError("UNKNOWN_VARIABLE", `unknown variable $${identifier.unknown}`);
    // A variable vouches for its own value only: text written around `$name` is not endorsed by it.
    const names = store.references(call.identifier);
    const fromVariable = names.length === 1 && call.identifier.trim() === `$${names[0]}`;
    const trusted =
      fromVariable || isDirectoryName(context.directory, identifier.text) || taskTermMatch(context.task, identifier.text, "person_name").ok;
    if (!trusted)
      return fromEndorsement(
        call.identifier,
        notEndorsed("refused", "author", "the identifier is not from a trusted source"),
        "crosscheck",
      );
    // An identity the byline route took from a place is real, but the user never vouched for what that person says.
    const variable = fromVariable ? store.get(names[0]!) : undefined;
    const chosenByPage = variable?.integrity.level === "endorsed" && variable.integrity.route === "byline";
    context.reveals.push({ kind: "author", identifier: plainText(identifier.text), ...(chosenByPage && { chosenByPage: true as const }) });
    return {
      ...fromEndorsement(call.identifier, endorsed("author", "the author name"), "crosscheck"),
      result: "Revealed the author name wherever it equals the identifier.",
      dirty: true,
    };
  }
  if (!isControlName(call.control))
    return fromEndorsement(call.control, notEndorsed("refused", "control", "not a known control"), "crosscheck");
  if (call.control !== "message_box" && !(plainText(call.label).length >= 2 && containsTerm(context.task, call.label)))
    return fromEndorsement(call.control, notEndorsed("refused", "control", "the label is not a term of your request"), "crosscheck");
  context.reveals.push({ kind: "control", control: call.control, label: call.control === "message_box" ? "" : plainText(call.label) });
  return {
    ...fromEndorsement(call.control, endorsed("control", call.control), "crosscheck"),
    result: `Revealed the ${call.control.replace("_", " ")} wherever it is shown.`,
    dirty: true,
  };
}
