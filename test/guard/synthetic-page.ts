// Builds hand-written captures for the guard tests: a nested spec becomes a flat CapturedPage.

import type { Box, CapturedNodeInput } from "../../src/guard/captured-page.js";
import type { CapturedPageInput, GuardResult } from "../../src/guard/index.js";
import { normaliseRole } from "../../src/guard/roles.js";

export interface NodeSpec {
  raw: string;
  key?: string;
  domId?: string;
  cls?: string;
  tag?: string | null;
  name?: string;
  text?: string;
  box?: Box | null;
  paint?: number | null;
  ignored?: boolean;
  opaque?: boolean;
  truncated?: boolean;
  offscreen?: boolean;
  href?: string;
  frameId?: string;
  /** The layout parent's key, when `aria-owns` made the spec's parent its accessibility parent. */
  layoutParent?: string;
  /** Another element of the document carries the same `domId`. */
  idShared?: boolean;
  kids?: NodeSpec[];
}

type Props = Omit<NodeSpec, "raw" | "kids">;

/** An element: raw Chromium role, properties, children. */
export function el(raw: string, props: Props = {}, kids: NodeSpec[] = []): NodeSpec {
  return { raw, ...props, kids };
}

/** A text run (StaticText of a #text node). */
export function txt(text: string, box: Box, props: Props = {}): NodeSpec {
  return { raw: "StaticText", tag: "#text", name: text, box, ...props };
}

export interface PageOptions {
  url?: string | null;
  title?: string;
  viewport?: { width: number; height: number };
  frames?: CapturedPageInput["frames"];
  alignmentOk?: boolean;
  limitsHit?: CapturedPageInput["limitsHit"];
}

const DEFAULT_TAGS: Record<string, string> = {
  RootWebArea: "#document",
  generic: "div",
  paragraph: "p",
  link: "a",
  button: "button",
  image: "img",
  heading: "h1",
  navigation: "nav",
  banner: "header",
  main: "main",
  contentinfo: "footer",
  list: "ul",
  listitem: "li",
  textbox: "input",
  Iframe: "iframe",
  article: "article",
  dialog: "div",
  region: "section",
};

export function makePage(root: NodeSpec, options: PageOptions = {}): CapturedPageInput {
  const nodes: CapturedNodeInput[] = [];
  let counter = 0;
  const visit = (spec: NodeSpec, parentId: string | null, frameId: string): string => {
    const id = spec.key ?? `n${counter++}`;
    const frame = spec.frameId ?? frameId;
    const node: CapturedNodeInput = {
      id,
      backendNodeId: nodes.length + 1,
      parentId,
      role: normaliseRole(spec.raw),
      rawRole: spec.raw,
      name: spec.name ?? "",
      text: spec.text ?? "",
      tag: spec.tag === undefined ? (DEFAULT_TAGS[spec.raw] ?? null) : spec.tag,
      domId: spec.domId ?? null,
      classes: spec.cls === undefined ? [] : spec.cls.split(/\s+/).filter((token) => token !== ""),
      href: spec.href ?? null,
      box: spec.box === undefined ? null : spec.box,
      paintOrder: spec.paint ?? null,
      offscreen: spec.offscreen ?? false,
      frameId: frame,
      opaque: spec.opaque ?? false,
      truncated: spec.truncated ?? false,
      ignored: spec.ignored ?? false,
      layoutParentId: spec.layoutParent ?? null,
      idShared: spec.idShared ?? false,
    };
    nodes.push(node);
    node.childIds = (spec.kids ?? []).map((kid) => visit(kid, id, frame));
    return id;
  };
  visit(root, null, "main");
  return {
    url: options.url === undefined ? "https://forum.example/f/general/42/how-to-comment-in-vim" : options.url,
    title: options.title ?? "",
    viewport: options.viewport ?? { width: 1280, height: 800 },
    devicePixelRatio: 1,
    frames: options.frames ?? [],
    limitsHit: options.limitsHit ?? [],
    alignment: { ok: options.alignmentOk ?? true, sampled: 4, maxDeviationPx: 0 },
    nodes,
  };
}

/** A document root covering the viewport. */
export function doc(kids: NodeSpec[], props: Props = {}): NodeSpec {
  return el("RootWebArea", { key: "root", box: [0, 0, 1280, 800], ...props }, kids);
}

/** Untrusted filler rows (tokens under four letters, so they echo nothing) keeping rules under the coverage cap. */
export function filler(count: number, top = 600): NodeSpec {
  return el(
    "generic",
    { key: "filler", cls: "filler-comments", box: [900, top, 300, count * 20] },
    Array.from({ length: count }, (_, i) => txt(`zz ${i}`, [900, top + i * 20, 40, 16], { key: `filler${i}` })),
  );
}

/** `{ nodeId: "verdict:source" }` for compact assertions. */
export function verdicts(result: GuardResult): Record<string, string> {
  return Object.fromEntries(result.rows.map((row) => [row.nodeId, `${row.verdict}:${row.source}`]));
}
