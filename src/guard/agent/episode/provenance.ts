import type { Region } from "../query/screen-text.js";
import { WORKSPACE_ADAPTERS } from "../reveal/app-adapters.js";
import { findBylines } from "../reveal/resolve-reveals.js";
import type { GuardedScreen } from "../screen/guarded-screen.js";
import type { Provenance } from "../variables/variable.js";

function inside(box: readonly number[] | null, x: number, y: number): boolean {
  return box !== null && x >= box[0]! && x < box[0]! + box[2]! && y >= box[1]! && y < box[1]! + box[3]!;
}

/**
 * Where a queried value was read: the capture, the app and page template, and — at the region's
 * centre (or the screen's, for a whole-screen query) — the content root and the byline of the
 * authored content there, when the app shows one.
 */
export function provenanceOf(screen: GuardedScreen, question: string, region?: Region): Provenance {
  const [x, y] = region ? [region[0] + region[2] / 2, region[1] + region[3] / 2] : [screen.width / 2, screen.height / 2];
  const provenance: Provenance = { tool: "query_screen", question, capture: screen.id, app: screen.app, urlTemplate: screen.shownUrl };
  const byline = findBylines(screen.page, WORKSPACE_ADAPTERS[screen.app ?? ""]).find((candidate) => inside(candidate.container.box, x, y));
  if (byline) {
    provenance.author = byline.name;
    provenance.contentRoot = byline.container.id;
  }
  return provenance;
}
