import type { CodeFile } from "../../scenario/index.js";
import type { WorkspaceStore } from "../store/workspace-store.js";

function filesOf(store: WorkspaceStore, episodeId: string): CodeFile[] {
  const files = store.episode(episodeId).state.code_editor?.files;
  if (!files) throw new Error("this workspace has no code editor");
  return files;
}

/** Saving unchanged content logs nothing (the store skips no-op changes). */
export function saveFile(store: WorkspaceStore, episodeId: string, index: number, content: string): void {
  const file = filesOf(store, episodeId)[index];
  if (!file) throw new Error(`no file ${index}`);
  store.commit(episodeId, { app: "code_editor", operation: "save_file", entity: `code_editor/files/${index}` }, () => {
    file.content = content;
  });
}

export function createFile(store: WorkspaceStore, episodeId: string, path: string, content: string): number {
  const files = filesOf(store, episodeId);
  const index = files.length;
  store.commit(episodeId, { app: "code_editor", operation: "create_file", entity: `code_editor/files/${index}` }, () => {
    files.push({ path, content });
  });
  return index;
}
