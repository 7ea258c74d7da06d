import { type Html, html } from "./html.js";
import { fixedText, type LabelText, labelMarkup } from "./labelling.js";

/**
 * Form controls with a visible label tied to the control, so every control has an accessible
 * name. Dates and times are plain text inputs: scenarios write them freely ("Thu 11:02",
 * "08:00 AM"), and a native date input would drop any value not in its own format.
 *
 * Trust markup (docs/design/workspace.md, "Operator chrome and content"): a label's fixed words
 * carry `fixed-label`, a hint `hint`; a control the server renders empty carries `blank-field`
 * (what is typed into it later is the agent's own text), a control rendered with a value from the
 * state or the request does not, so the guard's rules never reveal a value the workspace wrote in.
 */
export interface FieldOptions {
  id: string;
  name: string;
  /** Fixed text, or fixed words followed by a value from the state ("Message to" + a contact). */
  label: LabelText;
  value?: string | undefined;
  required?: boolean;
  placeholder?: string;
  /** The id of a <datalist> of suggestions. */
  list?: string;
  hint?: string;
}

function hintOf(options: FieldOptions): Html {
  return options.hint ? html`<span class="hint" id="${options.id}-hint" data-operator>${options.hint}</span>` : html``;
}

function labelOf(options: FieldOptions): Html {
  return html`<label for="${options.id}">${labelMarkup(options.label)}</label>`;
}

/** `class` and the measurement mark of a control: blank controls are chrome, filled ones hold content. */
function fillMarks(value: string | undefined, classes: readonly string[] = []): Html {
  const blank = value === undefined || value === "";
  const all = blank ? [...classes, "blank-field"] : classes;
  return html`${all.length > 0 ? html` class="${all.join(" ")}"` : html``}${blank ? html` data-operator` : html` data-content`}`;
}

export function textField(options: FieldOptions): Html {
  return html`<div class="field">${labelOf(options)}${hintOf(options)}<input type="text" id="${options.id}" name="${options.name}" value="${options.value ?? ""}"${fillMarks(options.value)}${options.required ? html` required` : html``}${options.placeholder ? html` placeholder="${options.placeholder}"` : html``}${options.list ? html` list="${options.list}"` : html``}${options.hint ? html` aria-describedby="${options.id}-hint"` : html``}></div>`;
}

/**
 * A textarea keeps its content exactly: the HTML parser drops one newline right after
 * `<textarea>`, so one is always written there, and content that starts with a newline survives.
 */
export function textArea(options: FieldOptions & { rows?: number; monospace?: boolean }): Html {
  return html`<div class="field">${labelOf(options)}${hintOf(options)}<textarea id="${options.id}" name="${options.name}" rows="${options.rows ?? 4}"${fillMarks(options.value, options.monospace ? ["code"] : [])}${options.required ? html` required` : html``}${options.placeholder ? html` placeholder="${options.placeholder}"` : html``}${options.hint ? html` aria-describedby="${options.id}-hint"` : html``}>
${options.value ?? ""}</textarea></div>`;
}

/** A checkbox shows a yes/no the workspace renders, never text from the state: chrome. */
export function checkboxField(options: { id: string; name: string; label: string; checked: boolean }): Html {
  return html`<div class="field checkbox"><input type="checkbox" id="${options.id}" name="${options.name}" value="on" class="toggle-field" data-operator${options.checked ? html` checked` : html``}><label for="${options.id}">${fixedText(options.label)}</label></div>`;
}

export function hidden(name: string, value: string): Html {
  return html`<input type="hidden" name="${name}" value="${value}">`;
}

export function datalist(id: string, values: readonly string[]): Html {
  return html`<datalist id="${id}" data-content>${values.map((value) => html`<option value="${value}"></option>`)}</datalist>`;
}

/**
 * A one-button form for an action on one item. Rows repeat the same short label ("Edit",
 * "Remove"), so `accessibleName` names the item too ("Remove Bananas from the cart"). The visible
 * label is always fixed text (`row-action`).
 */
export function actionButton(
  action: string,
  label: string,
  options: { accessibleName?: string; fields?: Html; primary?: boolean } = {},
): Html {
  return html`<form method="post" action="${action}" class="inline">${options.fields ?? html``}<button type="submit" class="${options.primary ? "primary row-action" : "row-action"}" data-operator${options.accessibleName ? html` aria-label="${options.accessibleName}"` : html``}>${label}</button></form>`;
}

export function submitButton(label: string): Html {
  return html`<button type="submit" class="primary" data-operator>${label}</button>`;
}
