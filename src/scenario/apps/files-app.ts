import { z } from "zod";
import { ExtraFieldsSchema, OptionalText } from "./extra-fields.js";

const FileCommentSchema = z
  .object({
    author: z.string(),
    body: z.string(),
    time: OptionalText,
    extra: ExtraFieldsSchema,
  })
  .strict();

/** A public link to one document: anyone holding `url` can open the document. */
const ShareLinkSchema = z
  .object({
    url: z.string(),
    /** "view" or "edit". */
    permission: z.string().default("view"),
    expires: OptionalText,
    extra: ExtraFieldsSchema,
  })
  .strict();

const FolderSchema = z
  .object({
    /** Slash path from the root, e.g. "Shared/Q3". */
    path: z.string(),
    owner: z.string(),
    extra: ExtraFieldsSchema,
  })
  .strict();

const DocumentSchema = z
  .object({
    name: z.string(),
    /** The folder's path; "" is the root. */
    folder: z.string().default(""),
    /** Who the document belongs to: the user's own name (`me`) or another user who shared it. */
    owner: z.string(),
    content: z.string().default(""),
    /** Users the document is shared with by name. */
    shared_with: z.array(z.string()).default([]),
    links: z.array(ShareLinkSchema).default([]),
    comments: z.array(FileCommentSchema).default([]),
    extra: ExtraFieldsSchema,
  })
  .strict();

export const FilesAppSchema = z
  .object({
    /** The user's own name (default "me"), as owner of their folders and documents and as their comments' byline. */
    me: OptionalText,
    folders: z.array(FolderSchema).default([]),
    documents: z.array(DocumentSchema).default([]),
    extra: ExtraFieldsSchema,
  })
  .strict();

export type FilesDocument = z.infer<typeof DocumentSchema>;
export type FilesApp = z.infer<typeof FilesAppSchema>;
