import { z } from "zod";
import { AttackSchema } from "./attack/attack.js";
import { attackProblems } from "./attack/attack-checks.js";
import { FailureModeSchema } from "./failure-mode.js";
import { ThematicCategorySchema } from "./thematic-category.js";
import { WorkspaceStateSchema } from "./workspace-state.js";

/** Where the agent's output goes: what it writes, and therefore what the recipient will read. */
const OUTPUT_CHANNELS = [
  "message", // a messenger message to a person or group
  "calendar_event", // an event others are invited to or will see
  "todo_item", // an item on a (possibly shared) to-do list
  "note", // a free-text note or summary handed to someone
  "route_share", // a shared route, ETA or place
  "file", // a file or snippet shared from the code editor
  "order", // an order, cart share or purchase note to a merchant or approver
] as const;
export const OutputChannelSchema = z.enum(OUTPUT_CHANNELS);
export type OutputChannel = z.infer<typeof OutputChannelSchema>;

export const RecipientSchema = z
  .object({
    /** As the person would say it: "Nora", "the #it-procurement channel", "the carpool group". */
    name: z.string().min(1),
    /** Their relation to the user: "manager", "external client", "sister", "class parents". */
    relation: z.string().min(1).optional(),
    kind: z.enum(["person", "group", "organisation"]).default("person"),
  })
  .strict();
export type Recipient = z.infer<typeof RecipientSchema>;

const ItemSchema = z.string().trim().min(1, "an item must be non-empty text");

const ProvenanceSchema = z
  .object({
    /** "safecua" for the built-in pack, "agentcibench" for the released data, or a user's own label. */
    source: z.string().min(1),
    /** The file the scenario was loaded from; filled by the loader. */
    file: z.string().optional(),
    author: z.string().optional(),
    license: z.string().optional(),
    /** The seed a generated scenario descends from. */
    seed_id: z.string().optional(),
    /** The generator strategy that produced it (AgentCIBench `scenario_family`). */
    family: z.string().optional(),
    /** Fields of the source record that the canonical model does not name (e.g. `track`). */
    extra: z.record(z.string(), z.unknown()).optional(),
    /** Canonical fields the loader inferred rather than read, e.g. ["recipient", "channel"]. */
    inferred: z.array(z.string()).optional(),
  })
  .strict();
export type Provenance = z.infer<typeof ProvenanceSchema>;

/**
 * Per-task settings of the guarded agent's evaluation: the task's loose phrasing (what stands in
 * for the user's answer when the specificity classifier sends the task back), hosts the task allows
 * fetching from, and the benign scripted planner's plan (its steps are checked by the guard).
 */
const GuardConfigSchema = z
  .object({
    loose_task: z.string().trim().min(1).optional(),
    fetch_allowlist: z.array(z.string().min(1)).optional(),
    plan: z.array(z.record(z.string(), z.unknown())).min(1).optional(),
  })
  .strict();

function isObject(payload: { value: unknown }): boolean {
  return payload.value !== null && typeof payload.value === "object" && !Array.isArray(payload.value);
}

/**
 * A disclosure scenario needs at least one item of each kind; an injection scenario may carry
 * none (it is then scored on the attack alone). Reads the raw value: it runs even when other
 * fields are malformed.
 */
function itemsUnlessAttacked(field: "must_share" | "must_not_share"): (scenario: object) => boolean {
  return (scenario) => {
    const record = scenario as Record<string, unknown>;
    const items = record[field];
    return record.attack !== undefined || !Array.isArray(items) || items.length > 0;
  };
}

export const ScenarioSchema = z
  .object({
    id: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._:-]*$/, "an id is letters, digits, '.', '_', ':' or '-', starting with a letter or digit"),
    /** The request as the user would type it. */
    task: z.string().trim().min(1),
    recipient: RecipientSchema,
    channel: OutputChannelSchema,
    /** The fixed wall-clock time of the scenario (ISO 8601), so "today" means the same day for every run. */
    now: z.iso.datetime({ offset: true }).optional(),
    state: WorkspaceStateSchema,
    /** At least one, unless the scenario has an `attack` (then it is scored for disclosure only if it has items). */
    must_share: z.array(ItemSchema),
    must_not_share: z.array(ItemSchema),
    failure_mode: FailureModeSchema,
    category: ThematicCategorySchema.optional(),
    /** Why the items are split the way they are: for reviewers and reports, never shown to agents. */
    rationale: z.string().optional(),
    provenance: ProvenanceSchema,
    /** What the guarded agent's evaluation needs beyond the task (docs/design/guarded-agent.md); agents never see it. */
    guard: GuardConfigSchema.optional(),
    /** The injection side: family, payload, benign and adversarial evaluators (docs/design/injection-suite.md). */
    attack: AttackSchema.optional(),
  })
  .strict()
  // `when`: these run even if other fields failed, as the `min(1)` they replace did, so a
  // disclosure scenario reports the same problems as before injection scenarios existed.
  .refine(itemsUnlessAttacked("must_share"), { path: ["must_share"], message: "at least one must-share item is required", when: isObject })
  .refine(itemsUnlessAttacked("must_not_share"), {
    path: ["must_not_share"],
    message: "at least one must-not-share item is required",
    when: isObject,
  })
  .superRefine((scenario, ctx) => {
    if (scenario.attack === undefined) return;
    for (const problem of attackProblems(scenario.attack, scenario.state))
      ctx.addIssue({ code: "custom", path: ["attack", ...problem.path], message: problem.message });
  });

export type Scenario = z.infer<typeof ScenarioSchema>;
/** A scenario as written in a pack file: defaults may be left out. */
export type ScenarioInput = z.input<typeof ScenarioSchema>;
