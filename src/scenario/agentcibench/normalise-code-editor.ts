import type { z } from "zod";
import type { CodeEditorAppSchema, CodeFileSchema } from "../apps/code-editor-app.js";
import type { Path, ProblemSink } from "./problems.js";
import { buildExtra, FieldReader, mapElements, type RawObject, stringElements, unrecognisedExtra, withExtra } from "./raw-fields.js";

type CodeEditorAppInput = z.input<typeof CodeEditorAppSchema>;
type CodeFileInput = z.input<typeof CodeFileSchema>;

/**
 * `open_code_editor` → the canonical code editor. Two layouts occur, sometimes together:
 * - a single open file `{filename, content, active_file}`;
 * - `files` (plain paths, or `{path|name|filename, content}`) with `open_tabs`.
 *
 * The single file becomes a file with content. When `files` already lists that path without
 * content, the content is attached to the listed entry instead of repeating the file, and the
 * source's `filename` value is kept in that entry's `extra.filename` (so the merge loses nothing).
 * Otherwise it is put first in `files`. Tabs are kept verbatim, Python-repr dict strings included.
 */
export function normaliseCodeEditor(raw: RawObject, path: Path, problems: ProblemSink): CodeEditorAppInput {
  const reader = new FieldReader(raw);
  const app: CodeEditorAppInput = {};
  const extras: Array<RawObject | undefined> = [];

  const list = reader.list("files");
  reader.warnUntaken(["files"], "a list of files", path, problems);
  const files: CodeFileInput[] = [];
  if (list) {
    const { entries, unrecognised } = mapElements(
      list.value,
      [...path, "files"],
      problems,
      (filePath) => ({ path: filePath }),
      (file, filePath) => normaliseFile(file, filePath, problems),
    );
    files.push(...entries);
    extras.push(unrecognisedExtra("files", unrecognised));
  }

  const tabs = reader.list("open_tabs");
  reader.warnUntaken(["open_tabs"], "a list of tab labels", path, problems);
  if (tabs) {
    const { strings, unrecognised } = stringElements(tabs.value, [...path, "open_tabs"], problems);
    app.open_tabs = strings;
    extras.push(unrecognisedExtra("open_tabs", unrecognised));
  }

  const activeFile = reader.text("active_file");
  if (activeFile !== undefined) app.active_file = activeFile;

  // The single-file layout. `content` without a `filename` is not attached to any path (that
  // would be a guess); it stays in the app's extra.
  const filename = reader.text("filename");
  if (filename !== undefined) {
    const content = reader.text("content");
    const listed = files.findIndex((file) => file.path === filename && file.content === undefined);
    const existing = files[listed];
    if (existing) {
      const merged: CodeFileInput = { ...existing, extra: { ...existing.extra, filename } };
      if (content !== undefined) merged.content = content;
      files[listed] = merged;
    } else {
      files.unshift(content === undefined ? { path: filename } : { path: filename, content });
    }
  }

  if (list || files.length > 0) app.files = files;
  return withExtra(app, buildExtra(reader.rest(), ...extras));
}

function normaliseFile(raw: RawObject, path: Path, problems: ProblemSink): CodeFileInput {
  const reader = new FieldReader(raw);
  const filePath = reader.text("path", "filename", "name");
  if (filePath === undefined) problems.warn(path, "a file without a path, filename or name; shown with an empty path");
  const file: CodeFileInput = { path: filePath ?? "" };
  const content = reader.text("content");
  if (content !== undefined) file.content = content;
  return withExtra(file, reader.rest());
}
