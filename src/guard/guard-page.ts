import { type Box, type CapturedNode, type CapturedPage, type CapturedPageInput, CapturedPageSchema } from "./captured-page.js";
import { isCompleteCapturedPage } from "./complete-captured-page.js";
import type { Rect } from "./geometry/rect.js";
import { subtractRects } from "./geometry/rect-set.js";
import type { GuardAblation } from "./guard-ablation.js";
import { composeMask } from "./mask/compose-mask.js";
import { type KeptAnchor, keptAnchors } from "./mask/kept-anchors.js";
import { MaskBuildError } from "./mask/mask-build-error.js";
import { planMask } from "./mask/plan-mask.js";
import type { NormalisedRole } from "./roles.js";
import { buildPageModel, type PageModel } from "./rows/page-model.js";
import { parseRuleSet } from "./rules/parse-rule-set.js";
import type { RuleSet } from "./rules/rule.js";
import { applyExceptions } from "./verdicts/apply-exceptions.js";
import { findConsentContainers } from "./verdicts/consent-fingerprints.js";
import { coverageCap, type DroppedRule } from "./verdicts/coverage-cap.js";
import { applyEchoDemotion } from "./verdicts/echo-demotion.js";
import { fileListingRows, ownedFilesFrom } from "./verdicts/file-ownership.js";
import { applyContainment } from "./verdicts/geometric-containment.js";
import { resolveVerdict } from "./verdicts/resolve-verdict.js";
import { pageRuleOf, type RuleContext } from "./verdicts/rule-context.js";
import type { TrustVerdict, Verdict, VerdictSource } from "./verdicts/verdict.js";

export interface GuardOptions {
  /** The agent's account as the operator declared it; enables `scope: "self"` rules. */
  userIdentity?: string;
  /** Consent-banner container ids added to the built-in CMP fingerprints (`prefix*` allowed). */
  consentAllowlist?: readonly string[];
  /** Paths of files the user wrote (file-ownership exception). */
  ownedFiles?: readonly string[];
  /** Rule sets for child frames, by frame id (a frame never inherits its parent page's rules). */
  frameRules?: Readonly<Record<string, unknown>>;
  /**
   * Node ids of regions the host vouches for (docs/design/guarded-agent.md, "Terminal trust"): a
   * terminal's screen while trust tracking finds it clean. Their rows are released by the
   * `terminal` exception, never forced rows.
   */
  hostTrusted?: readonly string[];
  /**
   * Text the host itself typed into a field, by the field's node id (docs/design/guarded-agent.md,
   * "Typed text is the host's"): the echo check leaves it out where the field's value ends with
   * it, since the host's own words repeating a page's word are no echo of the page. The field's
   * name and the rest of its value are still checked, and the rules still decide whether the field
   * is trusted: this can only keep a row from being demoted by the host's words, never release one.
   */
  hostTyped?: readonly HostTyped[];
  /** Node ids of live reveal records (endorsed elements) to copy back over the mask. */
  reveals?: readonly string[];
  /**
   * Main-document rule indexes the coverage cap dropped on an earlier capture of this page template
   * in the episode: they stay dropped (docs/design/guard.md, "Safety checks"). The caller keeps the
   * memory.
   */
  keepDropped?: ReadonlySet<number>;
  /** Protections switched off for an ablation run (`bench --guard-ablate`); absent or empty: the full guard. */
  ablate?: ReadonlySet<GuardAblation>;
}

/** A field's value as the host typed it (`GuardOptions.hostTyped`). */
export interface HostTyped {
  nodeId: string;
  text: string;
}

/**
 * A row's text for the echo check: without the text the host typed into it (the end of its
 * value); the rest of the value, and its name, stay.
 */
function echoText(row: { id: string; strings: readonly string[]; text: string }, typed: ReadonlyMap<string, string>): string {
  const own = typed.get(row.id)?.trim();
  if (own === undefined || own === "") return row.text;
  return row.strings
    .map((text) => (text.endsWith(own) ? text.slice(0, text.length - own.length).trim() : text))
    .filter((text) => text !== "")
    .join(" ");
}

/** One row as `safecua guard mask --json` prints it. */
export interface GuardRow {
  nodeId: string;
  role: NormalisedRole;
  text: string;
  box: Box;
  verdict: TrustVerdict;
  source: VerdictSource;
  /** The node whose grant trusts the row (null for page scope, exceptions and untrusted rows). */
  container: string | null;
}

/**
 * A row the mask reveals, as the differential check needs it: its node, the pixels it shows
 * (its rectangle minus what wins over it) and how its layout ancestors paint in the second render.
 */
