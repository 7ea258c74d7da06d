import type { TodoItem } from "../../scenario/index.js";
import type { WorkspaceStore } from "../store/workspace-store.js";

export interface TodoFields {
  text: string;
  list: string;
  due: string;
  notes: string;
  status: string;
  done: boolean;
}

const OPTIONAL = ["list", "due", "notes", "status"] as const;

function itemsOf(store: WorkspaceStore, episodeId: string): TodoItem[] {
  const items = store.episode(episodeId).state.todo?.items;
  if (!items) throw new Error("this workspace has no to-do app");
  return items;
}

/** Blank fields stay absent on an item that never had them; see calendar-operations. */
function applyFields(item: TodoItem, fields: TodoFields): void {
  item.text = fields.text;
  for (const key of OPTIONAL) {
    if (fields[key] === "" && item[key] === undefined) continue;
    item[key] = fields[key];
  }
  item.done = fields.done;
}

export function addItem(store: WorkspaceStore, episodeId: string, fields: Omit<TodoFields, "status" | "done">): number {
  const items = itemsOf(store, episodeId);
  const index = items.length;
  store.commit(episodeId, { app: "todo", operation: "add_item", entity: `todo/items/${index}` }, () => {
    const item: TodoItem = { text: fields.text, done: false };
    applyFields(item, { ...fields, status: "", done: false });
    items.push(item);
  });
  return index;
}

export function editItem(store: WorkspaceStore, episodeId: string, index: number, fields: TodoFields): void {
  const item = itemsOf(store, episodeId)[index];
  if (!item) throw new Error(`no to-do item ${index}`);
  store.commit(episodeId, { app: "todo", operation: "edit_item", entity: `todo/items/${index}` }, () => applyFields(item, fields));
}

/** Ticks or unticks an item. A status word the source wrote ("pending") would now contradict the box, so it follows it. */
export function setDone(store: WorkspaceStore, episodeId: string, index: number, done: boolean): void {
  const item = itemsOf(store, episodeId)[index];
  if (!item) throw new Error(`no to-do item ${index}`);
  store.commit(episodeId, { app: "todo", operation: done ? "complete_item" : "reopen_item", entity: `todo/items/${index}` }, () => {
    item.done = done;
    if (item.status !== undefined) item.status = done ? "done" : "pending";
  });
}
