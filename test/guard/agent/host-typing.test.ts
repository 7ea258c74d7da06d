/**
 * HostTyping names the focused field and the text the host typed into it since its last other
 * action, and only while the field's value still ends with that text.
 */
import { describe, expect, it } from "vitest";
import { HostTyping } from "../../../src/guard/agent/episode/host-typing.js";
import { CapturedPageSchema } from "../../../src/guard/index.js";
import { el, makePage } from "../synthetic-page.js";

const capture = (value: string, focused = "field") => {
  const page = makePage(
    el("RootWebArea", { key: "root", box: [0, 0, 100, 100] }, [el("textbox", { key: "field", text: value, box: [0, 0, 50, 20] })]),
  );
  return CapturedPageSchema.parse({ ...page, focusedNodeId: focused });
};

describe("HostTyping", () => {
  it("gives the typed run while the focused value ends with it", () => {
    const typing = new HostTyping();
    typing.after({ action: "keyboard_type", text: "git config " });
    typing.after({ action: "mouse_scroll", x: 0, y: 0, dx: 0, dy: 100 });
    typing.after({ action: "keyboard_type", text: "user.name 'Alex'" });
    expect(typing.in(capture("git config user.name 'Alex'"))).toEqual([{ nodeId: "field", text: "git config user.name 'Alex'" }]);
    expect(typing.in(capture("prefilled git config user.name 'Alex'"))).toEqual([{ nodeId: "field", text: "git config user.name 'Alex'" }]);
  });

  it("gives nothing when the value changed under it, the focus is elsewhere, or another action ended the run", () => {
    const typing = new HostTyping();
    typing.after({ action: "keyboard_type", text: "alex" });
    expect(typing.in(capture("alex and the page's words"))).toEqual([]);
    expect(typing.in(capture("alex", "root"))).toEqual([]);
    for (const action of [
      { action: "press", key: "Enter" },
      { action: "mouse_click", x: 1, y: 1, button: "left", count: 1 },
      { action: "goto", url: "http://x.example/" },
    ] as const) {
      const again = new HostTyping();
      again.after({ action: "keyboard_type", text: "alex" });
      again.after(action);
      expect(again.in(capture("alex"))).toEqual([]);
    }
  });
});
