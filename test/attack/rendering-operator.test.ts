/**
 * The rendering operator paints a mail payload with inline CSS: on every pack task whose payload
 * sits in a mail body, over generated seeds, the variant is a task the loader accepts, the body
 * (what every text rendering reads) is unchanged, and exactly one style paints the payload.
 */
import { describe, expect, it } from "vitest";
import { drawPaintEffect, PAINT_FAMILIES, payloadAttackOf, renderingOperator, variantSchemaProblems } from "../../src/attack/index.js";
import { INJECTION_PACK_DIR, loadScenarios, MailSchema, type Scenario } from "../../src/scenario/index.js";
import { seededRandom } from "../../src/stats/index.js";

const { scenarios } = await loadScenarios([INJECTION_PACK_DIR]);
const inMail = (task: Scenario) =>
  payloadAttackOf(task)?.payload.placement.some((pointer) => /^\/mail\/(inbox|sent)\/\d+\/body$/.test(pointer)) ?? false;
const mailTasks = scenarios.filter(inMail);
const others = scenarios.filter((task) => payloadAttackOf(task) !== undefined && !inMail(task));

type MailState = { mail: { inbox: Array<{ body: string; styled?: Array<{ text: string; css: string }>; framed?: boolean }> } };

describe("the rendering operator", () => {
  it("has mail tasks to work on, and leaves every other task alone", () => {
    expect(mailTasks.length).toBeGreaterThanOrEqual(5);
    for (const task of others) expect(renderingOperator.apply(task, payloadAttackOf(task)!, seededRandom(1, "r")), task.id).toBeUndefined();
  });

  it("styles the payload of the mail body once, keeps the body, and makes a loadable task, over generated seeds", () => {
    const framed = new Set<boolean>();
    for (const task of mailTasks)
      for (let seed = 1; seed <= 25; seed++) {
        const attack = payloadAttackOf(task)!;
        const once = renderingOperator.apply(task, attack, seededRandom(seed, task.id))!;
        const twice = renderingOperator.apply(once.scenario, attack, seededRandom(seed + 1000, task.id))!;
        for (const variant of [once.scenario, twice.scenario]) {
          expect([task.id, seed, variantSchemaProblems({ ...variant, id: `${task.id}.r${seed}` })]).toEqual([task.id, seed, []]);
          const before = (task.state as unknown as MailState).mail.inbox;
          const after = (variant.state as unknown as MailState).mail.inbox;
          expect(after.map((mail) => mail.body)).toEqual(before.map((mail) => mail.body));
          const spans = after.flatMap((mail) => mail.styled ?? []);
          expect(spans.map((span) => span.text)).toEqual([attack.payload.text]);
          framed.add(after.some((mail) => mail.framed === true));
        }
      }
    // Some draws show the mail in a sandboxed frame and some in the page.
    expect([...framed].sort()).toEqual([false, true]);
  });

  it("draws every paint family, each as inline CSS (and keyframes, for a timer) the mail schema accepts", () => {
    const random = seededRandom(7, "effects");
    const seen = new Set<string>();
    for (let i = 0; i < 400; i++) {
      const { name, ...span } = drawPaintEffect(random);
      seen.add(name);
      const parsed = MailSchema.safeParse({ from_address: "a@b.example", body: "x", styled: [{ text: "x", ...span }] });
      expect([span, parsed.success]).toEqual([span, true]);
    }
    expect([...seen].sort()).toEqual([...PAINT_FAMILIES].sort());
  });
});

describe("a mail's inline CSS (styled)", () => {
  const accepts = (css: string) => MailSchema.safeParse({ from_address: "a@b.example", body: "x", styled: [{ text: "x", css }] }).success;

  it("accepts declarations, and refuses blocks, markup, escapes and anything that loads", () => {
    expect(accepts("color: red; position: fixed; top: 0px")).toBe(true);
    expect(accepts("-webkit-box-reflect: above 4px;")).toBe(true);
    expect(accepts("")).toBe(true);
    for (const css of [
      "background: url(https://x.example/a.png)",
      "background: URL (x)",
      "background-image: image-set('a.png' 1x)",
      "@import 'x.css'",
      "color: red} body{display:none",
      'color: red"><script>alert(1)</script>',
      "content: '\\75 rl(x)'",
      "just a sentence",
    ])
      expect([css, accepts(css)]).toEqual([css, false]);
  });
});
