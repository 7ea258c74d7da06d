import { describe, expect, it } from "vitest";
import { renderStateText, ScenarioSchema, stateLeafStrings } from "../../src/scenario/index.js";
import { injectionAppsScenario } from "../workspace/injection-apps-fixture.js";

describe("the state-grounded text of the tracker and the files app", () => {
  it("carries every string of a state that fills every field, in a section per app", () => {
    const { state } = ScenarioSchema.parse(injectionAppsScenario());
    const text = renderStateText(state);
    expect(text).toMatch(/^## Tracker\n/);
    expect(text).toContain("\n\n## Files\n");
    const tracker = { tracker: state.tracker, files: state.files };
    // Booleans (a token not revoked) are said in words, not as "false".
    const strings = stateLeafStrings(tracker as typeof state).filter((leaf) => leaf !== "false");
    expect(strings.filter((leaf) => !text.includes(leaf))).toEqual([]);
  });

  it("leaves the text of a state without them as it was", () => {
    const { state } = ScenarioSchema.parse({ ...injectionAppsScenario(), state: { todo: { items: [{ text: "Buy stamps" }] } } });
    expect(renderStateText(state)).toBe("## To-do\n- [ ] Buy stamps");
  });
});
