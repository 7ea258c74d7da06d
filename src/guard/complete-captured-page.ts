import { CAPTURE_LIMITS, type CapturedPage } from "./captured-page.js";
import { NORMALISED_ROLES } from "./roles.js";

/**
 * The cheap half of `validateCapture`: true only when `value` is a capture that
 * `CapturedPageSchema` would accept *unchanged* — every field present (no default to fill), no
 * unknown key, every constraint and every tree invariant of the schema's refinement met. Anything
 * else, including a capture that is merely incomplete, answers false and goes through the schema,
 * which fills the defaults or names what is wrong. So this check may refuse what the schema
 * accepts, never the reverse (the property test in test/guard/complete-captured-page.test.ts).
 *
 * Why it exists: a capture from `capturePage` is always complete, and at 2,000 nodes the schema
 * spent about a tenth of our CPU per capture copying it; this walk allocates one map and one set.
 */
export function isCompleteCapturedPage(value: unknown): value is CapturedPage {
  if (!isPlain(value) || !hasExactly(value, PAGE_KEYS)) return false;
  const page = value as Record<string, unknown>;
  if (!isNullableString(page.url) || typeof page.title !== "string") return false;
  const viewport = page.viewport;
  if (!isPlain(viewport) || !hasExactly(viewport, VIEWPORT_KEYS)) return false;
  const { width, height } = viewport as Record<string, unknown>;
  if (!isSafeInt(width) || width <= 0 || !isSafeInt(height) || height <= 0) return false;
  if (!isFiniteNumber(page.devicePixelRatio) || page.devicePixelRatio <= 0) return false;
  if (!isNullableNonEmpty(page.focusedNodeId)) return false;
  if (!Array.isArray(page.frames) || !Array.isArray(page.limitsHit) || !Array.isArray(page.nodes)) return false;
  for (const frame of page.frames as unknown[]) {
    if (!isPlain(frame) || !hasExactly(frame, FRAME_KEYS)) return false;
    const { frameId, parentFrameId, url } = frame as Record<string, unknown>;
    if (!isNonEmpty(frameId) || !isNullableNonEmpty(parentFrameId) || !isNullableString(url)) return false;
  }
  for (const limit of page.limitsHit as unknown[]) if (!LIMITS.has(limit)) return false;
  const alignment = page.alignment;
  if (!isPlain(alignment) || !hasExactly(alignment, ALIGNMENT_KEYS)) return false;
  const { ok, sampled, maxDeviationPx } = alignment as Record<string, unknown>;
  if (typeof ok !== "boolean" || !isSafeInt(sampled) || sampled < 0) return false;
  if (maxDeviationPx !== null && (!isFiniteNumber(maxDeviationPx) || maxDeviationPx < 0)) return false;

  const nodes = page.nodes as unknown[];
  const indexById = new Map<string, number>();
  let rootIndex = -1;
  for (let index = 0; index < nodes.length; index++) {
    const node = nodes[index];
    if (!isPlain(node) || !hasExactly(node, NODE_KEYS) || !isNodeShape(node as Record<string, unknown>)) return false;
    const { id, parentId } = node as { id: string; parentId: string | null };
    if (indexById.has(id)) return false;
    indexById.set(id, index);
    if (parentId === null) {
      if (rootIndex !== -1) return false;
      rootIndex = index;
    }
  }
  if (rootIndex === -1) return false;
  if (page.focusedNodeId !== null && !indexById.has(page.focusedNodeId as string)) return false;
  // Children, in `nodes` order, must equal each parent's `childIds` exactly (the schema also takes
  // another order; that rarer case is left to it). Counting them per parent and checking each
  // child's position in its parent's list proves the lists equal without building them.
  // Children seen so far per parent, by the parent's position (ids are unique by now).
  const seenChildren = new Uint32Array(nodes.length);
  for (let index = 0; index < nodes.length; index++) {
    const { id, parentId } = nodes[index] as { id: string; parentId: string | null };
    if (parentId === null) continue;
    const parentIndex = indexById.get(parentId);
    if (parentIndex === undefined) return false;
    const listed = (nodes[parentIndex] as { childIds: string[] }).childIds;
    const position = seenChildren[parentIndex]!;
    // An empty list means "in the order of `nodes`": nothing to compare.
    if (listed.length > 0 && listed[position] !== id) return false;
    seenChildren[parentIndex] = position + 1;
  }
  for (let index = 0; index < nodes.length; index++) {
    const { childIds } = nodes[index] as { childIds: string[] };
    if (childIds.length > 0 && childIds.length !== seenChildren[index]) return false;
  }
  // Reachability: a node is reached when its parent chain ends at the root. Each chain is walked
  // once; a chain that meets itself again is a cycle.
  const state = new Uint8Array(nodes.length); // 0 unknown, 1 on the current walk, 2 reaches the root
  state[rootIndex] = 2;
  const walk: number[] = [];
  for (let start = 0; start < nodes.length; start++) {
    let index = start;
    while (state[index] === 0) {
      state[index] = 1;
      walk.push(index);
      index = indexById.get((nodes[index] as { parentId: string }).parentId)!;
    }
    if (state[index] === 1) return false;
    for (const visited of walk) state[visited] = 2;
    walk.length = 0;
  }
  return true;
}

