import type { PageModel } from "../rows/page-model.js";
import { identifierMatches } from "../rules/match-rule.js";
import { isFilesRule, type RuleSet } from "../rules/rule.js";

/**
 * File ownership (docs/design/guard.md, "Exceptions"): files the user wrote (recorded by the host,
 * or labelled in the task config) are shown in the clear — as a row of a file listing (a container
 * a `files` rule of the page names) whose whole text is the file's base name, and as a `file://`
 * document that is one of them.
 */
function baseName(path: string): string {
  const trimmed = path.replace(/[/\\]+$/, "");
  const parts = trimmed.split(/[/\\]/);
  return parts[parts.length - 1] ?? "";
}

export interface OwnedFiles {
  /** NFC base names of owned files. */
  baseNames: ReadonlySet<string>;
  /** NFC full paths. */
  paths: ReadonlySet<string>;
}

export function ownedFilesFrom(paths: readonly string[]): OwnedFiles {
  const clean = paths.map((path) => path.normalize("NFC").trim()).filter((path) => path !== "");
  return {
    baseNames: new Set(clean.map(baseName).filter((name) => name !== "")),
    paths: new Set(clean),
  };
}

/** Is this row text exactly an owned file's base name? */
export function isOwnedFileName(text: string, owned: OwnedFiles): boolean {
  const normalised = text.normalize("NFC").trim();
  return normalised !== "" && owned.baseNames.has(normalised);
}

/** Is this URL a `file://` document the user owns? */
export function isOwnedFileUrl(url: string | null, owned: OwnedFiles): boolean {
  if (url === null || !url.startsWith("file:")) return false;
  try {
    const path = decodeURIComponent(new URL(url).pathname).normalize("NFC");
    return owned.paths.has(path);
  } catch {
    return false;
  }
}

/**
 * Rows (by index) inside a file listing: a container that a `files` rule of their content root
 * names. Only there may a row be an owned file's name; the same text anywhere else on a page is
 * whatever the page chose to write.
 */
export function fileListingRows(model: PageModel, rules: ReadonlyMap<string, RuleSet>): Set<number> {
  const out = new Set<number>();
  const listingsByRoot = new Map([...rules].map(([rootId, set]) => [rootId, set.filter(isFilesRule)]));
  for (const row of model.rows) {
    const listings = listingsByRoot.get(row.contentRootId) ?? [];
    if (listings.length === 0) continue;
    const chain = model.info.get(row.id)?.chain ?? [];
    if (chain.some((node) => listings.some((rule) => identifierMatches(rule.listing, node)))) out.add(row.index);
  }
  return out;
}
