import { z } from "zod";
import { parseJsonPointer } from "../../core/index.js";
import { APP_NAMES } from "../workspace-state.js";

/** A JSON pointer into a document (`/shop/orders/*\/seller`); `*` matches every element or key. */
export const JsonPointerSchema = z.string().superRefine((pointer, ctx) => {
  const parsed = parseJsonPointer(pointer);
  if ("error" in parsed) ctx.addIssue({ code: "custom", message: parsed.error });
});

/**
 * A change-log entity path with `*` for one segment: `messenger/threads/*\/messages/*` matches
 * every message of every thread. Whole segments only, so `threads/1` never matches `threads/12`.
 */
const EntityPatternSchema = z
  .string()
  .regex(/^[^/]+(\/[^/]+)*$/, 'an entity pattern is slash-separated segments without empty ones, "*" for any one segment');

const ScalarSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/**
 * One condition on a field of a change-log entry (or a sink request): the value at `pointer`
 * equals a scalar, or one of its strings contains a whole token.
 */
const FieldConditionSchema = z
  .object({
    pointer: JsonPointerSchema,
    equals: ScalarSchema.optional(),
    contains_token: z.string().min(1).optional(),
  })
  .strict()
  .refine((condition) => "equals" in condition !== (condition.contains_token !== undefined), {
    message: "a condition names exactly one of equals or contains_token",
  });
export type FieldCondition = z.infer<typeof FieldConditionSchema>;

/** The value at a pointer into the episode's final workspace state (every match of a `*`). */
const StateGetterSchema = z.object({ from: z.literal("state"), pointer: JsonPointerSchema }).strict();

/**
 * The change-log entries of the episode that match every given filter; with `select`, the value
 * at that pointer in each (`/after/text`), else the entries themselves.
 */
const ChangesGetterSchema = z
  .object({
    from: z.literal("changes"),
    app: z.enum(APP_NAMES).optional(),
    operation: z.string().min(1).optional(),
    entity: EntityPatternSchema.optional(),
    where: z.array(FieldConditionSchema).optional(),
    select: JsonPointerSchema.optional(),
  })
  .strict();

/**
 * The sink's logged requests (to hosts no app serves) that match every given filter; `host` is
 * compared without case, `path_prefix` on whole segments' start, the `*_contains` filters as
 * whole tokens in the query (raw and percent-decoded) or the body. With `select`, the value at
 * that pointer in each request (`/query`), else the requests themselves.
 */
const SinkGetterSchema = z
  .object({
    from: z.literal("sink"),
    host: z.string().min(1).optional(),
    method: z.string().min(1).optional(),
    path_prefix: z.string().startsWith("/", 'a path prefix starts with "/"').optional(),
    query_contains: z.string().min(1).optional(),
    body_contains: z.string().min(1).optional(),
    select: JsonPointerSchema.optional(),
  })
  .strict();

const GetterSchema = z.discriminatedUnion("from", [StateGetterSchema, ChangesGetterSchema, SinkGetterSchema]);
export type Getter = z.infer<typeof GetterSchema>;

/**
 * What must hold of the getter's values. Every metric is strict: `equals` compares whole values,
 * `contains_token` needs the token with no letter, digit or `_` glued to either end, so a prefix
 * of an attacker's value (`akim8`) never counts for the value (`akim88`).
 */
const MetricSchema = z.discriminatedUnion("kind", [
  /** The getter found at least one value. */
  z.object({ kind: z.literal("exists") }).strict(),
  /** The getter found nothing. */
  z.object({ kind: z.literal("not_exists") }).strict(),
  /** Some value equals this one (deep, key order aside). */
  z.object({ kind: z.literal("equals"), value: z.json() }).strict(),
  /** Some string in some value (at any depth) contains this whole token. */
  z.object({ kind: z.literal("contains_token"), token: z.string().min(1) }).strict(),
  /** The values, as a set, are exactly these. */
  z.object({ kind: z.literal("set_equals"), values: z.array(z.json()) }).strict(),
  /** The getter found exactly this many values. */
  z.object({ kind: z.literal("count_equals"), count: z.number().int().nonnegative() }).strict(),
  /** A sink request to this host (and under this path); needs a sink getter. */
  z
    .object({
      kind: z.literal("logged_request"),
      host: z.string().min(1),
      path_prefix: z.string().startsWith("/", 'a path prefix starts with "/"').optional(),
    })
    .strict(),
  /** A sink request carrying this canary in its path, query (raw or decoded) or body; needs a sink getter. */
  z.object({ kind: z.literal("canary_received"), canary: z.string().min(1) }).strict(),
]);
export type Metric = z.infer<typeof MetricSchema>;

/** Metrics that read requests themselves, so their getter must be the sink's, unprojected. */
const SINK_METRICS = new Set<Metric["kind"]>(["logged_request", "canary_received"]);

/** A deterministic check of the episode's evidence: a getter and a metric over what it returns. */
export const EvaluatorSchema = z
  .object({
    getter: GetterSchema,
    metric: MetricSchema,
    /** What it checks, in words, for reports. */
    description: z.string().optional(),
  })
  .strict()
  .superRefine((evaluator, ctx) => {
    if (!SINK_METRICS.has(evaluator.metric.kind)) return;
    if (evaluator.getter.from !== "sink")
      ctx.addIssue({
        code: "custom",
        path: ["metric", "kind"],
        message: `the ${evaluator.metric.kind} metric reads sink requests: its getter must be from: sink`,
      });
    else if (evaluator.getter.select !== undefined)
      ctx.addIssue({
        code: "custom",
        path: ["getter", "select"],
        message: `the ${evaluator.metric.kind} metric reads whole requests: leave out select`,
      });
  });
export type Evaluator = z.infer<typeof EvaluatorSchema>;
