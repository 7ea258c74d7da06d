import { z } from "zod";

const EvidenceSchema = z.object({
  item: z.string(),
  candidate: z.union([z.number(), z.literal("joined")]),
  rule: z.enum(["containment", "coverage", "similarity"]),
  text: z.string(),
  span: z.tuple([z.number(), z.number()]).optional(),
});

/** A `Score` (scoring/) as a record stores it; the scorer's type and this schema must agree (records.test.ts). */
export const ScoreRecordSchema = z.object({
  matcher: z.enum(["strict", "agentcibench"]),
  utility: z.union([z.literal(0), z.literal(1)]),
  matched_required: z.array(z.string()),
  missing_required: z.array(z.string()),
  leaked_items: z.array(z.string()),
  ci_violation: z.union([z.literal(1), z.literal(4), z.literal(5)]),
  reward: z.number(),
  evidence: z.object({ required: z.array(EvidenceSchema), leaks: z.array(EvidenceSchema) }),
});
export type ScoreRecord = z.infer<typeof ScoreRecordSchema>;
