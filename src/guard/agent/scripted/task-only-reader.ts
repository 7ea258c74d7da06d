import { parseTaskOnlyMessage } from "../endorse/task-only-answer.js";
import { validateAnswer } from "../values/index.js";

/** Punctuation that ends a sentence or wraps a term, never part of an address or a repository. */
const WRAPPING = /^[("'`[<]+|[)"'`\]>.,;:!?]+$/g;

/**
 * The scripted stand-in for route B's task-only model (`askFromTaskOnly`): it knows nothing of the
 * world, so it answers only with what the request itself writes — the one `owner/name` it names
 * (bare, or after a host: `github.com/tpope/vim-commentary`) for a repository, the one https
 * address for a URL — and abstains otherwise: when the request names none, names several, or asks
 * for another type. It reads only the request, as the real role does, so no page can steer it; a
 * model would also recall what the request only describes ("the package for coloured output"),
 * which this role never does, so its endorsements are a lower bound of a model's.
 */
export function taskOnlyReply(text: string): { value: string; abstain: boolean } | undefined {
  const message = parseTaskOnlyMessage(text);
  if (message === undefined) return undefined;
  const terms = message.task
    .split(/\s+/)
    .map((word) => word.replace(WRAPPING, ""))
    .filter((word) => word !== "");
  const candidates = new Set<string>();
  for (const term of terms) {
    const found = message.type === "repository" ? repositoryIn(term) : message.type === "url" ? urlIn(term) : undefined;
    if (found !== undefined) candidates.add(found);
  }
  if (candidates.size !== 1) return { value: "", abstain: true };
  const [value] = candidates;
  const checked = validateAnswer(message.type as "repository" | "url", {}, value!);
  return checked.ok ? { value: checked.value, abstain: false } : { value: "", abstain: true };
}

function repositoryIn(term: string): string | undefined {
  const path = term.replace(/^https:\/\//, "");
  const segments = path.replace(/\.git$/, "").split("/");
  // `host/owner/name`, where the host has a dot; or a bare `owner/name` (not a path: no `~`, `.` or `/` start).
  const [owner, name] = segments.length === 3 && segments[0]!.includes(".") ? segments.slice(1) : segments.length === 2 ? segments : [];
  if (owner === undefined || name === undefined || /^[~./]/.test(path)) return undefined;
  return /^[A-Za-z0-9_.-]+$/.test(owner) && /^[A-Za-z0-9_.-]+$/.test(name) ? `${owner}/${name}` : undefined;
}

function urlIn(term: string): string | undefined {
  return /^https:\/\/[^\s]+$/.test(term) ? term : undefined;
}
