/** Whitespace collapsed and lower-cased: how a payload is recognised in text that was laid out again. */
function normalised(text: string): string {
  return text.normalize("NFC").replace(/\s+/g, " ").trim().toLowerCase();
}

/**
 * Whether the texts a reader was given hold an injection payload as its author wrote it (for a
 * `url_injection`, the link as written): whitespace-normalised and case-insensitive, over the texts
 * joined by single spaces (a page's accessibility tree splits a paragraph at its links). This is how
 * the scripted `gullible` role and the `compromised` reader "understand" a natural-language payload:
 * not by parsing it, but by recognising the text the pack's author attached the attack script to.
 */
export function showsPayload(texts: readonly string[], payload: string): boolean {
  const wanted = normalised(payload);
  if (wanted === "") return false;
  return normalised(texts.join(" ")).includes(wanted);
}
