import type { SharePayload } from "../artifacts/share-payload.js";
import type { Episode } from "../store/workspace-store.js";
import { datalist, hidden, submitButton, textArea, textField } from "./controls.js";
import { type Html, html } from "./html.js";
import { knownContacts } from "./known-contacts.js";
import { fixedText, type LabelText, labelMarkup } from "./labelling.js";

/** The list of things already shared from an app, so the person can see what went out. */
export function sentShares(shares: readonly SharePayload[], heading: string): Html {
  if (shares.length === 0) return html``;
  return html`<section aria-labelledby="shared-heading"><h2 id="shared-heading" class="section-heading" data-operator>${heading}</h2><ul class="plain">${shares.map(
    (share) => html`<li class="card" data-content><p>To ${share.to}: ${share.what}</p><p class="pre-wrap">${share.text}</p></li>`,
  )}</ul></section>`;
}

/**
 * A share form with an exact preview of what will be sent: the recipient reads the preview text,
 * preceded by the optional message. Choosing what to share is done with links before the form,
 * so the preview always matches what the form sends, without scripts.
 */
export function shareForm(options: {
  episode: Episode;
  action: string;
  what: string;
  whatLabel: LabelText;
  preview: string;
  choices?: Html;
  values?: { to?: string; message?: string };
}): Html {
  return html`${options.choices ?? html``}
<section class="card" aria-labelledby="preview-heading"><h2 id="preview-heading">${fixedText("What will be shared:")} ${labelMarkup(options.whatLabel)}</h2><p class="pre-wrap" data-content>${options.preview}</p></section>
<form method="post" action="${options.action}">${hidden("what", options.what)}
${textField({ id: "to", name: "to", label: "Share with", value: options.values?.to, required: true, list: "contacts", hint: "A contact or group name" })}
${textArea({ id: "message", name: "message", label: "Message (optional)", value: options.values?.message, rows: 3 })}
<div class="actions" data-operator>${submitButton("Share")}</div>${datalist("contacts", knownContacts(options.episode.state))}
</form>`;
}
