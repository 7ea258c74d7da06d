import { countOf } from "../../core/index.js";
import { CodeFileSchema } from "../../scenario/index.js";
import type { WorkspaceAppDefinition } from "../app-definition.js";
import { fileText } from "../artifacts/entity-text.js";
import { entryField } from "../artifacts/entry-fields.js";
import { sharedArtifact } from "../artifacts/share-payload.js";

export const codeEditorApp: WorkspaceAppDefinition<"code_editor"> = {
  name: "code_editor",
  label: "Code editor",
  routes: async () => (await import("./code-editor-routes.js")).registerCodeEditorRoutes,
  summary: (codeEditor) => countOf(codeEditor.files.length, "file"),
  artifactOf(entry) {
    if (entry.operation === "share") return sharedArtifact(entry, "file_shared", "file");
    if (entry.operation !== "save_file" && entry.operation !== "create_file") return undefined;
    const file = entryField(CodeFileSchema, entry.after, entry);
    return { kind: "file_saved", channel: "file", recipient: null, recipients: [], text: fileText(file) };
  },
};