interface RevealedRow {
  rowId: string;
  node: CapturedNode;
  /** Disjoint pieces in screenshot pixels. */
  shown: Rect[];
  /**
   * `trusted` for rows an operator's grant trusts (rule, page scope, consent banner): their
   * ancestors are the page's own structure. `flat` for rows released by an exception (capacity,
   * file ownership, self-authored) or a reveal inside content nobody vouched for: what their
   * ancestors paint under them must be one colour.
   */
  ancestorPaint: "trusted" | "flat";
}

/** A guarded capture that can still be demoted: `guardPage` plus what the differential check needs. */
export interface JudgedPage {
  result: GuardResult;
  revealed: RevealedRow[];
  /** What the second render keeps painting: the revealed rows, grouped by clean granted container. */
  anchors: KeptAnchor[];
  /** The result with these rows (trusted or revealed) masked, with source `differential`. */
  demote(rowIds: ReadonlySet<string>): GuardResult;
}

export interface GuardResult {
  rows: GuardRow[];
  /** F: the masked area as disjoint `[x, y, w, h]` rectangles in screenshot pixels. */
  mask: Rect[];
  screen: { width: number; height: number };
  /** `document.title` is page text: trusted only under a page-scope `trusted` rule. */
  title: { text: string; verdict: TrustVerdict };
  /** Rules removed by the coverage cap (feeds extent feedback). */
  droppedRules: DroppedRule[];
}

/**
 * Copies the schema made and `validateCapture` returned, so a capture checked where it entered
 * (the retry loop, the CLI's file) is not parsed again by `guardPage`. A caller that changes one
 * afterwards breaks the contract of `CapturedPage` as much as it would by passing bad data. A
 * capture the cheap check accepted is the caller's own object and is not remembered: the check
 * runs again (it costs about a millisecond at 2,000 nodes), so a later change cannot slip through.
 */
const validated = new WeakSet<object>();

/**
 * Validates a capture or throws the typed, retryable error of a failed capture
 * (docs/design/guard.md, "Failure").
 */
export function validateCapture(capture: CapturedPage | CapturedPageInput): CapturedPage {
  if (validated.has(capture)) return capture as CapturedPage;
  const nodes = (capture as { nodes?: unknown }).nodes;
  if (!Array.isArray(nodes) || nodes.length === 0) throw new MaskBuildError("no-tree", "the capture has no accessibility tree");
  const complete = isCompleteCapturedPage(capture);
  const page = complete ? capture : parseWithSchema(capture);
  if (!page.alignment.ok) {
    throw new MaskBuildError(
      "failed-alignment",
      `sampled boxes disagree with the screenshot by up to ${page.alignment.maxDeviationPx ?? "?"} px`,
    );
  }
  const root = page.nodes.find((node) => node.parentId === null);
  if (root?.role !== "document_web") throw new MaskBuildError("no-content-root", "the tree's root is not a web document");
  if (!complete) validated.add(page);
  return page;
}

/**
 * The schema: it fills defaults and names what is wrong. Only captures the cheap check could not
 * accept in full come here (hand-written fixtures, files, anything malformed).
 */
function parseWithSchema(capture: CapturedPage | CapturedPageInput): CapturedPage {
  const parsed = CapturedPageSchema.safeParse(capture);
  if (!parsed.success) {
    const first = parsed.error.issues.slice(0, 3).map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new MaskBuildError("unparsable-tree", first.join("; "));
  }
  return parsed.data;
}

function rulesPerRoot(model: PageModel, rules: RuleSet, frameRules: GuardOptions["frameRules"]): Map<string, RuleSet> {
  const out = new Map<string, RuleSet>();
  for (const root of model.contentRoots) {
    if (root.isMain) out.set(root.node.id, rules);
    else {
      const raw = frameRules?.[root.frameId];
      out.set(root.node.id, raw === undefined ? [] : parseRuleSet(raw, `frameRules.${root.frameId}`));
    }
  }
  return out;
}

/**
 * The guard's pure core for one capture: rows → verdicts (consent, page scope, rules) → safety
 * checks (coverage cap, containment, echo; each only masks) → exceptions (consent, capacity,
 * file; each only unmasks) → the mask F. Throws `MaskBuildError` when no mask can be built and
 * `RuleSetError` when the rules are invalid.
 *
 * Order note: the seed lists the checks as coverage, echo, containment. Containment runs before
 * echo here so that rows it demotes are already untrusted when echo looks for repeated text.
 */
export function guardPage(capture: CapturedPage | CapturedPageInput, rules: unknown, options: GuardOptions = {}): GuardResult {
  return judgePage(capture, rules, options).result;
}

