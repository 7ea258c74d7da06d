import type { CallOf } from "../tools/tool-call.js";
import { taskTermMatch, valuesEqual } from "../values/index.js";
import type { Variable } from "../variables/variable.js";
import { type Endorsement, endorsed, notEndorsed } from "./endorsement-outcome.js";
import type { EndorsementSources } from "./endorsement-sources.js";

/**
 * `endorse_by_listing` (docs/design/guarded-agent.md, "Registries, listings and procedures"): the
 * value equals (by its type's equality, never containment) an entry of a listing fetched from an
 * allowlisted listing host. The planner gives the listing's address from trusted context, and at
 * least one of its path segments must be a term of the user's request, so the page cannot steer the
 * planner to a listing of the attacker's choosing on an allowlisted host (their own repository's
 * file list, say).
 *
 * Fails closed: an address that does not parse, is not http(s), is off the listing hosts or names
 * no task term is refused; a listing that cannot be read is `insufficient`.
 */
export async function endorseByListing(
  call: CallOf<"endorse_by_listing">,
  variable: Variable,
  context: { task: string; sources: EndorsementSources; signal?: AbortSignal },
): Promise<Endorsement> {
  let url: URL;
  try {
    url = new URL(call.listing_url.trim());
  } catch {
    return notEndorsed("refused", "listing", "the listing address is not a URL");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return notEndorsed("refused", "listing", "the listing address is not http(s)");
  if (url.username !== "" || url.password !== "") return notEndorsed("refused", "listing", "the listing address carries user information");
  if (!context.sources.listingHosts.has(url.hostname.toLowerCase())) {
    return notEndorsed("refused", "listing", "the listing is not on an allowlisted listing host");
  }
  if (!pathSegments(url).some((segment) => isTaskTerm(context.task, segment))) {
    return notEndorsed("refused", "listing", "no path segment of the listing address is a term of your request");
  }
  let entries: readonly string[];
  try {
    entries = await context.sources.fetchListing(url, context.signal);
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    return notEndorsed("insufficient", "listing", "the listing could not be read");
  }
  const listed = entries.some((entry) => valuesEqual(variable.type, variable.value, entry, variable.constraint));
  return listed ? endorsed("listing", `$${variable.name}`) : notEndorsed("diverged", "listing", "the listing does not contain the value");
}

/** The decoded, non-empty path segments of a URL (a segment that does not decode is left out). */
function pathSegments(url: URL): string[] {
  return url.pathname.split("/").flatMap((segment) => {
    if (segment === "") return [];
    try {
      return [decodeURIComponent(segment)];
    } catch {
      return [];
    }
  });
}

/**
 * A segment is a task term by `endorse`'s own rule (`taskTermMatch`: whole terms, at least three
 * characters, no stop words). It is read as a `shell_command`, the one type whose grammar takes any
 * text as it is and that is not refused for being cut out of a longer value: "vim-commentary" is a
 * term of "install tpope/vim-commentary" although the request names the longer repository.
 */
function isTaskTerm(task: string, segment: string): boolean {
  return taskTermMatch(task, segment, "shell_command").ok;
}
