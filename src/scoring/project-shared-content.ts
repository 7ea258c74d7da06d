import { pythonStr, pythonStrip } from "../scenario/index.js";

/**
 * The reference's projection of a shared_content value (also used for ground-truth lists):
 * a list becomes `str(x).strip()` per element with empty strings dropped; null/undefined
 * becomes []; any other value becomes the one-element list `[str(value).strip()]` (dropped
 * if that is empty).
 */
export function projectSharedContent(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  const items = Array.isArray(value) ? value : [value];
  return items.map((x) => pythonStrip(pythonStr(x))).filter((x) => x !== "");
}
