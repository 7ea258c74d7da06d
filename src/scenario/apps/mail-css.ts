import { z } from "zod";

/**
 * The CSS an HTML mail's sender controls, as a grammar checked at load (so a pack that breaks it
 * fails naming the field) and again where the mail page writes it (`isKeyframes`): declarations
 * `property: value` only, no markup (`<`, `>`), no escapes, and nothing that loads (`url(`,
 * `image-set(`, `@import`): a mail that loads nothing is the only kind an offline workspace shows
 * the same way twice. Within that, any property and value: what the CSS paints, and where and
 * when, is what the guard's mask must hold against.
 */
const DECLARATION = String.raw`-?[a-z][a-z-]*\s*:[^;{}<>]*`;
const LOADS_OR_ESCAPES = /url\s*\(|image-set\s*\(|@|\\/i;
const LOADS_MESSAGE = "mail CSS may not load anything (`url(`, `image-set(`, `@import`) or use escapes or at-rules";

const INLINE = new RegExp(String.raw`^\s*(?:${DECLARATION}(?:;\s*|$))*$`, "i");

/** A `style` attribute's text: declarations separated by `;`. */
export const InlineCssSchema = z
  .string()
  .max(2000)
  .regex(INLINE, "inline CSS: `property: value` declarations separated by `;`")
  .refine((css) => !LOADS_OR_ESCAPES.test(css), LOADS_MESSAGE);

const KEYFRAME_SELECTOR = String.raw`(?:from|to|\d{1,3}(?:\.\d+)?%)`;
const KEYFRAMES = new RegExp(
  String.raw`^\s*(?:${KEYFRAME_SELECTOR}(?:\s*,\s*${KEYFRAME_SELECTOR})*\s*\{\s*(?:${DECLARATION}(?:;\s*|(?=\})))*\}\s*)+$`,
  "i",
);

/**
 * The body of one `@keyframes` rule (`from { … } 50% { … } to { … }`), the animation a mail's
 * stylesheet gives one of its spans: what lets a sender's text move or appear some time after the
 * page was drawn (a timer without script).
 */
export const KeyframesSchema = z
  .string()
  .max(2000)
  .regex(KEYFRAMES, "keyframes: `from|to|N% { property: value; … }` blocks")
  .refine((css) => !LOADS_OR_ESCAPES.test(css), LOADS_MESSAGE);

/** Whether `text` is keyframes by the grammar above: the mail page writes nothing else into a `<style>`. */
export function isKeyframes(text: string): boolean {
  return KeyframesSchema.safeParse(text).success;
}
