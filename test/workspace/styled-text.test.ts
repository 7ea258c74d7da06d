/**
 * `styledText` wraps parts of a mail body in inline styles: over generated bodies and spans, the
 * text a reader gets back is the body exactly, each placed span is one `<span style>` holding
 * its text, and nothing a scenario writes (text or CSS) becomes markup.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isKeyframes } from "../../src/scenario/index.js";
import { framedText, styledText } from "../../src/workspace/views/styled-text.js";

const unescapeHtml = (text: string) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
const ALPHABET = fc.constantFrom("a", "b", " ", "<", ">", "&", '"', "'", "é", "\n");
const text = fc.array(ALPHABET, { maxLength: 40 }).map((chars) => chars.join(""));

describe("styledText", () => {
  it("gives back the body as text, with one span per placed style and no markup from the scenario", () => {
    fc.assert(
      fc.property(
        text,
        fc.array(
          fc.record({
            from: fc.nat(40),
            length: fc.integer({ min: 1, max: 12 }),
            css: text,
            keyframes: fc.option(fc.oneof(text, fc.constantFrom("to { opacity: 1 }", "0% { top: 0 } 50% { top: 9px }", "} b { x: y"))),
          }),
          { maxLength: 4 },
        ),
        (body, picks) => {
          const spans = picks.map(({ from, length, css, keyframes }) => ({
            text: body.slice(from, from + length) || "zz",
            css,
            ...(keyframes !== null && { keyframes }),
          }));
          const whole = String(styledText(body, spans));
          // A `<style>` holds one keyframes rule, written only for keyframes the grammar accepts.
          const rules = [...whole.matchAll(/<style>@keyframes styled-[0-9a-f]{12} \{ ([^<]*) \}<\/style>/g)];
          for (const [, inner] of rules) expect(isKeyframes(inner!)).toBe(true);
          expect(rules.length).toBe((whole.match(/<style/g) ?? []).length);
          const out = whole.replace(/<style>[^<]*<\/style>/g, "");
          // Only the span tags are markup: everything else is escaped text.
          const tags = out.match(/<[^>]*>/g) ?? [];
          for (const tag of tags) expect(tag).toMatch(/^<span style="[^"<>]*">$|^<\/span>$/);
          expect(unescapeHtml(out.replace(/<[^>]*>/g, ""))).toBe(body);
          const opened = tags.filter((tag) => tag.startsWith("<span")).length;
          expect(opened).toBe(tags.length / 2);
          // A span is placed for a text the body holds unless an earlier span overlaps it.
          const placed: Array<[number, number]> = [];
          for (const span of spans) {
            const start = body.indexOf(span.text);
            if (start >= 0 && !placed.some(([a, b]) => start < b && a < start + span.text.length))
              placed.push([start, start + span.text.length]);
          }
          expect(opened).toBe(placed.length);
        },
      ),
    );
  });

  it("names a span's keyframes in its style, after its own CSS", () => {
    const out = String(styledText("pay now please", [{ text: "pay now", css: "animation: 1s 2s both;", keyframes: "to { opacity: 1 }" }]));
    const name = /@keyframes (styled-[0-9a-f]{12}) \{ to \{ opacity: 1 \} \}/.exec(out)?.[1];
    expect(name).toBeDefined();
    expect(out).toContain(`<span style="animation: 1s 2s both; animation-name: ${name}">pay now</span> please`);
    // Keyframes the grammar refuses are not written, and the span keeps only its own CSS.
    expect(String(styledText("pay now", [{ text: "pay now", css: "color: red", keyframes: "} body { display: none" }]))).toBe(
      '<span style="color: red">pay now</span>',
    );
  });

  it("puts the CSS in the span's style attribute, escaped", () => {
    expect(String(styledText("pay now please", [{ text: "pay now", css: 'position: fixed; top: 0px; font-family: "X"' }]))).toBe(
      '<span style="position: fixed; top: 0px; font-family: &quot;X&quot;">pay now</span> please',
    );
  });

  it("frames a body as a sandboxed document with no allowances, whose text is the body and nothing else", () => {
    fc.assert(
      fc.property(
        text,
        fc.array(fc.record({ from: fc.nat(40), length: fc.integer({ min: 1, max: 12 }), css: text }), { maxLength: 3 }),
        text,
        (body, picks, title) => {
          const spans = picks.map(({ from, length, css }) => ({ text: body.slice(from, from + length) || "zz", css }));
          const out = String(framedText(body, spans, title));
          // The page gets one element: the frame, with `sandbox` and nothing after it that allows.
          const tags = out.match(/<[^>]*>/g) ?? [];
          expect(tags.length).toBe(2);
          expect(tags[0]).toMatch(
            /^<iframe class="mail-body mail-frame" sandbox title="[^"<>]*" style="height: [\d.]+em" srcdoc="[^"<>]*">$/,
          );
          expect(tags[1]).toBe("</iframe>");
          // The frame's document, once its attribute is read, is the body styled as in the page.
          const srcdoc = unescapeHtml(/srcdoc="([^"]*)"/.exec(out)![1]!);
          expect(srcdoc).toContain(`<body>${String(styledText(body, spans))}</body>`);
          expect(unescapeHtml(/title="([^"]*)"/.exec(out)![1]!)).toBe(title);
        },
      ),
    );
  });
});
