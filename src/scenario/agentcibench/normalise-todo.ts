import type { z } from "zod";
import type { TodoAppSchema, TodoItemSchema } from "../apps/todo-app.js";
import type { Path, ProblemSink } from "./problems.js";
import { buildExtra, FieldReader, mapElements, type RawObject, unrecognisedExtra, withExtra } from "./raw-fields.js";

type TodoAppInput = z.input<typeof TodoAppSchema>;
type TodoItemInput = z.input<typeof TodoItemSchema>;

/**
 * The list keys of `open_todo`, in order of preference. Released files use `items` or `todo`; one
 * file also has a stray `todos` list beside `todo`. Only the first list present becomes the items;
 * a second one stays in the app's `extra` as it was written (it is a different list, and merging
 * would hide that).
 */
const LIST_KEYS = ["items", "todo", "todos"];

/** Status words that mean the item is done (the `{title, status}` variant). */
const DONE_STATUSES = new Set(["done", "completed", "complete"]);

/**
 * `open_todo` → the canonical to-do app. Items are plain strings, `{content}`, `{text, done}` or
 * `{title, status}`; stray scalar keys (`state`, `status`, `task`) and anything unknown go to `extra`.
 */
export function normaliseTodo(raw: RawObject, path: Path, problems: ProblemSink): TodoAppInput {
  const reader = new FieldReader(raw);
  const list = reader.list(...LIST_KEYS);
  reader.warnUntaken(list ? [] : LIST_KEYS, "a list of to-do items", path, problems);
  const { entries, unrecognised } = list
    ? mapElements(
        list.value,
        [...path, list.key],
        problems,
        (text) => ({ text }),
        (item, itemPath) => todoItem(item, itemPath, problems),
      )
    : { entries: [], unrecognised: [] };
  return withExtra({ items: entries }, buildExtra(reader.rest(), list && unrecognisedExtra(list.key, unrecognised)));
}

function todoItem(raw: RawObject, path: Path, problems: ProblemSink): TodoItemInput {
  const reader = new FieldReader(raw);
  const text = reader.text("text", "title", "content", "task", "name");
  if (text === undefined) problems.warn(path, "a to-do item without a text, title or content field; shown with empty text");
  const status = reader.text("status");
  let done = reader.bool("done", "completed", "checked");
  if (done === undefined && status !== undefined) done = DONE_STATUSES.has(status.trim().toLowerCase());
  const item: TodoItemInput = { text: text ?? "" };
  if (done !== undefined) item.done = done;
  if (status !== undefined) item.status = status;
  const due = reader.text("due", "due_date");
  if (due !== undefined) item.due = due;
  const list = reader.text("list");
  if (list !== undefined) item.list = list;
  const notes = reader.text("notes", "note");
  if (notes !== undefined) item.notes = notes;
  return withExtra(item, reader.rest());
}
