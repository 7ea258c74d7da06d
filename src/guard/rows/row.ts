import type { Box, CapturedNode } from "../captured-page.js";
import type { NormalisedRole } from "../roles.js";

/** A container above a row, as rules and the geometric check see it (docs/design/guard.md, "Rows"). */
export interface AncestorRecord {
  nodeId: string;
  role: NormalisedRole;
  rawRole: string;
  domId: string | null;
  /** The full class string (tokens joined by one space), which `class` fragments are tested on. */
  classes: string;
  tag: string | null;
  box: Box | null;
}

/**
 * Why a node can never be trusted, whatever the rules say: it is (inside) a frame whose tree
 * could not be read, a region cut by a capture limit, or a document without a URL.
 */
export type ForcedReason = "opaque" | "truncated" | "no-url";

/** A presentation leaf inside a content root: the unit that is counted, checked and masked. */
export interface Row {
  /** Position in `rows` (document order). */
  index: number;
  id: string;
  node: CapturedNode;
  role: NormalisedRole;
  rawRole: string;
  domId: string | null;
  classes: string;
  tag: string | null;
  /** Every string the row shows (name, value, folded descendants' text), de-duplicated. */
  strings: string[];
  /** `strings` joined by one space. */
  text: string;
  box: Box;
  offscreen: boolean;
  /** Nearest first, up to and including the content root. */
  ancestors: AncestorRecord[];
  contentRootId: string;
  /** `href` of the row or its nearest link ancestor, resolved against the frame URL when possible. */
  linkUrl: string | null;
  /** True when the row is or sits inside a link (with or without a known target). */
  inLink: boolean;
  forced: ForcedReason | null;
}
