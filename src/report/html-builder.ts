/**
 * HTML built by a tagged template that escapes every interpolated value unless it is already
 * `SafeHtml`. Agent outputs, scenario text and page content are untrusted; making escaping the
 * default (and trust the exception, spelled `trustedHtml`) keeps a forgotten call from becoming
 * a script injection in a report someone opens from a CI artifact.
 */
export class SafeHtml {
  constructor(readonly value: string) {}

  toString(): string {
    return this.value;
  }
}

export type HtmlValue = SafeHtml | string | number | boolean | null | undefined | readonly HtmlValue[];

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Escapes text for an HTML text node or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] as string);
}

/** Marks markup produced by this module (or checked, like the plot SVGs) as safe to insert verbatim. */
export function trustedHtml(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

function render(value: HtmlValue): string {
  if (value instanceof SafeHtml) return value.value;
  if (value === null || value === undefined || value === false) return "";
  if (Array.isArray(value)) return value.map(render).join("");
  return escapeHtml(String(value));
}

/** `html\`<p title="${title}">${text}</p>\`` with `title` and `text` escaped. Attributes must be quoted. */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? "";
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? "");
  });
  return new SafeHtml(out);
}

/** Joins fragments (escaping plain strings) into one fragment. */
export function joinHtml(parts: readonly HtmlValue[], separator: HtmlValue = ""): SafeHtml {
  const sep = render(separator);
  return new SafeHtml(parts.map(render).join(sep));
}
