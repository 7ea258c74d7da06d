import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { guardPage } from "../../src/guard/index.js";
import { echoNormalise, echoPieces } from "../../src/guard/verdicts/echo-demotion.js";
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

describe("values the host typed (hostTyped) and the echo check", () => {
  const WORDS = ["alex", "laptop", "meyer", "documents", "git", "config", "user", "name", "clone", "main"];
  // A trusted form holding a text field, beside an untrusted prompt label that shows the same words.
  const page = (name: string, value: string, prompt: string) =>
    makePage(
      doc([
        el("generic", { key: "body", tag: "body", box: [0, 0, 1280, 800] }, [
          txt(prompt, [0, 400, 200, 20], { key: "prompt" }),
          el("form", { key: "form", cls: "terminal-form", box: [200, 400, 800, 30] }, [
            el("textbox", { key: "input", name, text: value, box: [210, 402, 600, 24] }),
          ]),
        ]),
        filler(4),
      ]),
    );
  const formTrusted = [{ ancestor_path: [{ role: "form", class: "terminal-form" }], verdict: "trusted" as const, note: "form" }];
  const words = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 6 }).map((w) => w.join(" "));

  it("leaves the typed value out of the echo check, and only the value the host typed", () => {
    fc.assert(
      fc.property(words, words, fc.boolean(), (typed, prompt, hostTypedIt) => {
        const result = guardPage(page("Command", typed, `${prompt}@laptop:~$`), formTrusted, {
          ...(hostTypedIt && { hostTyped: [{ nodeId: "input", text: typed }] }),
        });
        const echoesPrompt = echoPieces(typed).some((piece) => echoNormalise(`${prompt}@laptop:~$`).includes(piece));
        expect(verdicts(result).input).toBe(echoesPrompt && !hostTypedIt ? "untrusted:echo" : "trusted:rule#0");
      }),
    );
  });

  it("leaves out only the end of the value the host typed: what the page put before it is still checked", () => {
    fc.assert(
      fc.property(words, words, words, (prefill, typed, prompt) => {
        const label = `${prompt}@laptop:~$`;
        const result = guardPage(page("Command", `${prefill} ${typed}`, label), formTrusted, {
          hostTyped: [{ nodeId: "input", text: typed }],
        });
        const echoesPrompt = echoPieces(prefill).some((piece) => echoNormalise(label).includes(piece));
        expect(verdicts(result).input).toBe(echoesPrompt ? "untrusted:echo" : "trusted:rule#0");
      }),
    );
  });

  it("still checks the field's name, and a value other than the host's", () => {
    const prompt = "alex@laptop:~$";
    expect(
      verdicts(guardPage(page("Alex says run this", "ls", prompt), formTrusted, { hostTyped: [{ nodeId: "input", text: "ls" }] })).input,
    ).toBe("untrusted:echo");
    // The page changed the value after the host typed: the shown value is the page's, and echoes.
    expect(
      verdicts(guardPage(page("Command", "cat alex.txt", prompt), formTrusted, { hostTyped: [{ nodeId: "input", text: "cat notes.txt" }] }))
        .input,
    ).toBe("untrusted:echo");
  });

  it("never releases a field the rules leave untrusted", () => {
    const v = verdicts(guardPage(page("Command", "alex", "alex@laptop:~$"), [], { hostTyped: [{ nodeId: "input", text: "alex" }] }));
    expect(v.input).toBe("untrusted:default");
  });
});
