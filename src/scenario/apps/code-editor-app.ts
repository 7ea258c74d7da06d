import { z } from "zod";
import { ExtraFieldsSchema, OptionalText } from "./extra-fields.js";

export const CodeFileSchema = z
  .object({
    path: z.string(),
    /** Absent when the source only listed the file name. */
    content: OptionalText,
    extra: ExtraFieldsSchema,
  })
  .strict();

export const CodeEditorAppSchema = z
  .object({
    files: z.array(CodeFileSchema).default([]),
    /** Tab labels in order, as shown; usually file paths. */
    open_tabs: z.array(z.string()).default([]),
    active_file: OptionalText,
    extra: ExtraFieldsSchema,
  })
  .strict();

export type CodeFile = z.infer<typeof CodeFileSchema>;
export type CodeEditorApp = z.infer<typeof CodeEditorAppSchema>;
