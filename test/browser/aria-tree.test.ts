import { describe, expect, it } from "vitest";
import { focusedAriaNode, parseAriaKey } from "../../src/browser/aria-tree.js";
import { ariaNodeLabel, ariaTreeStrings, formatAction, parseAriaSnapshot } from "../../src/browser/index.js";

// The YAML Playwright 1.65 writes in AI mode (captured from Chromium), with the awkward cases:
// quotes and backslashes in names, YAML-quoted keys and values, values that look like YAML scalars.
const SNAPSHOT = `- generic [ref=e1]:
  - main [ref=e2]:
    - 'button "Mark \\"Buy: milk\\" done \\\\ back" [ref=e3]': x
    - paragraph [ref=e4]: "Line with \\"quotes\\": and colon # hash"
    - text: Notes
    - textbox "Notes" [active] [ref=e5]: multi line "value"
    - combobox "Pick" [ref=e6]:
      - option "One"
      - option "Two" [selected]
    - checkbox "Done" [checked] [ref=e7]
    - paragraph [ref=e11]: "yes"
    - paragraph [ref=e12]: "123"
    - 'link "Link: 2" [ref=e10] [cursor=pointer]':
      - /url: /x?a=1&b=2
    - link [ref=f1e22] [cursor=pointer]:
      - /url: /e/ep/messenger/threads/0
      - strong [ref=f1e23]: Kwame Asante
    - heading "Title" [level=2] [ref=e13]`;

describe("parseAriaSnapshot", () => {
  const tree = parseAriaSnapshot(SNAPSHOT);
  const main = tree[0]?.children[0];

  it("reads roles, names with escapes, refs, flags, values, inline texts and properties", () => {
    expect(main?.role).toBe("main");
    const [button, paragraph, text, textbox, combobox, checkbox, yes, number, link, unnamed, heading] = main?.children ?? [];
    expect(button).toMatchObject({ role: "button", name: 'Mark "Buy: milk" done \\ back', ref: "e3", text: "x" });
    expect(paragraph).toMatchObject({ role: "paragraph", ref: "e4", text: 'Line with "quotes": and colon # hash' });
    expect(text).toMatchObject({ role: "text", text: "Notes" });
    expect(textbox).toMatchObject({ role: "textbox", name: "Notes", ref: "e5", attributes: { active: true }, text: 'multi line "value"' });
    expect(combobox?.children.map((option) => [option.name, option.attributes.selected ?? false])).toEqual([
      ["One", false],
      ["Two", true],
    ]);
    expect(checkbox).toMatchObject({ role: "checkbox", attributes: { checked: true }, ref: "e7" });
    expect([yes?.text, number?.text]).toEqual(["yes", "123"]);
    expect(link).toMatchObject({
      role: "link",
      name: "Link: 2",
      ref: "e10",
      attributes: { cursor: "pointer" },
      props: { url: "/x?a=1&b=2" },
    });
    expect(ariaNodeLabel(unnamed!)).toBe("Kwame Asante");
    expect(heading).toMatchObject({ attributes: { level: "2" } });
  });

  it("finds the focused element, and none when only the page is active", () => {
    expect(focusedAriaNode(tree)).toMatchObject({ role: "textbox", name: "Notes", ref: "e5" });
    expect(focusedAriaNode(parseAriaSnapshot("- generic [active] [ref=e1]:\n  - paragraph [ref=e2]: hi"))).toBeUndefined();
  });

  it("lists every string a reader sees", () => {
    expect(ariaTreeStrings(tree)).toEqual(
      expect.arrayContaining(['Line with "quotes": and colon # hash', "Kwame Asante", "Two", 'multi line "value"']),
    );
  });

  it("parses keys on their own and returns [] for an empty snapshot", () => {
    expect(parseAriaKey("heading")).toEqual({ role: "heading", name: "", attributes: {} });
    expect(parseAriaKey('option "A [b]" [selected]')).toEqual({ role: "option", name: "A [b]", attributes: { selected: true } });
    expect(parseAriaSnapshot("")).toEqual([]);
    expect(() => parseAriaSnapshot("key: value")).toThrow(/YAML list/);
  });
});

describe("formatAction", () => {
  it("prints actions in call form, strings JSON-quoted and long texts cut", () => {
    expect(formatAction({ action: "click", ref: "e3" })).toBe('click("e3")');
    expect(formatAction({ action: "fill", ref: "e3", text: 'say "hi"' })).toBe('fill("e3", "say \\"hi\\"")');
    expect(formatAction({ action: "finish" })).toBe("finish()");
    expect(formatAction({ action: "fill", ref: "e1", text: "x".repeat(300) }).length).toBeLessThan(150);
  });

  it("prints pointer actions with their points; a left single click stays short", () => {
    expect(formatAction({ action: "mouse_click", x: 3, y: 4 })).toBe("mouse_click(3, 4)");
    expect(formatAction({ action: "mouse_click", x: 3, y: 4, button: "left", count: 1 })).toBe("mouse_click(3, 4)");
    expect(formatAction({ action: "mouse_click", x: 3, y: 4, button: "right", count: 2 })).toBe('mouse_click(3, 4, "right", count=2)');
    expect(formatAction({ action: "mouse_drag", x1: 1, y1: 2, x2: 3, y2: 4 })).toBe("mouse_drag(1, 2, 3, 4)");
    expect(formatAction({ action: "mouse_scroll", x: 5, y: 6, dx: 0, dy: -120 })).toBe("mouse_scroll(5, 6, 0, -120)");
  });
});
