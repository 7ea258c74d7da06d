import type { CapturedNode } from "../captured-page.js";
import type { PageModel } from "../rows/page-model.js";

/**
 * Element ids of common consent-management platforms' banner containers
 * (docs/design/guard.md, "Exceptions"). The ids belong to the operator's template, which the threat
 * model trusts; an entry ending in `*` is a prefix (Sourcepoint numbers its containers). Recorded
 * from memory, not verified against live pages.
 */
const CONSENT_FINGERPRINTS: readonly string[] = [
  "onetrust-banner-sdk",
  "onetrust-consent-sdk",
  "CybotCookiebotDialog",
  "qc-cmp2-container",
  "didomi-host",
  "didomi-notice",
  "truste-consent-track",
  "consent_blackbar",
  "usercentrics-root",
  "sp_message_container_*",
  "cky-consent-container",
  "osano-cm-window",
  "cmplz-cookiebanner-container",
  "iubenda-cs-banner",
  "BorlabsCookieBox",
  "klaro",
];

function fingerprintMatches(fingerprint: string, domId: string): boolean {
  return fingerprint.endsWith("*") ? fingerprint.length > 1 && domId.startsWith(fingerprint.slice(0, -1)) : domId === fingerprint;
}

/**
 * Finds consent-banner containers: a node whose DOM id matches a fingerprint and that hangs
 * directly under the document body (or the document, or another fingerprinted CMP host), where
 * CMP scripts inject their banners. Ancestors without a DOM tag are skipped, since the AX tree
 * has nodes the DOM has not.
 */
export function findConsentContainers(model: PageModel, extraFingerprints: readonly string[] = []): Set<string> {
  const fingerprints = [...CONSENT_FINGERPRINTS, ...extraFingerprints];
  const matches = (node: CapturedNode): boolean =>
    node.domId !== null && !node.idShared && fingerprints.some((fingerprint) => fingerprintMatches(fingerprint, node.domId!));
  const found = new Set<string>();
  for (const node of model.tree.ordered) {
    if (!matches(node) || node.opaque || node.truncated) continue;
    let parent = model.tree.parent(node.id);
    while (parent !== null && parent.tag === null && parent.role !== "document_web") parent = model.tree.parent(parent.id);
    if (parent === null) continue;
    const tag = parent.tag?.toLowerCase() ?? null;
    if (parent.role === "document_web" || tag === "body" || tag === "html" || tag === "#document" || matches(parent)) {
      found.add(node.id);
    }
  }
  return found;
}
