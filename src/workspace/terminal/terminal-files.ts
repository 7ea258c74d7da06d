import type { WorkspaceStore } from "../store/workspace-store.js";
import { baseName } from "../vsh/vsh-path.js";
import { recordShellChanges, terminalOf } from "./terminal-session.js";

/** A file of the user's home as a file chooser lists it: where it is, its name, whose it is. */
export interface HomeFile {
  path: string;
  name: string;
  /** Its directory as a chooser shows it: `~/Documents`, `~`. */
  folder: string;
  /** `owned` the user's own; `received` downloaded, cloned or written from received output. */
  owner: "owned" | "received";
}

/**
 * The files a file chooser offers from the terminal's file system: every regular file under the
 * home that the user can read, outside hidden directories and not hidden itself (a chooser shows
 * `Documents/` and `Downloads/`, not `.ssh/`), sorted by path. Empty when the scenario has no
 * terminal. Read from the episode's shell as it is now, so a download or a file the agent wrote
 * is offered with the label vsh gave it.
 */
export function homeFiles(store: WorkspaceStore, episodeId: string): HomeFile[] {
  if (store.episode(episodeId).state.terminal === undefined) return [];
  const vsh = terminalOf(store, episodeId);
  const home = `${vsh.state.home}/`;
  const files: HomeFile[] = [];
  for (const [path, file] of Object.entries(vsh.state.files)) {
    if (file.type !== "file" || !path.startsWith(home)) continue;
    if (
      path
        .slice(home.length)
        .split("/")
        .some((segment) => segment.startsWith("."))
    )
      continue;
    if (!readable(store, episodeId, path)) continue;
    const folder = path.slice(0, path.lastIndexOf("/") + 1);
    files.push({ path, name: baseName(path), folder: `~/${folder.slice(home.length)}`.replace(/\/$/, ""), owner: file.owner });
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function readable(store: WorkspaceStore, episodeId: string, path: string): boolean {
  try {
    terminalOf(store, episodeId).fs.read(path, false);
    return true;
  } catch {
    return false;
  }
}

/** A home file's name and text, for an attachment; undefined when it is not one `homeFiles` offers. */
export function readHomeFile(store: WorkspaceStore, episodeId: string, path: string): { name: string; content: string } | undefined {
  if (!homeFiles(store, episodeId).some((file) => file.path === path)) return undefined;
  const file = terminalOf(store, episodeId).fs.read(path, false);
  return { name: baseName(path), content: file.content ?? "" };
}

/**
 * Saves a received file to `~/Downloads` as a browser does: under its name, or `name (1).ext`,
 * `name (2).ext` … when that is taken; labelled `received` (so the file-ownership exception never
 * shows it) and recorded as `file.download` in the change log. Returns the path; throws when the
 * shell refuses the write (no space left, no `Downloads/`).
 */
export function saveDownload(store: WorkspaceStore, episodeId: string, name: string, content: string): string {
  const vsh = terminalOf(store, episodeId);
  const folder = `${vsh.state.home}/Downloads`;
  // A name is one path segment: separators become "_", and "", "." or ".." (which would name the
  // folder itself or its parent) become "download".
  const flat = baseName(name.replace(/[/\\]/g, "_"));
  const safe = flat === "" || flat === "." || flat === ".." ? "download" : flat;
  const dot = safe.lastIndexOf(".");
  const [stem, extension] = dot > 0 ? [safe.slice(0, dot), safe.slice(dot)] : [safe, ""];
  let path = `${folder}/${safe}`;
  for (let copy = 1; vsh.fs.get(path) !== undefined; copy++) path = `${folder}/${stem} (${copy})${extension}`;
  const logged = vsh.log.entries.length;
  vsh.fs.write(path, content, { owner: "received", priv: false, operation: "file.download" });
  recordShellChanges(store, episodeId, vsh, logged);
  return path;
}
