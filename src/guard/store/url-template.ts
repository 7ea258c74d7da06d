/** Per-scope template settings (spec §2.12). */
export interface TemplateConfig {
  /** Known user/group namespaces on forge-like sites; such a segment becomes `{ns}`. */
  namespaces?: readonly string[];
  /** Query parameter names kept in the template (values are always dropped). */
  queryParams?: readonly string[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// A digit is required so that English words made of a–f ("defaced") stay literal.
const HEX = /^(?=[0-9a-f]*\d)[0-9a-f]{7,}$/i;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)+$/;

function templateSegments(path: string, config: TemplateConfig): string[] {
  const namespaces = new Set(config.namespaces ?? []);
  const out: string[] = [];
  for (const segment of path.split("/").slice(1)) {
    const previous = out[out.length - 1];
    if (/^\d+$/.test(segment)) out.push("{n}");
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

/**
 * The URL template of a page (spec §2.12): path segments that are ids become placeholders
 * (all digits `{n}`, UUID `{uuid}`, hex of 7+ `{hex}`, a hyphenated slug longer than 12 after a
 * `{n}` `{slug}`, a configured namespace `{ns}`); the query keeps only configured parameter
 * names, sorted, without values. Trailing slashes are significant (spec §2.11).
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
