import { isCapacityBounded } from "../capacity/capacity-match.js";
import { passesFragmentCheck, textBlockOf } from "../capacity/fragment-check.js";
import type { Row } from "../rows/row.js";
import type { GuardException } from "./guard-exception.js";
import { linkStaysOnSite } from "./link-stays-on-site.js";

/**
 * Capacity: a text row every string of which is a value of a closed grammar (a price, a date, a
 * count) carries too little to instruct anyone; it is shown if it passes the fragment check
 * against the rows of its text block, and any link it is in stays on the page's host.
 */
export const capacityException: GuardException = {
  source: "capacity",
  ablation: "capacity-grammars",
  releases: ({ model }, verdicts) => {
    const blocks = new Map<string, Row[]>();
    for (const row of model.rows) {
      const block = textBlockOf(row);
      const list = blocks.get(block) ?? [];
      list.push(row);
      blocks.set(block, list);
    }
    const releasable = model.rows.map(
      (row) => row.forced === null && row.role === "text" && isCapacityBounded(row.strings) && linkStaysOnSite(row, model),
    );
    const trusted = verdicts.map((verdict) => verdict.verdict === "trusted");
    const out: number[] = [];
    for (const row of model.rows) {
      if (trusted[row.index] || !releasable[row.index]) continue;
      const peers = blocks.get(textBlockOf(row)) ?? [];
      if (
        passesFragmentCheck(
          row,
          peers,
          (peer) => trusted[peer.index] === true,
          (peer) => releasable[peer.index] === true,
        )
      )
        out.push(row.index);
    }
    return out;
  },
};
