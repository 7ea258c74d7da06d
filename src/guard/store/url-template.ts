/**
 * A path segment that is a variable on every page of a scope, by position: `{position: 1, name:
 * "episode"}` templates `/e/<anything>/messenger` to `/e/{episode}/messenger`. For ids the
 * built-in placeholders cannot see (the workspace's episode ids are arbitrary slugs in tests).
 */
interface SegmentPlaceholder {
  /** 0 is the first segment after the leading slash. */
  position: number;
  /** Lower-case letters, digits and `_`; not one of the built-in names. */
  name: string;
}

/** Names the template already uses; a configured placeholder may not take one. */
export const BUILT_IN_PLACEHOLDERS: ReadonlySet<string> = new Set(["n", "uuid", "hex", "slug", "ns", "*"]);

/** Per-scope template settings (docs/design/guard.md, "URL templates"). */
export interface TemplateConfig {
  /** Known user/group namespaces on forge-like sites; such a segment becomes `{ns}`. */
  namespaces?: readonly string[];
  /** Query parameter names kept in the template (values are always dropped). */
  queryParams?: readonly string[];
  /** Segments that are variables by position; they win over every other placeholder. */
  placeholders?: readonly SegmentPlaceholder[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// A digit is required so that English words made of a–f ("defaced") stay literal.
const HEX = /^(?=[0-9a-f]*\d)[0-9a-f]{7,}$/i;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)+$/;

function templateSegments(path: string, config: TemplateConfig): string[] {
  const namespaces = new Set(config.namespaces ?? []);
  const byPosition = new Map((config.placeholders ?? []).map((placeholder) => [placeholder.position, placeholder.name]));
  const out: string[] = [];
  for (const [position, segment] of path.split("/").slice(1).entries()) {
    const previous = out[out.length - 1];
    const configured = byPosition.get(position);
    // An empty segment (the trailing slash of `/e/x/`) stays empty: it is no variable.
    if (configured !== undefined && segment !== "") out.push(`{${configured}}`);
    else if (/^\d+$/.test(segment)) out.push("{n}");
    else if (UUID.test(segment)) out.push("{uuid}");
    else if (HEX.test(segment)) out.push("{hex}");
    else if (previous === "{n}" && segment.length > 12 && SLUG.test(segment)) out.push("{slug}");
    else if (namespaces.has(segment)) out.push("{ns}");
    else out.push(segment);
  }
  return out;
}

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** The template of a URL's path alone (no query), as path prefixes are matched against it. */
export function templatePath(url: string, config: TemplateConfig = {}): string | null {
  const parsed = parse(url);
  return parsed === null ? null : `/${templateSegments(parsed.pathname, config).join("/")}`;
}

/**
 * The URL template of a page (docs/design/guard.md, "URL templates"): path segments that are ids
 * become placeholders (a configured position `{name}`, all digits `{n}`, UUID `{uuid}`, hex of 7+
 * `{hex}`, a hyphenated slug longer than 12 after a `{n}` `{slug}`, a configured namespace `{ns}`);
 * the query keeps only configured parameter names, sorted, without values. Trailing slashes are
 * significant (docs/design/guard.md, "URL templates").
 */
export function urlTemplate(url: string, config: TemplateConfig = {}): string | null {
  const parsed = parse(url);
  if (parsed === null) return null;
  const path = `/${templateSegments(parsed.pathname, config).join("/")}`;
  const keep = new Set(config.queryParams ?? []);
  const names = [...new Set([...parsed.searchParams.keys()].filter((name) => keep.has(name)))].sort();
  return names.length === 0 ? path : `${path}?${names.join("&")}`;
}

/** The looser template: the first two template segments, then `{*}` for the rest (if any). */
export function looserTemplate(url: string, config: TemplateConfig = {}): string | null {
  const parsed = parse(url);
  if (parsed === null) return null;
  const segments = templateSegments(parsed.pathname, config);
  if (segments.length <= 2) return `/${segments.join("/")}`;
  return `/${segments.slice(0, 2).join("/")}/{*}`;
}
