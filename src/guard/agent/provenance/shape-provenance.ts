import { plainText } from "../query/screen-text.js";
import { taskTermMatch } from "../values/index.js";
import type { ContentOrigin } from "./content-origin.js";

/** What makes an author's content trusted for a task: the request names them, or the episode revealed them by author. */
export interface TaskVouchers {
  task: string;
  /** Identifiers `endorse_element` revealed by author (each trusted when it was revealed). */
  revealedAuthors: readonly string[];
}

/** Whether the request, or a reveal by author, vouches for content by this author. */
function authorTrusted(name: string, vouchers: TaskVouchers): boolean {
  const wanted = plainText(name);
  if (vouchers.revealedAuthors.some((identifier) => plainText(identifier) === wanted)) return true;
  return taskTermMatch(vouchers.task, wanted, "person_name").ok;
}

/**
 * Why a value endorsed by `shape` alone may not reach an action, or null when it may. The shape of
 * a well-formed time, date or version is exactly what a value attack supplies, so the type is
 * evidence only about values nobody else chose: every row the reader was shown must be the
 * operator's chrome, the user's own writing, or by an author the request names or the episode
 * revealed by author. One stranger's row in the crop makes it a stranger's value; a provenance
 * with no origin at all (nothing attributable was read) fails closed. The reason never names an
 * author or quotes the page.
 */
export function shapeProvenanceProblem(sources: readonly ContentOrigin[], vouchers: TaskVouchers): string | null {
  if (sources.length === 0) return "nothing the host could attribute was read, so the type alone cannot vouch for the value";
  for (const source of sources) {
    if (source.kind === "operator" || source.kind === "self") continue;
    if (source.kind === "author" && authorTrusted(source.name, vouchers)) continue;
    return source.kind === "stranger"
      ? "the value was read where someone your request does not name wrote, so the type alone cannot vouch for it"
      : "the value was read from content by an author your request does not name, so the type alone cannot vouch for it";
  }
  return null;
}