const PAGE_KEYS = ["url", "title", "viewport", "devicePixelRatio", "focusedNodeId", "frames", "limitsHit", "alignment", "nodes"];
const VIEWPORT_KEYS = ["width", "height"];
const FRAME_KEYS = ["frameId", "parentFrameId", "url"];
const ALIGNMENT_KEYS = ["ok", "sampled", "maxDeviationPx"];
const NODE_KEYS = [
  "id",
  "backendNodeId",
  "parentId",
  "childIds",
  "role",
  "rawRole",
  "name",
  "text",
  "tag",
  "domId",
  "classes",
  "href",
  "box",
  "paintOrder",
  "offscreen",
  "layoutParentId",
  "idShared",
  "frameId",
  "opaque",
  "truncated",
  "ignored",
];
const ROLES = new Set<unknown>(NORMALISED_ROLES);
const LIMITS = new Set<unknown>(CAPTURE_LIMITS);

function isNodeShape(node: Record<string, unknown>): boolean {
  return (
    isNonEmpty(node.id) &&
    (node.backendNodeId === null || isSafeInt(node.backendNodeId)) &&
    isNullableNonEmpty(node.parentId) &&
    isNonEmptyStrings(node.childIds) &&
    ROLES.has(node.role) &&
    isNonEmpty(node.rawRole) &&
    typeof node.name === "string" &&
    typeof node.text === "string" &&
    isNullableString(node.tag) &&
    isNullableString(node.domId) &&
    isStrings(node.classes) &&
    isNullableString(node.href) &&
    isNullableBox(node.box) &&
    (node.paintOrder === null || isSafeInt(node.paintOrder)) &&
    typeof node.offscreen === "boolean" &&
    isNullableNonEmpty(node.layoutParentId) &&
    typeof node.idShared === "boolean" &&
    isNonEmpty(node.frameId) &&
    typeof node.opaque === "boolean" &&
    typeof node.truncated === "boolean" &&
    typeof node.ignored === "boolean"
  );
}

/** An ordinary object: an array or a class instance is left to the schema. */
function isPlain(value: unknown): value is object {
  if (typeof value !== "object" || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Every key present (not `undefined`, which the schema would default) and no other enumerable key. */
function hasExactly(value: object, keys: readonly string[]): boolean {
  const record = value as Record<string, unknown>;
  for (const key of keys) if (record[key] === undefined || !Object.hasOwn(record, key)) return false;
  let count = 0;
  for (const _ in record) count++;
  return count === keys.length;
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

function isSafeInt(value: unknown): value is number {
  return Number.isSafeInteger(value);
}

function isNonEmpty(value: unknown): value is string {
  return typeof value === "string" && value.length > 0;
}

function isNullableString(value: unknown): boolean {
  return value === null || typeof value === "string";
}

function isNullableNonEmpty(value: unknown): boolean {
  return value === null || isNonEmpty(value);
}

function isStrings(value: unknown): boolean {
  if (!Array.isArray(value) || !isPlainArray(value)) return false;
  for (let i = 0; i < value.length; i++) if (typeof value[i] !== "string") return false;
  return true;
}

function isNonEmptyStrings(value: unknown): boolean {
  if (!Array.isArray(value) || !isPlainArray(value)) return false;
  for (let i = 0; i < value.length; i++) if (!isNonEmpty(value[i])) return false;
  return true;
}

function isNullableBox(value: unknown): boolean {
  if (value === null) return true;
  if (!Array.isArray(value) || value.length !== 4 || !isPlainArray(value)) return false;
  return (
    isFiniteNumber(value[0]) &&
    isFiniteNumber(value[1]) &&
    isFiniteNumber(value[2]) &&
    value[2] >= 0 &&
    isFiniteNumber(value[3]) &&
    value[3] >= 0
  );
}

/** No extra enumerable keys on an array (the schema's tuples and arrays copy elements only). */
function isPlainArray(value: unknown[]): boolean {
  return Object.getPrototypeOf(value) === Array.prototype;
}
