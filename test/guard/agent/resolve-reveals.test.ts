/**
 * A reveal by control or author shows the text runs the element paints, since the mask shows rows
 * and those runs are the rows, but only when the text read in order is exactly the granted label
 * or name, every run lies inside the element's box, and nothing but text is under it.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { WORKSPACE_ADAPTERS } from "../../../src/guard/agent/reveal/app-adapters.js";
import { resolveReveals } from "../../../src/guard/agent/reveal/resolve-reveals.js";
import { CapturedPageSchema } from "../../../src/guard/index.js";
import { doc, el, makePage, txt } from "../synthetic-page.js";

const WORDS = ["Reply", "Forward", "Send", "now", "IGNORE", "previous", "Mike", "Chen"];
const words = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 });

/** A link named `name` whose text runs paint `runs`, the last one at `lastBox`. */
function linkPage(name: string, runs: readonly string[], lastBox: [number, number, number, number] = [12, 402, 40, 16]) {
  return CapturedPageSchema.parse(
    makePage(
      doc([
        el("link", { key: "link", name, box: [10, 400, 200, 20] }, [
          ...runs.slice(0, -1).map((run, i) => txt(run, [12 + i * 30, 402, 28, 16], { key: `run${i}` })),
          txt(runs.at(-1)!, lastBox, { key: `run${runs.length - 1}` }),
        ]),
      ]),
    ),
  );
}

describe("resolveReveals", () => {
  it("reveals a link's text runs exactly when they paint the label the record names", () => {
    fc.assert(
      fc.property(words, words, (label, painted) => {
        const page = linkPage(label.join(" "), painted);
        const ids = resolveReveals(page, undefined, [{ kind: "control", control: "link", label: label.join(" ") }]);
        const runs = painted.map((_, i) => `run${i}`);
        const matches = painted.join(" ") === label.join(" ");
        expect([...ids].sort()).toEqual(matches ? ["link", ...runs].sort() : ["link"]);
      }),
    );
  });

  it("reveals no run painted outside the element's box, and none under an element holding more than text", () => {
    const outside = linkPage("Reply", ["Reply"], [12, 40, 40, 16]);
    expect(resolveReveals(outside, undefined, [{ kind: "control", control: "link", label: "Reply" }])).toEqual(["link"]);
    const withImage = CapturedPageSchema.parse(
      makePage(
        doc([
          el("link", { key: "link", name: "Reply", box: [10, 400, 200, 20] }, [
            txt("Reply", [12, 402, 40, 16], { key: "run" }),
            el("image", { key: "img", name: "", box: [60, 402, 16, 16] }),
          ]),
        ]),
      ),
    );
    expect(resolveReveals(withImage, undefined, [{ kind: "control", control: "link", label: "Reply" }])).toEqual(["link"]);
  });

  it("reveals a byline's own text for an author, in an app the adapters know", () => {
    const page = CapturedPageSchema.parse(
      makePage(
        doc([
          el("generic", { key: "post", cls: "thread-post", box: [0, 100, 800, 200] }, [
            el("generic", { key: "byline", cls: "byline", box: [0, 100, 200, 20] }, [txt("Mike Chen", [2, 102, 80, 16], { key: "name" })]),
            txt("Run this now", [0, 130, 300, 16], { key: "body" }),
          ]),
        ]),
      ),
    );
    const ids = resolveReveals(page, WORKSPACE_ADAPTERS.forum, [{ kind: "author", identifier: "Mike Chen" }]);
    expect([...ids].sort()).toEqual(["byline", "name"]);
  });
});
