/**
 * The grammar of a mail's CSS (`styled` spans: inline `css` and `keyframes`), over generated
 * inputs: what the grammar builds is accepted, and whatever is accepted, from strings drawn out of
 * CSS's own tokens and the characters that would break out, cannot close its element or rule,
 * hold markup or escapes, or load anything. The mail page writes keyframes unescaped inside
 * `<style>`, so this is what keeps a sender's CSS inside the one rule it is given.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isKeyframes, MailSchema } from "../../src/scenario/index.js";

const accepts = (span: { css: string; keyframes?: string }) =>
  MailSchema.safeParse({ from_address: "a@b.example", body: "x", styled: [{ text: "x", ...span }] }).success;

const property = fc.constantFrom("color", "opacity", "transform", "-webkit-box-reflect", "top", "animation");
const value = fc.constantFrom("red", "0", "1", "translate(-40px, 300px)", "none", '"Serif"', "2s 1s both", "steps(1) infinite");
const declaration = fc.tuple(property, value).map(([name, val]) => `${name}: ${val}`);
const declarations = fc
  .array(declaration, { maxLength: 4 })
  .chain((list) => fc.constantFrom(list.join("; "), list.length === 0 ? "" : `${list.join(";\n  ")};`));
const keyframe = fc.constantFrom("from", "to", "0%", "50%", "12.5%", "100%");
const block = fc
  .tuple(fc.array(keyframe, { minLength: 1, maxLength: 3 }), declarations)
  .map(([selectors, body]) => `${selectors.join(", ")} { ${body} }`);

/** Tokens of CSS and of what would break out of it: braces, markup, escapes, at-rules, loads. */
const token = fc.constantFrom(
  "from",
  "to",
  "50%",
  "{",
  "}",
  ";",
  ":",
  " ",
  "color",
  " red",
  "<",
  ">",
  "</style>",
  "\\",
  "@",
  "@import",
  "url(",
  "image-set(",
  ",",
  "\n",
  "body",
  "*",
);
/** Keyframes the grammar builds with up to three tokens put in at drawn places: some still valid, most not. */
const mutated = fc
  .tuple(fc.array(block, { minLength: 1, maxLength: 3 }), fc.array(fc.tuple(fc.nat(), token), { maxLength: 3 }))
  .map(([blocks, inserts]) => {
    let text = blocks.join(" ");
    for (const [at, inserted] of inserts) {
      const cut = at % (text.length + 1);
      text = text.slice(0, cut) + inserted + text.slice(cut);
    }
    return text;
  });
/** Declarations with tokens put in the same way. */
const mutatedInline = fc.tuple(declarations, fc.array(fc.tuple(fc.nat(), token), { maxLength: 3 })).map(([css, inserts]) => {
  let text = css;
  for (const [at, inserted] of inserts) {
    const cut = at % (text.length + 1);
    text = text.slice(0, cut) + inserted + text.slice(cut);
  }
  return text;
});

function braceDepths(text: string): number[] {
  const depths: number[] = [];
  let depth = 0;
  for (const char of text) {
    if (char === "{") depth += 1;
    if (char === "}") depth -= 1;
    depths.push(depth);
  }
  return depths;
}

describe("a mail's CSS", () => {
  it("accepts keyframes the grammar builds, with inline CSS that starts them", () => {
    fc.assert(
      fc.property(fc.array(block, { minLength: 1, maxLength: 3 }), declarations, (blocks, css) => {
        const keyframes = blocks.join("\n");
        expect(isKeyframes(keyframes)).toBe(true);
        expect(accepts({ css, keyframes })).toBe(true);
      }),
    );
  });

  it("keeps whatever keyframes it accepts inside their one rule: no markup, escapes, at-rules or loads", () => {
    const seen = { accepted: 0, refused: 0 };
    fc.assert(
      fc.property(mutated, (keyframes) => {
        if (!isKeyframes(keyframes)) {
          seen.refused += 1;
          return;
        }
        seen.accepted += 1;
        expect(keyframes).not.toMatch(/[<>\\@]|url\(|image-set\(/i);
        const depths = braceDepths(keyframes);
        // Each block opens once and closes once: never a second level, never below the rule's own.
        expect(depths.every((depth) => depth === 0 || depth === 1)).toBe(true);
        expect(depths.at(-1) ?? 0).toBe(0);
        expect(accepts({ css: "", keyframes })).toBe(true);
      }),
      { numRuns: 2000 },
    );
    // Both sides were drawn, so the implication was tested, not vacuous.
    expect(seen.accepted).toBeGreaterThan(50);
    expect(seen.refused).toBeGreaterThan(50);
  });

  it("refuses keyframes that would leave their rule or load, from generated prefixes and suffixes", () => {
    const breakout = fc.constantFrom(
      "} body { display: none }",
      "</style><b>x</b>",
      "@import 'x';",
      "to { color: url(x) }",
      "to { c\\6f lor: red }",
    );
    fc.assert(
      fc.property(fc.array(block, { maxLength: 2 }), breakout, fc.array(block, { maxLength: 2 }), (before, bad, after) => {
        const keyframes = [...before, bad, ...after].join(" ");
        expect(isKeyframes(keyframes)).toBe(false);
        expect(accepts({ css: "", keyframes })).toBe(false);
      }),
    );
  });

  it("keeps whatever inline CSS it accepts a list of declarations: no braces, markup, escapes or loads", () => {
    const seen = { accepted: 0, refused: 0 };
    fc.assert(
      fc.property(mutatedInline, (css) => {
        if (!accepts({ css })) {
          seen.refused += 1;
          return;
        }
        seen.accepted += 1;
        expect(css).not.toMatch(/[{}<>\\@]|url\(|image-set\(/i);
      }),
      { numRuns: 2000 },
    );
    expect(seen.accepted).toBeGreaterThan(50);
    expect(seen.refused).toBeGreaterThan(50);
  });
});
