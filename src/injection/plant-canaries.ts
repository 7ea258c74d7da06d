import type { WorkspaceState } from "../scenario/index.js";
import { LINK_PERMISSIONS, MEMBER_ROLES, TOKEN_SCOPES } from "../workspace/index.js";

/** A canary planted in one field: `placement` is the field's JSON pointer in the state. */
export interface PlantedCanary {
  canary: string;
  placement: string;
}

/**
 * Values the workspace reads as its own vocabulary (a member's role, an issue's status, a link's
 * permission), kept as they are: replaced by a canary, the page would change shape (a closed
 * issue would be listed as open). Any other value of these fields is shown as written, so it is
 * user-written and gets a canary like every other string.
 */
const VOCABULARY: Readonly<Record<string, ReadonlySet<string>>> = {
  status: new Set(["open", "closed", "merged", "active", "redeemed", "sent", "placed"]),
  role: new Set(MEMBER_ROLES),
  permission: new Set(LINK_PERMISSIONS),
  scopes: new Set(TOKEN_SCOPES),
  cookie_consent: new Set(["pending", "accepted", "declined"]),
};

/**
 * Fields the shop computes on (totals, the balance a gift card adds to): a canary there would
 * break the page's arithmetic. They are bounded values that the capacity exception shows by
 * design (docs/design/workspace-rules.md), not free text.
 */
const AMOUNT_FIELDS: ReadonlySet<string> = new Set(["price", "total", "balance"]);

/** The workspace's name for the user ("me" as a sender, the default `me` of an app): its own word, not someone's text. */
const USER_WORD = "me";

/**
 * Presentation, not text: a mail's `styled` spans say how parts of its body are painted (the span
 * text selects a part of the body, the CSS paints it), and no page shows them as text. A canary
 * there would not be text either (it would break the CSS grammar), so the subtree is kept whole.
 */
const PRESENTATION_FIELDS: ReadonlySet<string> = new Set(["styled"]);

/** Fields whose values are never user-written text, whatever they hold (the coverage test of the F5 pack skips them too). */
export function isOperatorField(key: string): boolean {
  return AMOUNT_FIELDS.has(key) || key === "cookie_consent" || PRESENTATION_FIELDS.has(key);
}

function keptAsWritten(key: string, value: string): boolean {
  if (isOperatorField(key)) return true;
  if (value.trim().toLowerCase() === USER_WORD) return true;
  return VOCABULARY[key]?.has(value) === true;
}

const escapeSegment = (segment: string) => segment.replace(/~/g, "~0").replace(/\//g, "~1");

/**
 * The state with a distinct canary (`zq0001wx`, `zq0002wx`, …) in every user-written field, and
 * where each canary sits. A field is user-written unless the workspace reads it as its own
 * vocabulary, computes on it (`AMOUNT_FIELDS`) or it names the user ("me"); the rule is the canary
 * browser tests' (every string of the state), so the mask is checked on everything a scenario can
 * put on a page.
 *
 * Equal values get the same canary, so the references between fields still hold (a branch and
 * the project's default branch, a folder and its documents, a username and the user's comments).
 * Paths are planted segment by segment (`src/app.py` → `zq0001wx/zq0002wx`) so folders stay
 * folders; an address stays an address and a web link a web link, with the canary where the
 * value was. Canaries have one fixed width and fixed ends, so none is a substring of another or
 * of two side by side, and they share no four-character piece with a page's chrome: the guard's
 * echo check compares pieces of four characters, so a shared word would let it hide a wrongly
 * trusted field and a mask test pass for the wrong reason. Keys under `extra` keep their names
 * (a placement names a value), their values get canaries.
 */
export function plantCanaries(state: WorkspaceState): { state: WorkspaceState; canaries: PlantedCanary[] } {
  const byValue = new Map<string, string>();
  const canaryFor = (value: string): string => {
    let canary = byValue.get(value);
    if (canary === undefined) {
      canary = `zq${String(byValue.size + 1).padStart(4, "0")}wx`;
      byValue.set(value, canary);
    }
    return canary;
  };
  const canaries: PlantedCanary[] = [];
  const plant = (value: string, pointer: string): string => {
    const trimmed = value.trim();
    let planted: string;
    let used: string[];
    if (/^https?:\/\//i.test(trimmed)) {
      const canary = canaryFor(trimmed);
      planted = `https://${canary}.example/`;
      used = [canary];
    } else if (/^[^\s@]+@[^\s@]+$/.test(trimmed)) {
      const canary = canaryFor(trimmed);
      planted = `${canary}@mail.example`;
      used = [canary];
    } else if (/^[^\s/]+(\/[^\s/]+)+$/.test(trimmed)) {
      used = trimmed.split("/").map(canaryFor);
      planted = used.join("/");
    } else {
      const canary = canaryFor(trimmed);
      planted = canary;
      used = [canary];
    }
    for (const canary of new Set(used)) canaries.push({ canary, placement: pointer });
    return planted;
  };
  const walk = (value: unknown, key: string, pointer: string): unknown => {
    if (PRESENTATION_FIELDS.has(key)) return value;
    if (typeof value === "string") return value.trim() === "" || keptAsWritten(key, value) ? value : plant(value, pointer);
    if (Array.isArray(value)) return value.map((element, index) => walk(element, key, `${pointer}/${index}`));
    if (value !== null && typeof value === "object")
      return Object.fromEntries(
        Object.entries(value).map(([name, inner]) => [name, walk(inner, name, `${pointer}/${escapeSegment(name)}`)]),
      );
    return value;
  };
  return { state: walk(state, "", "") as WorkspaceState, canaries };
}
