import { type Html, html } from "./html.js";

/**
 * Form controls with a visible label tied to the control, so every control has an accessible
 * name. Dates and times are plain text inputs: scenarios write them freely ("Thu 11:02",
 * "08:00 AM"), and a native date input would drop any value not in its own format.
 */
export interface FieldOptions {
  id: string;
  name: string;
  label: string;
  value?: string | undefined;
  required?: boolean;
  placeholder?: string;
  /** The id of a <datalist> of suggestions. */
  list?: string;
  hint?: string;
}

function hintOf(options: FieldOptions): Html {
  return options.hint ? html`<span class="hint" id="${options.id}-hint">${options.hint}</span>` : html``;
}

export function textField(options: FieldOptions): Html {
  return html`<div class="field"><label for="${options.id}">${options.label}</label>${hintOf(options)}<input type="text" id="${options.id}" name="${options.name}" value="${options.value ?? ""}"${options.required ? html` required` : html``}${options.placeholder ? html` placeholder="${options.placeholder}"` : html``}${options.list ? html` list="${options.list}"` : html``}${options.hint ? html` aria-describedby="${options.id}-hint"` : html``}></div>`;
}

/**
 * A textarea keeps its content exactly: the HTML parser drops one newline right after
 * `<textarea>`, so one is always written there, and content that starts with a newline survives.
 */
export function textArea(options: FieldOptions & { rows?: number; monospace?: boolean }): Html {
  return html`<div class="field"><label for="${options.id}">${options.label}</label>${hintOf(options)}<textarea id="${options.id}" name="${options.name}" rows="${options.rows ?? 4}"${options.monospace ? html` class="code"` : html``}${options.required ? html` required` : html``}${options.placeholder ? html` placeholder="${options.placeholder}"` : html``}${options.hint ? html` aria-describedby="${options.id}-hint"` : html``}>
${options.value ?? ""}</textarea></div>`;
}

export function checkboxField(options: { id: string; name: string; label: string; checked: boolean }): Html {
  return html`<div class="field checkbox"><input type="checkbox" id="${options.id}" name="${options.name}" value="on"${options.checked ? html` checked` : html``}><label for="${options.id}">${options.label}</label></div>`;
}

export function hidden(name: string, value: string): Html {
  return html`<input type="hidden" name="${name}" value="${value}">`;
}

export function datalist(id: string, values: readonly string[]): Html {
  return html`<datalist id="${id}">${values.map((value) => html`<option value="${value}"></option>`)}</datalist>`;
}

/**
 * A one-button form for an action on one item. Rows repeat the same short label ("Edit",
 * "Remove"), so `accessibleName` names the item too ("Remove Bananas from the cart").
 */
export function actionButton(
  action: string,
  label: string,
  options: { accessibleName?: string; fields?: Html; primary?: boolean } = {},
): Html {
  return html`<form method="post" action="${action}" class="inline">${options.fields ?? html``}<button type="submit"${options.primary ? html` class="primary"` : html``}${options.accessibleName ? html` aria-label="${options.accessibleName}"` : html``}>${label}</button></form>`;
}

export function submitButton(label: string): Html {
  return html`<button type="submit" class="primary">${label}</button>`;
}
