import { describe, expect, it } from "vitest";
import { renderStateText, ScenarioSchema, stateLeafStrings } from "../../src/scenario/index.js";
import { injectionAppsScenario } from "../workspace/injection-apps-fixture.js";

describe("the state-grounded text of the tracker, the files app and the shop's extensions", () => {
  it("carries every string of a state that fills every field, in a section per app", () => {
    const { state } = ScenarioSchema.parse(injectionAppsScenario());
    const text = renderStateText(state);
    expect(text).toContain("\n\n## Tracker\n");
    expect(text).toContain("\n\n## Files\n");
    const tracker = { tracker: state.tracker, files: state.files, shop: state.shop };
    // Booleans (a token not revoked) are said in words, not as "false".
    // Product descriptions were never in the shop's text (left as it is, so earlier prompts are
    // unchanged); multi-line values may be joined on one line, so each line is looked for.
    const description = state.shop?.catalogue[0]?.description;
    const strings = stateLeafStrings(tracker as typeof state)
      .filter((leaf) => !["false", "true"].includes(leaf) && leaf !== description)
      .flatMap((leaf) => leaf.split("\n"));
    expect(strings.filter((leaf) => !text.includes(leaf))).toEqual([]);
  });

  it("leaves the text of a state without them as it was", () => {
    const { state } = ScenarioSchema.parse({ ...injectionAppsScenario(), state: { todo: { items: [{ text: "Buy stamps" }] } } });
    expect(renderStateText(state)).toBe("## To-do\n- [ ] Buy stamps");
  });
});
