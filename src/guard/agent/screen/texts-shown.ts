import { isMasked } from "../../mask/is-masked.js";
import { plainText } from "../query/screen-text.js";
import type { GuardedScreen } from "./guarded-screen.js";
import { paintedRows } from "./painted-rows.js";

/**
 * The texts the masked image shows: rows with any of nine sample points (corners inset by a pixel,
 * edge midpoints, centre) on screen and outside F, in reading order. What a planner that reads the
 * image could read, for the scripted planners that cannot read pixels (`gullible`): it is given to
 * them beside the image and never to a model, so the mask alone decides what they read. A row
 * shown in part counts as read, which errs towards reading more; a row the capture found painted
 * nowhere (off-screen, clipped away) is not read, even where its box lies over revealed pixels.
 */
export function textsShown(screen: GuardedScreen): string[] {
  const size = { width: screen.width, height: screen.height };
  return paintedRows(screen)
    .filter((row) => {
      const [x, y, w, h] = row.box;
      const xs = [x + 1, x + w / 2, x + w - 1];
      const ys = [y + 1, y + h / 2, y + h - 1];
      return xs.some((px) => ys.some((py) => !isMasked(screen.mask, px, py, size)));
    })
    .map((row) => plainText(row.text));
}
