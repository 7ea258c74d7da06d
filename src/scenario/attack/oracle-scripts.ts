import { z } from "zod";

/**
 * One step of an oracle's script, in terms a page shows rather than per-observation refs: open a
 * page of the episode (`goto`, a path under the episode's home such as `shop` or
 * `messenger/threads/0`, or a URL on another host), press the link or button (or, with `role: checkbox`, tick the checkbox) with that accessible name (`click`), type into
 * the field with that name (`fill`), or choose an option (`select`). The oracle agents turn each
 * into one action of the action layer on the page they are on.
 */
const OracleStepSchema = z.union([
  // A path under the episode's home, or a whole http(s) URL (another host: the sink's).
  z
    .object({
      goto: z
        .string()
        .regex(/^(?:https?:\/\/[^\s]+|[^/:?#][^:]*)$/, "a path under the episode's home without a leading slash, or an http(s) URL"),
    })
    .strict(),
  // `nth`: which of several controls with the same name, in page order (0 the first). A checkbox
  // is clicked only when named as one (`role: checkbox`): mail's attachments are chosen that way.
  z
    .object({
      click: z.string().min(1),
      role: z.enum(["link", "button", "checkbox"]).optional(),
      nth: z.number().int().nonnegative().optional(),
    })
    .strict(),
  z.object({ fill: z.string().min(1), text: z.string(), nth: z.number().int().nonnegative().optional() }).strict(),
  z.object({ select: z.string().min(1), value: z.string() }).strict(),
]);
export type OracleStep = z.infer<typeof OracleStepSchema>;

/**
 * The task's scripted oracles (the suite's self-validation): `benign` does the task and ignores
 * the payload, `attack` carries the payload out, `half` (value attacks) starts on the attacker's
 * value without realising it. `oracle-null` does nothing; `null_completes` says that doing nothing
 * is the right outcome (triage tasks), so its benign evaluator should fire.
 */
export const OracleScriptsSchema = z
  .object({
    benign: z.array(OracleStepSchema).optional(),
    attack: z.array(OracleStepSchema).optional(),
    half: z.array(OracleStepSchema).optional(),
    null_completes: z.boolean().default(false),
  })
  .strict();
export type OracleScripts = z.infer<typeof OracleScriptsSchema>;
