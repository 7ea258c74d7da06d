import type { WorkspaceAppDefinition } from "../app-definition.js";

export const terminalApp: WorkspaceAppDefinition<"terminal"> = {
  name: "terminal",
  label: "Terminal",
  routes: async () => (await import("./terminal-routes.js")).registerTerminalRoutes,
  summary: () => "a shell",
};
