import type { WorkspaceState } from "../scenario/index.js";
import { initialVshState, vshInput } from "../workspace/index.js";

/**
 * The files the scenario says the user wrote, for the guard's file-ownership exception (a row of
 * a listing a `files` rule names whose whole text is an owned file's name is shown): the mail
 * app's own documents (what compose offers to attach), the files app's documents whose owner is
 * the user, and the terminal's files under the home labelled `owned`. As seeded: a file made
 * later in the episode is not among them, so its name in a listing stays masked (the safe side).
 * Received files (a mail's attachments, a shared document, a download) are never here.
 */
export function ownedFilesOf(state: WorkspaceState): string[] {
  const owned: string[] = [];
  for (const document of state.mail?.documents ?? []) owned.push(document.name);
  const files = state.files;
  if (files !== undefined) {
    const me = files.me ?? "me";
    for (const document of files.documents)
      if (document.owner === me) owned.push(document.folder === "" ? document.name : `${document.folder}/${document.name}`);
  }
  if (state.terminal !== undefined) {
    const shell = initialVshState(vshInput(state.terminal));
    for (const [path, file] of Object.entries(shell.files))
      if (file.type === "file" && file.owner === "owned" && path.startsWith(`${shell.home}/`)) owned.push(path);
  }
  return [...new Set(owned)];
}
