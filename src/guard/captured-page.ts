/**
 * One capture of a page, as the capture layer (src/guard/capture/, CDP) delivers it to the pure
 * guard (rows, rules, verdicts, mask). Plain JSON data so fixtures can be written by hand; the
 * capture engineer may propose changes to this shape via the lead (it is the contract between the
 * two halves of the guard; docs/design/guard.md, "Capture").
 *
 * Conventions the capture side must keep:
 * - Boxes are `[x, y, w, h]` in *screenshot pixels* (document coordinates minus scroll, plus the
 *   iframe offset, times DPR), `null` when the node is not laid out. Off-screen boxes keep their
 *   coordinates and set `offscreen`.
 * - The tree is the accessibility tree *after* `aria-owns` reparenting (`parentId` is the AX
 *   parent, not the DOM parent; `layoutParentId` gives the layout parent where they differ). Ignored AX nodes are kept (they take part in ancestor matching
 *   and, when drawn, in overlap checks) with `ignored: true`.
 * - Exactly one root: the main frame's `RootWebArea`. A child frame's document is attached under
 *   its iframe node. A frame whose tree could not be read is delivered as its iframe node with
 *   `opaque: true` (nodes inside such a frame, if any, also carry `opaque: true`).
 * - A node whose children were cut by a capture limit has `truncated: true`; `limitsHit` says
 *   which limits were reached.
 * - `alignment.ok` is false when the sampled `DOM.getContentQuads` boxes disagree with the
 *   converted snapshot geometry; the guard then refuses to build a mask
 *   (docs/design/guard.md, "Capture").
 */
import { z } from "zod";
import { NormalisedRoleSchema } from "./roles.js";

// Zod 4's `z.number()` already refuses NaN and ±Infinity ("expected number, received Infinity"); a
// refine on top ran once per coordinate of every node and was a tenth of the validation's time.
const finite = z.number();
const size = z.number().nonnegative();

/** `[x, y, width, height]` in screenshot pixels. */
const BoxSchema = z.tuple([finite, finite, size, size]);
export type Box = z.infer<typeof BoxSchema>;

export const CapturedNodeSchema = z
  .object({
    /** Unique within the capture (e.g. `<frameId>:<AX nodeId>`); rows and the mask refer to it. */
    id: z.string().min(1),
    /** `backendDOMNodeId`, for matching `DOM.getNodeForLocation` at time of use; null if none. */
    backendNodeId: z.number().int().nullable().default(null),
    /** The AX parent after `aria-owns` reparenting; null only for the main document root. */
    parentId: z.string().min(1).nullable(),
    /** Child order. Empty means "in the order the children appear in `nodes`". */
    childIds: z.array(z.string().min(1)).default([]),
    /** Normalised role (docs/design/guard.md, "Capture"), e.g. from `normaliseRole(rawRole)`. */
    role: NormalisedRoleSchema,
    /** The role as Chromium reports it (`StaticText`, `RootWebArea`, `navigation`, …). */
    rawRole: z.string().min(1),
    /** Accessible name. */
    name: z.string().default(""),
    /** Text content or value shown (for controls, the value). */
    text: z.string().default(""),
    /** Lower-case DOM tag (`div`, `#text`, `iframe`); null when the AX node has no DOM node. */
    tag: z.string().nullable().default(null),
    domId: z.string().nullable().default(null),
    /** Class tokens in attribute order. */
    classes: z.array(z.string()).default([]),
    /** Link target as the DOM has it (absolute URL preferred). */
    href: z.string().nullable().default(null),
    box: BoxSchema.nullable(),
    /** DOMSnapshot paint order (higher paints later); null when unknown. */
    paintOrder: z.number().int().nullable().default(null),
    offscreen: z.boolean().default(false),
    /**
     * The node's parent in the layout (DOM, flat tree) when `aria-owns` made another node its
     * accessibility parent (`parentId`); null when they agree. Rules and containment follow the
     * layout: an owner can neither lend its ancestors to content nor take a row from its own.
     */
    layoutParentId: z.string().min(1).nullable().default(null),
    /** More than one element of the node's document carries its `domId`: an `id` rule step cannot name it. */
    idShared: z.boolean().default(false),
    frameId: z.string().min(1).default("main"),
    /** Inside (or the iframe of) a frame whose tree could not be read. */
    opaque: z.boolean().default(false),
    /** Children were cut by a capture limit. */
    truncated: z.boolean().default(false),
    /** AX `ignored` (e.g. aria-hidden); kept for ancestor matching, never a row. */
    ignored: z.boolean().default(false),
  })
  .strict();
export type CapturedNode = z.infer<typeof CapturedNodeSchema>;
export type CapturedNodeInput = z.input<typeof CapturedNodeSchema>;

const CapturedFrameSchema = z
  .object({
    frameId: z.string().min(1),
    parentFrameId: z.string().min(1).nullable().default(null),
    /** Frame URL; null or "" when the frame has none (masked whole). */
    url: z.string().nullable(),
  })
  .strict();
