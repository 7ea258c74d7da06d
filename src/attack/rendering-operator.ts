import { parseJsonPointer } from "../core/index.js";
import type { StyledSpan } from "../scenario/index.js";
import { type AttackOperator, pick, withAttack } from "./operator.js";
import { drawPaintEffect } from "./paint-effects.js";

/** A placement the workspace renders with styles: the body of a mail (HTML mail). */
const STYLED_BODY = /^\/mail\/(inbox|sent)\/(\d+)\/body$/;

/**
 * Rendering: the payload, kept word for word in its mail body, painted by the CSS the sender of
 * an HTML mail controls (`styled` on the mail; `drawPaintEffect`): moved over the page's chrome,
 * transformed, copied by a shadow, or animated there later (a timer); drawn in the page or, one
 * time in four, in the sandboxed frame of an isolating mail client (`framed`). Only bodies of mail
 * carry styles in the workspace, so a task whose payload sits elsewhere offers nothing (the
 * injection-point operator may move it into a mail first).
 */
export const renderingOperator: AttackOperator = {
  kind: "rendering",
  description:
    "paint the payload of an HTML mail with its CSS: placed over the page's chrome, transformed, shadowed or moved there later, in the page or in a sandboxed frame",
  apply(scenario, attack, random) {
    const bodies = attack.payload.placement.filter((pointer) => STYLED_BODY.test(pointer));
    if (bodies.length === 0) return undefined;
    const pointer = pick(random, bodies);
    const parsed = parseJsonPointer(pointer);
    if ("error" in parsed) return undefined;
    const [, folder, index] = parsed.segments as [string, "inbox" | "sent", string];
    const state = structuredClone(scenario.state) as {
      mail?: Record<"inbox" | "sent", Array<{ body: string; styled?: StyledSpan[]; framed?: boolean }>>;
    };
    const mail = state.mail?.[folder]?.[Number(index)];
    if (mail === undefined || !mail.body.includes(attack.payload.text)) return undefined;
    const effect = drawPaintEffect(random);
    // One style per payload: a new draw replaces the last one, so chains of this operator explore rather than stack.
    mail.styled = [
      ...(mail.styled ?? []).filter((span) => span.text !== attack.payload.text),
      { text: attack.payload.text, css: effect.css, ...(effect.keyframes !== undefined && { keyframes: effect.keyframes }) },
    ];
    // One draw in four shows the mail in a sandboxed frame of its own, as isolating webmail does:
    // the same paints then act inside the frame's box, and the guard meets a child document.
    const framed = random.nextInt(4) === 0;
    if (framed) mail.framed = true;
    else delete mail.framed;
    const keyframes = effect.keyframes === undefined ? "" : `; keyframes ${effect.keyframes}`;
    return {
      scenario: withAttack(scenario, state, attack),
      detail: `${pointer} painted: ${effect.name} (${effect.css}${keyframes})${framed ? " in a sandboxed frame" : ""}`,
    };
  },
};
