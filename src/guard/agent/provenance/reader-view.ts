import { type Rect, snapInward, snapOutward } from "../../geometry/rect.js";
import { subtractRects } from "../../geometry/rect-set.js";
import type { GuardRow } from "../../guard-page.js";
import { plainText, type Region, rowsIn } from "../query/screen-text.js";
import type { AppAdapter } from "../reveal/app-adapters.js";
import type { GuardedScreen } from "../screen/guarded-screen.js";
import { type ContentOrigin, distinctOrigins, originLabel } from "./content-origin.js";
import { rowOrigins } from "./row-origins.js";

/**
 * What the quarantined reader is shown for one query, and whose it is: the rows whose text it
 * gets, the pixels to black out of the image before it is cropped to the region, and the origins
 * of those rows. Both the reader's input and the value's provenance come from here, so a value
 * can never have been read from a row its provenance leaves out.
 */
interface ReaderView {
  rows: GuardRow[];
  region?: Region;
  /** Painted black before the image is cropped: everything that is not the author's, for an author's view. */
  hidden: Rect[];
  /** Every origin of the rows shown, once each: one stranger's row makes the value a stranger's. */
  sources: ContentOrigin[];
}

export type ReaderViewResult = { ok: true; view: ReaderView } | { ok: false; reason: "NOT_FOUND" };

/**
 * The reader's view of a region (or the whole screen): every row with text drawn in it, and its
 * image. With `author` (an identifier the episode revealed by author), only that author's rows:
 * the other rows' text is left out and every pixel outside the author's rows is painted black,
 * so the reader cannot read a value from anyone else, and the value's provenance is that author's
 * alone. An author with no row in view is `NOT_FOUND`.
 */
export function readerView(
  screen: GuardedScreen,
  options: { region?: Region; author?: string; adapter?: AppAdapter; userIdentity?: string },
): ReaderViewResult {
  const origins = rowOrigins(screen, options.adapter, options.userIdentity);
  const originOf = (row: GuardRow): ContentOrigin => origins.get(row.nodeId) ?? { kind: "stranger" };
  const inRegion = rowsIn(screen.rows, options.region);
  const region = options.region ? { region: options.region } : {};
  if (options.author === undefined || plainText(options.author) === "") {
    return { ok: true, view: { rows: inRegion, ...region, hidden: [], sources: distinctOrigins(inRegion.map(originOf)) } };
  }
  const wanted = originLabel({ kind: "author", name: plainText(options.author) });
  const isTheirs = (row: GuardRow) => originLabel(originOf(row)) === wanted;
  const rows = inRegion.filter(isTheirs);
  if (rows.length === 0) return { ok: false, reason: "NOT_FOUND" };
  // Rows of others may overlap the author's boxes: the pixels wholly inside the author's rows,
  // minus every pixel another row's box touches, are shown; the rest is black.
  const shown = subtractRects(
    rows.map((row) => snapInward(row.box)),
    screen.rows.filter((row) => !isTheirs(row) && row.box[2] > 0 && row.box[3] > 0).map((row) => snapOutward(row.box)),
  );
  const hidden = subtractRects([[0, 0, screen.width, screen.height]], shown);
  return { ok: true, view: { rows, ...region, hidden, sources: distinctOrigins(rows.map(originOf)) } };
}