export type CapturedFrame = z.infer<typeof CapturedFrameSchema>;

export const CAPTURE_LIMITS = ["depth", "width", "nodes"] as const;
export type CaptureLimit = (typeof CAPTURE_LIMITS)[number];

export const CapturedPageSchema = z
  .object({
    /** Main frame URL as the address bar shows it; null when the browser root has none. */
    url: z.string().nullable(),
    /**
     * `document.title` — page-controlled, never trusted by itself
     * (docs/design/guard.md, "Verdict order").
     */
    title: z.string().default(""),
    /** CSS pixels; the screenshot is `viewport × devicePixelRatio`. */
    viewport: z.object({ width: z.number().int().positive(), height: z.number().int().positive() }).strict(),
    devicePixelRatio: z.number().positive().default(1),
    focusedNodeId: z.string().min(1).nullable().default(null),
    frames: z.array(CapturedFrameSchema).default([]),
    limitsHit: z.array(z.enum(CAPTURE_LIMITS)).default([]),
    alignment: z
      .object({
        ok: z.boolean(),
        /** Boxes cross-checked with `DOM.getContentQuads`. */
        sampled: z.number().int().nonnegative().default(0),
        /** Largest disagreement seen, in screenshot pixels; null when nothing was sampled. */
        maxDeviationPx: z.number().nonnegative().nullable().default(null),
      })
      .strict(),
    nodes: z.array(CapturedNodeSchema),
  })
  .strict()
  .superRefine((page, ctx) => {
    const byId = new Map<string, number>();
    page.nodes.forEach((node, index) => {
      if (byId.has(node.id)) ctx.addIssue({ code: "custom", path: ["nodes", index, "id"], message: `duplicate node id "${node.id}"` });
      else byId.set(node.id, index);
    });
    const roots: number[] = [];
    const childrenOf = new Map<string, string[]>();
    page.nodes.forEach((node, index) => {
      if (node.parentId === null) {
        roots.push(index);
        return;
      }
      if (!byId.has(node.parentId)) {
        ctx.addIssue({ code: "custom", path: ["nodes", index, "parentId"], message: `parent "${node.parentId}" is not in the capture` });
        return;
      }
      const list = childrenOf.get(node.parentId) ?? [];
      list.push(node.id);
      childrenOf.set(node.parentId, list);
    });
    if (roots.length !== 1) {
      ctx.addIssue({ code: "custom", path: ["nodes"], message: `expected exactly one root node (parentId null), found ${roots.length}` });
    }
    page.nodes.forEach((node, index) => {
      if (node.childIds.length === 0) return;
      const inOrder = childrenOf.get(node.id) ?? [];
      // The capture lists children in the order of `nodes`: equal as they stand, no sort needed.
      if (inOrder.length === node.childIds.length && inOrder.every((id, i) => id === node.childIds[i])) return;
      const actual = [...inOrder].sort();
      const listed = [...node.childIds].sort();
      if (actual.length !== listed.length || actual.some((id, i) => id !== listed[i])) {
        ctx.addIssue({
          code: "custom",
          path: ["nodes", index, "childIds"],
          message: `childIds [${node.childIds.join(", ")}] disagree with the nodes whose parentId is "${node.id}" [${actual.join(", ")}]`,
        });
      }
    });
    // Every node must hang under the single root; anything else is a cycle.
    const rootIndex = roots[0];
    if (roots.length === 1 && rootIndex !== undefined) {
      const seen = new Set<string>();
      const stack = [page.nodes[rootIndex]!.id];
      while (stack.length > 0) {
        const id = stack.pop()!;
        if (seen.has(id)) continue;
        seen.add(id);
        for (const child of childrenOf.get(id) ?? []) stack.push(child);
      }
      page.nodes.forEach((node, index) => {
        if (!seen.has(node.id) && byId.get(node.id) === index) {
          ctx.addIssue({
            code: "custom",
            path: ["nodes", index, "parentId"],
            message: `node "${node.id}" is not reachable from the root (cycle)`,
          });
        }
      });
    }
    if (page.focusedNodeId !== null && !byId.has(page.focusedNodeId)) {
      ctx.addIssue({ code: "custom", path: ["focusedNodeId"], message: `focused node "${page.focusedNodeId}" is not in the capture` });
    }
  });

export type CapturedPage = z.infer<typeof CapturedPageSchema>;
export type CapturedPageInput = z.input<typeof CapturedPageSchema>;

/** The screenshot size in pixels that every box of this capture refers to. */
export function screenshotSize(page: Pick<CapturedPage, "viewport" | "devicePixelRatio">): { width: number; height: number } {
  return {
    width: Math.round(page.viewport.width * page.devicePixelRatio),
    height: Math.round(page.viewport.height * page.devicePixelRatio),
  };
}
