import type { PageModel } from "../rows/page-model.js";
import type { Row } from "../rows/row.js";
import { normaliseHost } from "../store/normalise-host.js";

/**
 * A row released by an exception must not be a way off the page: if it is (inside) a link, the
 * link must stay on the page's own host. A "12 comments" link pointing elsewhere stays masked —
 * clicking a visible link is allowed, so unmasking it would hand the attacker a navigation.
 */
export function linkStaysOnSite(row: Row, model: PageModel): boolean {
  if (!row.inLink) return true;
  if (row.linkUrl === null) return false;
  const root = model.contentRoots.find((entry) => entry.node.id === row.contentRootId);
  const pageHost = root?.url != null ? normaliseHost(root.url) : null;
  const linkHost = normaliseHost(row.linkUrl);
  return pageHost !== null && linkHost !== null && pageHost === linkHost && /^https?:/i.test(row.linkUrl);
}
