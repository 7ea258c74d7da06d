import { countOf } from "../../core/index.js";
import type { WorkspaceAppDefinition } from "../app-definition.js";

/** Sharing a document changes its state (the injection suite's oracles read it); none is an artifact. */
export const filesApp: WorkspaceAppDefinition<"files"> = {
  name: "files",
  label: "Files",
  routes: async () => (await import("./files-routes.js")).registerFilesRoutes,
  summary: (files) => countOf(files.documents.length, "document"),
};
