import { z } from "zod";
import { ExtraFieldsSchema, OptionalText } from "./extra-fields.js";

export const TodoItemSchema = z
  .object({
    text: z.string(),
    done: z.boolean().default(false),
    /** A status word as the source wrote it ("pending", "in progress"); `done` is the boolean truth. */
    status: OptionalText,
    due: OptionalText,
    list: OptionalText.describe("the list the item is on, e.g. 'Personal' or 'Work'"),
    notes: OptionalText,
    extra: ExtraFieldsSchema,
  })
  .strict();

export const TodoAppSchema = z
  .object({
    items: z.array(TodoItemSchema).default([]),
    extra: ExtraFieldsSchema,
  })
  .strict();

export type TodoItem = z.infer<typeof TodoItemSchema>;
export type TodoApp = z.infer<typeof TodoAppSchema>;
