import { z } from "zod";

/** The optional header of a pack file; its fields become each scenario's default provenance. */
const PackHeaderSchema = z
  .object({
    name: z.string().min(1),
    description: z.string().optional(),
    version: z.string().optional(),
    license: z.string().optional(),
    author: z.string().optional(),
  })
  .strict();
export type PackHeader = z.infer<typeof PackHeaderSchema>;

/**
 * A pack file holds one scenario, a list of scenarios, or `{pack, scenarios}`. Scenarios are
 * validated one by one afterwards so that one bad scenario does not hide the others' problems.
 */
export const PackFileSchema = z
  .object({
    pack: PackHeaderSchema.optional(),
    scenarios: z.array(z.unknown()),
  })
  .strict();
