import { type SafeHtml, trustedHtml } from "../html-builder.js";

/**
 * Renders a Vega or Vega-Lite spec to an SVG string in Node, without a browser or canvas.
 * vega is imported lazily: it is large, and importing the library for its statistics should not
 * pay for it.
 */
export async function renderVegaSvg(spec: { vegaLite?: object; vega?: object }, description: string): Promise<SafeHtml> {
  const vega = await import("vega");
  let runtime: object;
  if (spec.vegaLite) {
    const { compile } = await import("vega-lite");
    runtime = compile(spec.vegaLite as Parameters<typeof compile>[0]).spec;
  } else if (spec.vega) runtime = spec.vega;
  else throw new Error("renderVegaSvg: give a vega or a vegaLite spec");
  const view = new vega.View(vega.parse(runtime as Parameters<typeof vega.parse>[0]), { renderer: "none" });
  try {
    const svg = scopeIds(await view.toSVG(), description);
    assertInertSvg(svg, description);
    // role/aria-label let screen readers (and tests) find each figure.
    return trustedHtml(svg.replace("<svg ", `<svg role="img" aria-label="${escapeAttribute(description)}" `));
  } finally {
    view.finalize();
  }
}

/**
 * vega numbers clip paths with a process-wide counter, so the same figure would get different ids
 * on every render (and a report would not be reproducible byte for byte). Ids are renamed after
 * the figure, in order of appearance, which also keeps them unique within a page.
 */
function scopeIds(svg: string, description: string): string {
  const prefix = description
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  const renamed = new Map<string, string>();
  for (const match of svg.matchAll(/\sid="([^"]+)"/g)) {
    const id = match[1] as string;
    if (!renamed.has(id)) renamed.set(id, `${prefix}-${renamed.size + 1}`);
  }
  if (renamed.size === 0) return svg;
  return svg
    .replace(/(\sid=")([^"]+)(")/g, (_, head: string, id: string, tail: string) => `${head}${renamed.get(id) ?? id}${tail}`)
    .replace(/url\(#([^)]+)\)/g, (whole, id: string) => (renamed.has(id) ? `url(#${renamed.get(id)})` : whole));
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

/**
 * vega escapes the text and attributes it writes; this check keeps that a verified property rather
 * than an assumption, since the SVG is inserted into the page verbatim. It walks the tags (vega
 * double-quotes every attribute value) and rejects active elements, event-handler attributes and
 * links that are not local.
 */
export function assertInertSvg(svg: string, description: string): void {
  const fail = (what: string): never => {
    throw new Error(`${description}: the rendered SVG contains ${what}; refusing to embed it`);
  };
  for (const tag of svg.matchAll(/<(\/?)([^\s>/]*)([^>]*)>/g)) {
    const name = (tag[2] ?? "").toLowerCase();
    if (["script", "foreignobject", "iframe", "object", "embed", "use", "image", "a", "animate", "set", "style"].includes(name))
      fail(`a <${name}> element`);
    const attributes = tag[3] ?? "";
    const rest = attributes.replace(/\s+([^\s=]+)="[^"]*"/g, (_, attributeName: string) => {
      const lower = attributeName.toLowerCase();
      if (lower.startsWith("on") || lower.endsWith("href")) fail(`an attribute ${attributeName}`);
      return "";
    });
    if (rest.replace(/\/\s*$/, "").trim() !== "") fail(`markup it cannot check (${rest.slice(0, 40)})`);
  }
}
