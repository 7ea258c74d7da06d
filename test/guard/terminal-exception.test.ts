import { describe, expect, it } from "vitest";
import { guardPage } from "../../src/guard/index.js";
import { doc, el, filler, makePage, txt, verdicts } from "./synthetic-page.js";

const terminal = makePage(
  doc([
    el("generic", { key: "body", tag: "body", box: [0, 0, 1280, 800] }, [
      el("generic", { key: "screen", domId: "terminal-screen", box: [0, 0, 800, 400] }, [
        txt("alex@workstation:~$ ls", [0, 0, 300, 20], { key: "line1" }),
      ]),
      txt("elsewhere", [0, 500, 100, 20], { key: "other" }),
    ]),
    filler(4),
  ]),
);

describe("the terminal exception (host-vouched regions)", () => {
  it("releases the rows under a node the host vouches for, and no others", () => {
    const v = verdicts(guardPage(terminal, [], { hostTrusted: ["screen"] }));
    expect(v.line1).toBe("trusted:terminal");
    expect(v.other).toBe("untrusted:default");
  });

  it("releases nothing when the host vouches for nothing", () => {
    expect(verdicts(guardPage(terminal, [])).line1).toBe("untrusted:default");
  });

  it("is switched off by the terminal-trust ablation", () => {
    const v = verdicts(guardPage(terminal, [], { hostTrusted: ["screen"], ablate: new Set(["terminal-trust"] as const) }));
    expect(v.line1).toBe("untrusted:default");
  });
});
