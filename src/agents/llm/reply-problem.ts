/** A schema issue as `path: message` (`$` for the root), or a generic line when there is none. */
export function describeIssue(issue: { path: PropertyKey[]; message: string } | undefined): string {
  if (!issue) return "the reply does not match the schema";
  return `${issue.path.map(String).join(".") || "$"}: ${issue.message}`;
}

/** The start of a model's reply for an error message: whitespace collapsed, 200 characters, quoted. */
export function replyPreview(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat === "") return "(empty)";
  return JSON.stringify(flat.length > 200 ? `${flat.slice(0, 200)}…` : flat);
}