/** Verdict sources whose row's ancestors are the page's own structure (an operator vouched for them). */
const GRANTS = /^(rule#\d+|page|consent)$/;

/** `guardPage`, keeping what the differential check needs and a way to demote rows after it. */
export function judgePage(capture: CapturedPage | CapturedPageInput, rules: unknown, options: GuardOptions = {}): JudgedPage {
  const page = validateCapture(capture);
  const ruleSet = parseRuleSet(rules);
  const model = buildPageModel(page);

  const base: RuleContext = {
    model,
    rules: rulesPerRoot(model, ruleSet, options.frameRules),
    dropped: new Map(),
    consentContainers: findConsentContainers(model, options.consentAllowlist ?? []),
    userIdentity: options.userIdentity ?? null,
    selfCache: new Map(),
  };
  const off = options.ablate ?? new Set<GuardAblation>();
  const coverage = off.has("coverage-cap") ? { dropped: new Map<string, Set<number>>(), log: [] } : coverageCap(base, options.keepDropped);
  const context: RuleContext = { ...base, dropped: coverage.dropped };

  const nodeIds = model.tree.ordered.map((node) => node.id);
  const resolved = nodeIds.map((id) => resolveVerdict(id, context));
  const contained = off.has("containment") ? resolved : applyContainment(model, nodeIds, resolved);
  // A loop rather than a map of [id, verdict] pairs: one pair array per node was garbage at once.
  const nodeVerdicts = new Map<string, Verdict>();
  for (let i = 0; i < nodeIds.length; i++) nodeVerdicts.set(nodeIds[i]!, contained[i]!);

  const afterChecks = model.rows.map((row) => nodeVerdicts.get(row.id)!);
  const consentRows = new Set(model.rows.filter((row) => afterChecks[row.index]!.source === "consent").map((row) => row.index));
  const typedByNode = new Map((options.hostTyped ?? []).map(({ nodeId, text }) => [nodeId, text]));
  const echoed = off.has("echo-demotion")
    ? afterChecks
    : applyEchoDemotion(
        model.rows.map((row) => echoText(row, typedByNode)),
        afterChecks,
      );
  const owned = ownedFilesFrom(options.ownedFiles ?? []);
  // Listings only matter when the user owns files: most captures skip the walk.
  const listingRows = owned.baseNames.size > 0 ? fileListingRows(model, base.rules) : new Set<number>();
  const final = applyExceptions(
    { model, consentRows, owned, fileListingRows: listingRows, hostTrusted: new Set(options.hostTrusted ?? []) },
    echoed,
    off,
  );

  const reveals = new Set(options.reveals ?? []);
  const plan = planMask(model, final, nodeVerdicts, reveals);
  const mainRoot = model.contentRoots.find((root) => root.isMain)!;
  const titleTrusted = mainRoot.url !== null && mainRoot.url.trim() !== "" && pageRuleOf(context, mainRoot.node.id)?.verdict === "trusted";
  const resultOf = (verdicts: readonly Verdict[], mask: Rect[]): GuardResult => ({
    rows: model.rows.map((row) => ({
      nodeId: row.id,
      role: row.role,
      text: row.text,
      box: row.box,
      verdict: verdicts[row.index]!.verdict,
      source: verdicts[row.index]!.source,
      container: verdicts[row.index]!.verdict === "trusted" ? verdicts[row.index]!.container : null,
    })),
    mask,
    screen: model.screen,
    title: { text: page.title, verdict: titleTrusted ? "trusted" : "untrusted" },
    droppedRules: coverage.log,
  });

  const rowById = new Map(model.rows.map((row) => [row.id, row]));
  const revealed = plan.revealed.map(({ rowId, rect, minus }): RevealedRow => {
    const row = rowById.get(rowId)!;
    const verdict = final[row.index]!;
    const granted = verdict.verdict === "trusted" && GRANTS.test(verdict.source);
    return {
      rowId,
      node: row.node,
      shown: minus.length === 0 ? [rect] : subtractRects([rect], minus),
      ancestorPaint: granted ? "trusted" : "flat",
    };
  });
  return {
    result: resultOf(final, composeMask(plan)),
    revealed,
    anchors: keptAnchors(model, final, nodeVerdicts, revealed),
    demote: (rowIds) => {
      // A demoted row is untrusted content from here on: it is masked and wins over the rows it overlaps.
      const demoted = final.map((verdict, index): Verdict => {
        const row = model.rows[index]!;
        return rowIds.has(row.id) && (verdict.verdict === "trusted" || reveals.has(row.id))
          ? { verdict: "untrusted", source: "differential", container: null }
          : verdict;
      });
      const kept = new Set([...reveals].filter((id) => !rowIds.has(id)));
      return resultOf(demoted, composeMask(planMask(model, demoted, nodeVerdicts, kept)));
    },
  };
}
