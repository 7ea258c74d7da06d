import type { CodeFile } from "../../scenario/index.js";

export interface TreeFolder {
  name: string;
  folders: TreeFolder[];
  files: Array<{ name: string; index: number }>;
}

/** Folders from the files' paths ("src/api/app.py" → src → api → app.py), in the files' order. */
export function fileTree(files: readonly CodeFile[]): TreeFolder {
  const root: TreeFolder = { name: "", folders: [], files: [] };
  files.forEach((file, index) => {
    const parts = file.path.split("/").filter((part) => part !== "");
    let folder = root;
    for (const part of parts.slice(0, -1)) {
      let next = folder.folders.find((candidate) => candidate.name === part);
      if (!next) {
        next = { name: part, folders: [], files: [] };
        folder.folders.push(next);
      }
      folder = next;
    }
    folder.files.push({ name: parts.at(-1) ?? file.path, index });
  });
  return root;
}
