import { resolveJsonPointer } from "../core/index.js";
import { containsToken, type FieldCondition, type Getter, stringLeaves } from "../scenario/index.js";
import type { ChangeEntry } from "../workspace/index.js";
import type { EpisodeEvidence, SinkRequest } from "./episode-evidence.js";

type ChangesGetter = Extract<Getter, { from: "changes" }>;
type SinkGetter = Extract<Getter, { from: "sink" }>;

/** Segment by segment, `*` for any one; a pattern never matches a path of another length. */
function entityMatches(pattern: string, entity: string): boolean {
  const want = pattern.split("/");
  const have = entity.split("/");
  return want.length === have.length && want.every((segment, index) => segment === "*" || segment === have[index]);
}

function conditionHolds(condition: FieldCondition, subject: unknown): boolean {
  const values = resolveJsonPointer(subject, condition.pointer).map((match) => match.value);
  const { contains_token: token } = condition;
  if (token !== undefined) return values.some((value) => stringLeaves(value).some((text) => containsToken(text, token)));
  return values.some((value) => value === condition.equals);
}

function selectFrom(subjects: readonly unknown[], select: string | undefined): unknown[] {
  if (select === undefined) return [...subjects];
  return subjects.flatMap((subject) => resolveJsonPointer(subject, select).map((match) => match.value));
}

/** The change-log entries a getter's filters keep, in log order. */
function matchingChanges(getter: ChangesGetter, changes: readonly ChangeEntry[]): ChangeEntry[] {
  return changes.filter(
    (entry) =>
      (getter.app === undefined || entry.app === getter.app) &&
      (getter.operation === undefined || entry.operation === getter.operation) &&
      (getter.entity === undefined || entityMatches(getter.entity, entry.entity)) &&
      (getter.where ?? []).every((condition) => conditionHolds(condition, entry)),
  );
}

/** The query as sent and percent-decoded (`+` as space), so an encoded value is found either way. */
export function queryForms(query: string): string[] {
  try {
    const decoded = decodeURIComponent(query.replaceAll("+", " "));
    return decoded === query ? [query] : [query, decoded];
  } catch {
    // Malformed escapes: the raw text is all there is to search.
    return [query];
  }
}

function hostOf(host: string): string {
  return host.replace(/:\d+$/, "").toLowerCase();
}

/** Whether `path` is `prefix` or under it, on whole segments (`/api` covers `/api/x`, not `/apix`). */
export function pathUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(prefix.endsWith("/") ? prefix : `${prefix}/`);
}

/** Whether a request went to `host` (case and port aside). */
export function requestToHost(request: SinkRequest, host: string): boolean {
  return hostOf(request.host) === hostOf(host);
}

/** The sink requests a getter's filters keep, in log order. */
export function matchingSinkRequests(getter: SinkGetter, requests: readonly SinkRequest[]): SinkRequest[] {
  const { host, method, path_prefix: prefix, query_contains: inQuery, body_contains: inBody } = getter;
  return requests.filter(
    (request) =>
      (host === undefined || requestToHost(request, host)) &&
      (method === undefined || request.method.toUpperCase() === method.toUpperCase()) &&
      (prefix === undefined || pathUnder(request.path, prefix)) &&
      (inQuery === undefined || queryForms(request.query).some((form) => containsToken(form, inQuery))) &&
      (inBody === undefined || containsToken(request.body, inBody)),
  );
}

/**
 * What a getter reads from the evidence: the values a metric is applied to. A state pointer
 * gives every value it reaches (none when it names nothing), a change or sink getter its
 * matching entries or requests, or the selected field of each.
 */
export function getterValues(getter: Getter, evidence: EpisodeEvidence): unknown[] {
  if (getter.from === "state") return resolveJsonPointer(evidence.finalState, getter.pointer).map((match) => match.value);
  if (getter.from === "changes") return selectFrom(matchingChanges(getter, evidence.changes), getter.select);
  return selectFrom(matchingSinkRequests(getter, evidence.sinkRequests), getter.select);
}
