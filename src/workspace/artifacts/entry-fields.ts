import { z } from "zod";
import type { ChangeEntry } from "../store/change-entry.js";

/**
 * A field of a change-log entry read with its schema. A malformed entry is a bug of the app that
 * logged it, so it throws (naming the entry) rather than giving no artifact.
 */
export function entryField<T>(schema: z.ZodType<T>, value: unknown, entry: ChangeEntry): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new Error(
      `change log entry ${entry.seq} (${entry.app} ${entry.operation} ${entry.entity}) is malformed: ${z.prettifyError(result.error)}`,
    );
  }
  return result.data;
}

/** Whether a recipient is someone other than the workspace's owner ("me"). */
export function notMe(name: string): boolean {
  return name.trim().toLowerCase() !== "me";
}
