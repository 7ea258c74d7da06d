import { type Html, html } from "./html.js";

/**
 * Who wrote each piece of a page, for measuring the guard's masks (never for the guard itself):
 * the element holding a text, or its nearest marked ancestor, carries `data-operator` when the
 * workspace wrote it (navigation, headings, labels, buttons, hints, counts, the clock) and
 * `data-content` when it comes from the scenario's state or the request (messages, names, titles,
 * to-do texts, files, addresses, products, drafts, a filled-in field). Data attributes are neither
 * painted nor in the accessibility tree, so agents never see them, and the guard's rules name
 * roles, ids and classes only (rules/workspace/, test/guard/workspace-rules.browser.test.ts).
 */
export const OPERATOR_MARK = "data-operator";
export const CONTENT_MARK = "data-content";

/**
 * A label: fixed words of the workspace (a string, shown as chrome), or a value from the state,
 * optionally after fixed words ("Message to" + a contact).
 */
export type LabelText = string | { fixed?: string; value: string };

/** The plain text of a label, as the accessible name and the change log read it. */
export function labelString(label: LabelText): string {
  if (typeof label === "string") return label;
  return label.fixed === undefined ? label.value : `${label.fixed} ${label.value}`;
}

/** Fixed words of the workspace inside a line that also shows content ("Date:", "to"). */
export function fixedText(text: string): Html {
  return html`<span class="fixed-label" data-operator>${text}</span>`;
}

/** A label's markup: the fixed words marked as chrome, the value (if any) as content. */
export function labelMarkup(label: LabelText): Html {
  if (typeof label === "string") return fixedText(label);
  const value = html`<span data-content>${label.value}</span>`;
  return label.fixed === undefined ? value : html`${fixedText(label.fixed)} ${value}`;
}
