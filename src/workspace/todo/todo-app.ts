import { countOf } from "../../core/index.js";
import { TodoItemSchema } from "../../scenario/index.js";
import type { WorkspaceAppDefinition } from "../app-definition.js";
import type { ArtifactKind } from "../artifacts/artifact.js";
import { todoText } from "../artifacts/entity-text.js";
import { entryField } from "../artifacts/entry-fields.js";

const KINDS: Readonly<Record<string, ArtifactKind>> = {
  add_item: "todo_added",
  edit_item: "todo_edited",
  complete_item: "todo_completed",
  reopen_item: "todo_reopened",
};

export const todoApp: WorkspaceAppDefinition<"todo"> = {
  name: "todo",
  label: "To-do",
  routes: async () => (await import("./todo-routes.js")).registerTodoRoutes,
  summary: (todo) => countOf(todo.items.length, "item"),
  artifactOf(entry) {
    const kind = Object.hasOwn(KINDS, entry.operation) ? KINDS[entry.operation] : undefined;
    if (kind === undefined) return undefined;
    const item = entryField(TodoItemSchema, entry.after, entry);
    const list = item.list !== undefined && item.list.trim() !== "" ? item.list : null;
    return { kind, channel: "todo_item", recipient: list, recipients: list ? [list] : [], text: todoText(item) };
  },
};
