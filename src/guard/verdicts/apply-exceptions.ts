import { isCapacityBounded } from "../capacity/capacity-match.js";
import { passesFragmentCheck, textBlockOf } from "../capacity/fragment-check.js";
import type { PageModel } from "../rows/page-model.js";
import type { Row } from "../rows/row.js";
import { normaliseHost } from "../store/normalise-host.js";
import { isOwnedFileName, isOwnedFileUrl, type OwnedFiles } from "./file-ownership.js";
import type { Verdict } from "./verdict.js";

export interface ExceptionInputs {
  model: PageModel;
  /** Rows whose consent-banner grant survived the containment check. */
  consentRows: ReadonlySet<number>;
  owned: OwnedFiles;
  /** Rows inside a file listing that a `files` rule names (`fileListingRows`). */
  fileListingRows: ReadonlySet<number>;
  /** False for the `capacity-grammars` ablation: no row is released by the capacity exception. */
  capacity?: boolean;
}

/**
 * A row released by an exception must not be a way off the page: if it is (inside) a link, the
 * link must stay on the page's own host. A "12 comments" link pointing elsewhere stays masked —
 * clicking a visible link is allowed, so unmasking it would hand the attacker a navigation.
 */
function linkStaysOnSite(row: Row, model: PageModel): boolean {
  if (!row.inLink) return true;
  if (row.linkUrl === null) return false;
  const root = model.contentRoots.find((entry) => entry.node.id === row.contentRootId);
  const pageHost = root?.url != null ? normaliseHost(root.url) : null;
  const linkHost = normaliseHost(row.linkUrl);
  return pageHost !== null && linkHost !== null && pageHost === linkHost && /^https?:/i.test(row.linkUrl);
}

function releasableByCapacity(row: Row, model: PageModel): boolean {
  return row.forced === null && row.role === "text" && isCapacityBounded(row.strings) && linkStaysOnSite(row, model);
}

/**
 * The exceptions of spec §1.9, applied to rows still untrusted after the safety checks; each can
 * only unmask. (1) Consent banners: a fingerprinted banner's rows that passed containment are
 * restored even if a check demoted them (the banner's text is the operator's CMP template).
 * (2) Capacity: a text run every string of which is a closed-grammar value, passing the fragment
 * check. (3) File ownership: a row of a file listing whose whole text is an owned file's base
 * name, and every row of a `file://` document the user owns. Forced rows (opaque, truncated, no URL) never qualify.
 */
export function applyExceptions(inputs: ExceptionInputs, verdicts: readonly Verdict[]): Verdict[] {
  const { model, consentRows, owned, fileListingRows } = inputs;
  const out = [...verdicts];

  for (const index of consentRows) {
    if (out[index]?.verdict === "untrusted" && model.rows[index]?.forced === null) {
      out[index] = { verdict: "trusted", source: "consent", container: null };
    }
  }

  const blocks = new Map<string, Row[]>();
  for (const row of model.rows) {
    const block = textBlockOf(row);
    const list = blocks.get(block) ?? [];
    list.push(row);
    blocks.set(block, list);
  }
  const releasable = model.rows.map((row) => inputs.capacity !== false && releasableByCapacity(row, model));
  const trustedBefore = out.map((verdict) => verdict.verdict === "trusted");
  for (const row of model.rows) {
    if (trustedBefore[row.index] || !releasable[row.index]) continue;
    const peers = blocks.get(textBlockOf(row)) ?? [];
    const ok = passesFragmentCheck(
      row,
      peers,
      (peer) => trustedBefore[peer.index] === true,
      (peer) => releasable[peer.index] === true,
    );
    if (ok) out[row.index] = { verdict: "trusted", source: "capacity", container: null };
  }

  if (owned.baseNames.size > 0) {
    const ownedRoots = new Set(model.contentRoots.filter((root) => isOwnedFileUrl(root.url, owned)).map((root) => root.node.id));
    for (const row of model.rows) {
      if (out[row.index]!.verdict === "trusted" || row.forced !== null) continue;
      if (
        ownedRoots.has(row.contentRootId) ||
        (fileListingRows.has(row.index) && isOwnedFileName(row.text, owned) && linkStaysOnSite(row, model))
      ) {
        out[row.index] = { verdict: "trusted", source: "file", container: null };
      }
    }
  }
  return out;
}
