import { html, raw } from "hono/html";

/**
 * Every page is built with hono's `html` tagged template: interpolated values are HTML-escaped
 * (text and attribute values alike) unless they are themselves `html` results, so text from a
 * scenario or typed by an agent can never become markup. `raw` is used only for constant CSS.
 */
export { html, raw };
export type Html = ReturnType<typeof html>;
