import type { CapturedNode } from "../captured-page.js";
import type { Rect } from "../geometry/rect.js";

/**
 * A region whose inside is untrusted by default (docs/design/guard.md, "Content roots"): the main
 * document and every child frame's document. In a CDP screenshot there is no browser chrome, so the
 * main document's region is the whole screenshot whatever box the tree reports for it.
 */
export interface ContentRoot {
  node: CapturedNode;
  frameId: string;
  /**
   * The document's URL; null or empty means the root is masked whole
   * (docs/design/guard.md, "The mask").
   */
  url: string | null;
  isMain: boolean;
  /** The masked-by-default area in screenshot pixels (clipped); null when it has no area on screen. */
  rect: Rect | null;
}
