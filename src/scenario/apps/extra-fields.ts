import { z } from "zod";

/**
 * Fields a source format carried that the canonical model has no name for. Imported data keeps
 * them here instead of dropping them (an agent in the reference saw them, so ours must too);
 * the project's own packs rarely need it.
 */
export const ExtraFieldsSchema = z.record(z.string(), z.unknown()).optional();

/** A free-text field that may be absent. Empty strings are kept: the source said "". */
export const OptionalText = z.string().optional();

/** Prices and totals arrive as numbers or as display strings ("$24.99"); both are kept as given. */
export const PriceSchema = z.union([z.string(), z.number()]).optional();
