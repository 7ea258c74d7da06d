import type { AnswerConstraint, AnswerType } from "../values/index.js";
import { valuesEqual } from "../values/index.js";
import type { ContentOrigin } from "./content-origin.js";

/**
 * Why `endorse` with source `byline` may not vouch for a username or person name, or null when it
 * may: the value must equal the byline of the one author whose content the reader was shown — an
 * identity the app states beside content, never a name written inside it. For a request that names
 * a place, not the person ("invite whoever asked in the comments"): the reader says who, but can
 * only say the one author there. With two or more authors in what was read the reader would be
 * choosing among them (and a stranger who wrote there could be chosen), so it is refused: the
 * planner must narrow the region, or name the person. The user's own content and the operator's
 * chrome are no authors here; strangers' unattributed text names nobody and is ignored.
 */
export function bylineProblem(
  value: string,
  type: AnswerType,
  constraint: AnswerConstraint,
  sources: readonly ContentOrigin[],
): string | null {
  if (type !== "username" && type !== "person_name") return "only a username or a person's name can be an author";
  const authors = [...new Set(sources.flatMap((source) => (source.kind === "author" ? [source.name] : [])))];
  if (authors.length === 0) return "no author's content was read there";
  if (authors.length > 1) return "more than one person wrote where the value was read; read a smaller region or name the person";
  return valuesEqual(type, value, authors[0]!, constraint) ? null : "the value is not the author of what was read";
}
