import { z } from "zod";

/** Why something did not happen: a kind a program can count (`timeout`, `parse`, `judge_parse`, …) and a message for people. */
export const FailureSchema = z.object({ kind: z.string(), message: z.string() });
export type Failure = z.infer<typeof FailureSchema>;
