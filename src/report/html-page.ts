import { createHash } from "node:crypto";
import { html, type SafeHtml, trustedHtml } from "./html-builder.js";

export interface PageOptions {
  title: string;
  body: SafeHtml;
  styles: string;
  /** The page's own script; the CSP allows exactly this script (by hash) and nothing else. */
  script?: string;
  /** Where forms may submit (the viewer's compare form); none by default. */
  formAction?: "self" | "none";
}

/**
 * The Content-Security-Policy of every page: no network at all (images only as data: URIs), no
 * script but the page's own, identified by its hash. Escaping keeps untrusted text inert; this
 * is the second lock, so that one missed escape still runs nothing and fetches nothing.
 */
export function contentSecurityPolicy(script: string | undefined, formAction: "self" | "none" = "none"): string {
  const scriptSource = script === undefined ? "'none'" : `'sha256-${createHash("sha256").update(script, "utf8").digest("base64")}'`;
  return [
    "default-src 'none'",
    "img-src data:",
    "style-src 'unsafe-inline'",
    `script-src ${scriptSource}`,
    "base-uri 'none'",
    `form-action ${formAction === "self" ? "'self'" : "'none'"}`,
  ].join("; ");
}

/** A complete, self-contained HTML document. */
export function htmlPage(options: PageOptions): string {
  const csp = contentSecurityPolicy(options.script, options.formAction);
  if (options.script?.includes("</script")) throw new Error("htmlPage: the page script must not contain </script");
  if (options.styles.includes("</style")) throw new Error("htmlPage: the styles must not contain </style");
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${options.title}</title>
<style>${trustedHtml(options.styles)}</style>
</head>
<body>
${options.body}
${options.script === undefined ? "" : html`<script>${trustedHtml(options.script)}</script>`}
</body>
</html>
`.value;
}
