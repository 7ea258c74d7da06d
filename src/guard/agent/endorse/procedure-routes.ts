import { addUsage, type ModelClient, NO_USAGE, type Usage } from "../../../models/index.js";
import { type Ecosystem, normaliseForEquality, taskTermMatch, valuesEqual } from "../values/index.js";
import { type ArgumentContext, checkUrl, hostOf, splitPackage } from "./argument-checks.js";
import type { CheckedCommand, CheckedStage, TypedArgument } from "./checked-command.js";
import type { RegistrySet } from "./package-registry.js";
import { readProcedure } from "./read-procedure.js";
import { askFromTaskOnly } from "./task-only-answer.js";

/** What the routes read besides the command. */
export interface RouteContext extends ArgumentContext {
  registries: RegistrySet;
  /** The task-only model of route B (the crosscheck role). */
  client: ModelClient;
  seed?: number;
  signal?: AbortSignal;
}

/**
 * Route A: every stage is a standard operation (clone, install, download, pull, create) and the request
 * names each of its arguments as a whole term — the URL itself, the package and its pin, any other
 * value. Paths are exempt: they have passed their own check (home, not protected).
 */
export function routeA(command: CheckedCommand, task: string): boolean {
  return command.stages.every(
    (stage) => stage.spec.operation !== undefined && stage.arguments.every((argument) => namedByTask(argument, stage, task)),
  );
}

function namedByTask(argument: TypedArgument, stage: CheckedStage, task: string): boolean {
  const text = argument.word.expanded;
  switch (argument.kind) {
    case "file_path":
    case "index_url":
      return true; // checked on every route: under home, or an allowlisted index
    case "url": {
      const checked = checkUrl(text);
      return checked.ok && (taskTermMatch(task, checked.url, "url").ok || namesRepository(task, checked.url));
    }
    case "package":
    case "image": {
      const ecosystem = stage.spec.ecosystem!;
      const split = splitPackage(text, ecosystem)!;
      return (
        taskTermMatch(task, split.name, "package_name", { ecosystem }).ok &&
        (split.pin === "" || taskTermMatch(task, split.pin, "version").ok)
      );
    }
    default:
      return taskTermMatch(task, text, "shell_command").ok;
  }
}

/**
 * Whether the request names a repository URL the way people write one: `host/owner/name`, without
 * the scheme and `.git` (`github.com/tpope/vim-commentary` names
 * `https://github.com/tpope/vim-commentary.git`). Host and both segments, as one whole term: a
 * request that names the project or the owner alone names no URL.
 */
function namesRepository(task: string, url: string): boolean {
  const parsed = new URL(url);
  const segments = parsed.pathname
    .replace(/\/$/, "")
    .replace(/\.git$/, "")
    .split("/")
    .filter((segment) => segment !== "");
  if (segments.length !== 2 || parsed.search !== "" || parsed.hash !== "" || parsed.port !== "") return false;
  return taskTermMatch(task, `${parsed.hostname}/${segments.join("/")}`, "shell_command").ok;
}

/** What route B came to: endorsed, or why not (a model that named another resource is `diverged`). */
export type RouteB = { outcome: "endorsed" | "diverged" | "insufficient"; usage: Usage };

/**
 * Route B: one stage whose every argument passes its own check. A URL must be on an allowlisted
 * host and a model that sees only the request must name the same resource (the repository
 * `owner/name` for a code-host path of two segments, else the URL); a package or image must be
 * listed by a curated registry of its ecosystem, or be what the task-only model names; a version
 * pin must be a term of the request (an old, vulnerable pin is a choice the page must not make).
 * Other kinds have passed their grammar, paths their home and protected-list check.
 */
export async function routeB(command: CheckedCommand, context: RouteContext): Promise<RouteB> {
  let usage: Usage = { ...NO_USAGE };
  if (command.stages.length !== 1) return { outcome: "insufficient", usage };
  const stage = command.stages[0]!;
  for (const argument of stage.arguments) {
    const text = argument.word.expanded;
    if (argument.kind === "url") {
      const checked = checkUrl(text);
      if (!checked.ok || !context.fetchAllowlist.has(hostOf(checked.url))) return { outcome: "insufficient", usage };
      const asked = await sameResource(checked.url, context);
      usage = addUsage(usage, asked.usage);
      if (asked.outcome !== "endorsed") return { outcome: asked.outcome, usage };
    } else if (argument.kind === "package" || argument.kind === "image") {
      const ecosystem = stage.spec.ecosystem!;
      const split = splitPackage(text, ecosystem)!;
      if (split.pin !== "" && !taskTermMatch(context.task, split.pin, "version").ok) return { outcome: "insufficient", usage };
      if (curatedListing(split.name, ecosystem, context.registries)) continue;
      const asked = await ask(context, `Which ${ecosystem} package does the request need?`, "package_name", split.name, { ecosystem });
      usage = addUsage(usage, asked.usage);
      if (asked.outcome !== "endorsed") return { outcome: asked.outcome, usage };
    }
  }
  return { outcome: "endorsed", usage };
}

function curatedListing(name: string, ecosystem: Ecosystem, registries: RegistrySet): boolean {
  const key = normaliseForEquality("package_name", name, { ecosystem });
  return (
    key !== null &&
    [...registries.values()].some((registry) => registry.curation === "curated" && registry.ecosystem === ecosystem && registry.lists(key))
  );
}

/** A code-host URL `https://host/owner/name[.git]` is asked about as a repository; any other as a URL. */
async function sameResource(url: string, context: RouteContext): Promise<RouteB> {
  const path = new URL(url).pathname.replace(/\/$/, "").replace(/\.git$/, "");
  const segments = path.split("/").filter((segment) => segment !== "");
  if (segments.length === 2 && normaliseForEquality("repository", segments.join("/")) !== null) {
    return ask(context, "Which code repository (owner/name) does the request need?", "repository", segments.join("/"), {});
  }
  return ask(context, "Which https address does the request need?", "url", url, {});
}

async function ask(
  context: RouteContext,
  question: string,
  type: "repository" | "url" | "package_name",
  candidate: string,
  constraint: { ecosystem?: Ecosystem },
): Promise<RouteB> {
  const answer = await askFromTaskOnly(context.client, {
    task: context.task,
    question,
    type,
    constraint,
    ...(context.seed !== undefined && { seed: context.seed }),
    ...(context.signal && { signal: context.signal }),
  });
  if (answer.value === null) return { outcome: "insufficient", usage: answer.usage };
  return { outcome: valuesEqual(type, candidate, answer.value, constraint) ? "endorsed" : "diverged", usage: answer.usage };
}

/** At most this many lines of a page are read as candidate commands. */
const MAX_CANDIDATES = 2000;

/**
 * Route C: the page (on an allowlisted host, at an address the planner gave) shows a command with
 * the same components — read by the same rules, it rebuilds to the same text. A line may start
 * with a `$ ` prompt; a command quoted in backticks inside prose counts as well.
 */
export function routeC(command: CheckedCommand, pageText: string, context: ArgumentContext): boolean {
  const candidates: string[] = [];
  for (const line of pageText.split(/\r?\n/)) {
    const trimmed = line.trim().replace(/^\$\s+/, "");
    if (trimmed !== "") candidates.push(trimmed);
    for (const quoted of line.matchAll(/`([^`\n]+)`/g)) candidates.push(quoted[1]!.trim());
  }
  return candidates.slice(0, MAX_CANDIDATES).some((candidate) => {
    if (candidate.length > 2000) return false;
    const read = readProcedure(candidate, context);
    return read.ok && read.command.rebuilt === command.rebuilt;
  });
}
