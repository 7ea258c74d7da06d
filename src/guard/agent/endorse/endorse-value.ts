import { z } from "zod";
import { addUsage, type ModelClient, NO_USAGE, type Usage } from "../../../models/index.js";
import { bylineProblem } from "../provenance/byline-route.js";
import { shapeProvenanceProblem } from "../provenance/shape-provenance.js";
import type { CallOf } from "../tools/tool-call.js";
import { namesAnotherValue, taskTermMatch, validateAnswer, valuesEqual } from "../values/index.js";
import type { Variable } from "../variables/variable.js";
import type { VariableStore } from "../variables/variable-store.js";
import { type Endorsement, endorsed, notEndorsed } from "./endorsement-outcome.js";

export const RecallAnswerSchema = z.object({ value: z.string(), abstain: z.boolean() }).strict();
export const RECALL_SCHEMA_NAME = "recall_answer";
export const RECALL_SYSTEM = [
  "You answer one question from your own knowledge only: you see no screen and no candidate answer.",
  'Reply with one JSON object: {"value": "…", "abstain": false}, or {"value": "", "abstain": true} when you do not know.',
].join("\n");

const TERM_REASONS: Record<string, string> = {
  too_short: "the value is too short to be matched as a term",
  stop_word: "the value is a common word",
  not_a_term: "the value is not a term of your request",
  not_comparable: "the value cannot be compared",
};

/**
 * What `shape` requires: `provenance` (ours: the type, and every row the value was read from is
 * trusted for the task, `shapeProvenanceProblem`), `any` (the paper's rule: the type alone; the
 * `shape-provenance` ablation) or `off` (refused for every type; the `endorsement-by-shape` ablation).
 */
export type ShapeRule = "provenance" | "any" | "off";

/**
 * `endorse` with `source` task, expected, shape or recall
 * (docs/design/guarded-agent.md, "Shape and provenance"), or byline (ours: the one author of what
 * was read, `bylineProblem`). The gate has already checked that the route may endorse the
 * variable's own type. Equality is the type's, after its normalisation; never containment.
 */
export async function endorseValue(
  call: CallOf<"endorse">,
  variable: Variable,
  store: VariableStore,
  context: {
    task: string;
    recall: ModelClient;
    seed?: number;
    signal?: AbortSignal;
    /** Default `provenance`. */
    shape?: ShapeRule;
    /** Identifiers the episode revealed by author (trusted when revealed). */
    revealedAuthors?: readonly string[];
  },
): Promise<Endorsement> {
  const name = `$${variable.name}`;
  switch (call.source) {
    case "task": {
      const match = taskTermMatch(context.task, variable.value, variable.type, variable.constraint);
      if (!match.ok) return notEndorsed("refused", "task", TERM_REASONS[match.reason] ?? match.reason);
      if (namesAnotherValue(context.task, variable.value, variable.type, variable.constraint)) {
        // The request does not single the value out: the page chose it (`namesAnotherValue`).
        const what = variable.type === "enum" ? "of the options" : variable.type.replace(/_/g, " ");
        return notEndorsed("refused", "task", `your request names more than one ${what}`);
      }
      return endorsed("task", name);
    }
    case "shape": {
      const rule = context.shape ?? "provenance";
      // The `endorsement-by-shape` ablation: the type alone no longer vouches for any value.
      if (rule === "off") return notEndorsed("refused", "shape", "endorsement by shape is switched off");
      // `any` is the paper's rule (the `shape-provenance` ablation): the type check alone.
      const problem =
        rule === "any"
          ? null
          : shapeProvenanceProblem(variable.provenance.sources, { task: context.task, revealedAuthors: context.revealedAuthors ?? [] });
      return problem === null ? endorsed("shape", name) : notEndorsed("refused", "shape", problem);
    }
    case "byline": {
      const problem = bylineProblem(variable.value, variable.type, variable.constraint, variable.provenance.sources);
      return problem === null ? endorsed("byline", name) : notEndorsed("refused", "byline", problem);
    }
    case "expected": {
      const candidates = call.expected.map((text) => store.substitute(text)).flatMap((result) => (result.ok ? [result.text] : []));
      const equal = candidates.some((candidate) => valuesEqual(variable.type, variable.value, candidate, variable.constraint));
      return equal ? endorsed("expected", name) : notEndorsed("diverged", "expected", "the value equals none of the expected values");
    }
    case "recall":
      return recall(call.question, variable, context);
  }
}

/** A model answers the question without the screen or the candidate; the answers must be equal. */
async function recall(
  question: string,
  variable: Variable,
  context: { recall: ModelClient; seed?: number; signal?: AbortSignal },
): Promise<Endorsement> {
  if (question.trim() === "") return notEndorsed("refused", "recall", "a recall needs a question");
  let usage: Usage = { ...NO_USAGE };
  const response = await context.recall.generate({
    system: RECALL_SYSTEM,
    messages: [{ role: "user", content: `Question: ${question}\nAnswer type: ${variable.type}.` }],
    temperature: 0,
    schema: RecallAnswerSchema,
    schemaName: RECALL_SCHEMA_NAME,
    ...(context.seed !== undefined && { seed: context.seed }),
    ...(context.signal && { signal: context.signal }),
  });
  usage = addUsage(usage, response.usage);
  const parsed = RecallAnswerSchema.safeParse(response.object);
  if (!parsed.success || parsed.data.abstain) return { ...notEndorsed("abstained", "recall", "the model did not know"), usage };
  const checked = validateAnswer(variable.type, variable.constraint, parsed.data.value);
  const equal = checked.ok && valuesEqual(variable.type, variable.value, checked.value, variable.constraint);
  return { ...(equal ? endorsed("recall", `$${variable.name}`) : notEndorsed("diverged", "recall", "the model's answer differs")), usage };
}
