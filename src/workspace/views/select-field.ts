import { type Html, html } from "./html.js";
import { type LabelText, labelMarkup } from "./labelling.js";

/**
 * A drop-down with a visible label. `fixedChoices` says whether the options are the workspace's own
 * words (roles, permissions, scopes: chrome, class `choice-field`) or values from the state (branch
 * names: content, no class, so no rule can reveal them).
 */
export function selectField(options: {
  id: string;
  name: string;
  label: LabelText;
  choices: readonly string[];
  selected?: string | undefined;
  fixedChoices: boolean;
  accessibleName?: string;
  /** Shown (and submitted as "") when `selected` is none of the choices, so the control never pretends a value. */
  placeholder?: string;
}): Html {
  const unmatched = options.placeholder !== undefined && !options.choices.includes(options.selected ?? "");
  const marks = options.fixedChoices ? html` class="choice-field" data-operator` : html` data-content`;
  return html`<div class="field"><label for="${options.id}"${options.accessibleName ? html` class="visually-hidden"` : html``}>${labelMarkup(options.label)}</label><select id="${options.id}" name="${options.name}"${marks}${options.accessibleName ? html` aria-label="${options.accessibleName}"` : html``}>${unmatched ? html`<option value="" selected>${options.placeholder}</option>` : html``}${options.choices.map(
    (choice) => html`<option value="${choice}"${choice === options.selected ? html` selected` : html``}>${choice}</option>`,
  )}</select></div>`;
}
