import type { Page } from "../../../browser/index.js";
import { liveCapture } from "../../capture/capture-screen.js";
import type { CapturedPage } from "../../captured-page.js";
import { intersectRects, type Rect, snapInward } from "../../geometry/rect.js";
import type { GuardAblation } from "../../guard-ablation.js";
import type { GuardRow, HostTyped } from "../../guard-page.js";
import { buildMaskWithRetries } from "../../mask/build-mask-with-retries.js";
import type { RuleSet } from "../../rules/rule.js";
import type { DroppedRuleMemory } from "./dropped-rule-memory.js";
import { screenHash } from "./screen-hash.js";

/** The rule set for a page, the app it belongs to, and its URL as the planner may see it. */
export interface PageRules {
  rules: RuleSet;
  app: string | null;
  /** Scheme, host and the URL template (variable segments as placeholders; never the raw URL). */
  shownUrl: string;
  /** True when the rules are a stored set for this page; otherwise (absent) a proposal may supply them. */
  stored?: boolean;
  /** Rule indexes the coverage cap dropped on this template before (kept with a stored set): they stay dropped. */
  dropped?: readonly number[];
}

export type PageRulesFor = (url: string) => PageRules;

/**
 * One capture of the screen, guarded: the rows with their verdicts, the mask F (reveals applied),
 * the masked image the planner may see, and — kept inside the host, for the quarantined model and
 * the text-search tools only — the unmasked screenshot and the rows' text.
 */
export interface GuardedScreen {
  /** Increases with every capture of the episode; provenance refers to it. */
  id: number;
  url: string;
  shownUrl: string;
  app: string | null;
  page: CapturedPage;
  rows: GuardRow[];
  mask: Rect[];
  width: number;
  height: number;
  /** The unmasked screenshot: never shown to the planner. */
  screenshot: Buffer;
  /** The screenshot with F painted: the only image the planner gets. */
  masked: Buffer;
  /** Perceptual hash of the masked image: a new image is shown only when it (or the reveal set) changes. */
  hash: string;
  /** Node ids revealed on this capture, sorted. */
  reveals: string[];
  focus: "visible" | "masked" | "unknown";
}

export interface CaptureOptions {
  id: number;
  rulesFor: PageRulesFor;
  /** Re-resolves the episode's reveal records against a capture (node ids of that capture). */
  revealsFor: (page: CapturedPage) => readonly string[];
  /** Regions the host vouches for in a capture (a clean terminal's screen; node ids of that capture). */
  hostTrustedFor?: (page: CapturedPage) => readonly string[];
  /** Values the host typed into fields of a capture (the terminal's input): no echo of the page. */
  hostTypedFor?: (page: CapturedPage) => readonly HostTyped[];
  userIdentity?: string;
  /** Files the user wrote: their names in a file listing are shown (file-ownership exception). */
  ownedFiles?: readonly string[];
  /** Rules the coverage cap dropped on earlier captures, per shown URL: they stay dropped. */
  droppedRules?: DroppedRuleMemory;
  /** Protections of the mask switched off (an ablation run); absent: the full guard. */
  ablate?: ReadonlySet<GuardAblation>;
}

/**
 * Captures the page and guards it. A mask that cannot be built after the retries throws
 * `MaskUnavailableError` (the episode ends as an error); there is no path to an unmasked image.
 */
export async function captureGuardedScreen(page: Page, options: CaptureOptions): Promise<GuardedScreen> {
  let pageRules: PageRules | undefined;
  let reveals: string[] = [];
  const masked = await buildMaskWithRetries(
    liveCapture(page),
    (captured: CapturedPage) => {
      pageRules = options.rulesFor(captured.url ?? "");
      return pageRules.rules;
    },
    {
      ...(options.userIdentity !== undefined && { userIdentity: options.userIdentity }),
      ...(options.ablate !== undefined && { ablate: options.ablate }),
      ...(options.hostTrustedFor !== undefined && { hostTrustedFor: options.hostTrustedFor }),
      ...(options.hostTypedFor !== undefined && { hostTypedFor: options.hostTypedFor }),
      ...(options.ownedFiles !== undefined && { ownedFiles: options.ownedFiles }),
      revealsFor: (captured) => {
        reveals = [...new Set(options.revealsFor(captured))].sort();
        return reveals;
      },
      keepDroppedFor: () => new Set([...(options.droppedRules?.keptFor(pageRules!.shownUrl) ?? []), ...(pageRules!.dropped ?? [])]),
    },
  );
  const { result } = masked;
  options.droppedRules?.record(pageRules!.shownUrl, result.droppedRules);
  return {
    id: options.id,
    url: masked.page.url ?? "",
    shownUrl: pageRules!.shownUrl,
    app: pageRules!.app,
    page: masked.page,
    rows: result.rows,
    mask: result.mask,
    width: result.screen.width,
    height: result.screen.height,
    screenshot: masked.screenshot,
    masked: masked.png,
    hash: await screenHash(masked.png),
    reveals,
    focus: focusOf(masked.page, result.mask),
  };
}

/**
 * Whether keyboard input would land on something the planner can see (the focus rule:
 * docs/design/guarded-agent.md, "Time of use"): `masked` when the focused element's box touches F;
 * `unknown` when nothing but the document has focus or the focused element is not laid out.
 */
function focusOf(page: CapturedPage, mask: readonly Rect[]): GuardedScreen["focus"] {
  const focused = page.nodes.find((node) => node.id === page.focusedNodeId);
  if (focused === undefined || focused.parentId === null || focused.role === "document_web" || focused.box === null) return "unknown";
  // The pixels wholly inside the element: its edge pixels are shared with whatever borders it, which may be masked.
  const box = snapInward(focused.box);
  return mask.some((rect) => intersectRects(rect, box) !== null) ? "masked" : "visible";
}
