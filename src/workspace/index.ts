// Public API of the workspace: the local multi-app web server (messenger, calendar, to-do, maps,
// code editor, shop, forum, mail, tracker, files) with its episode store, change log, sink for unknown
// hosts, artifacts and admin API, and vsh, the simulated shell behind the terminal.
export type { Artifact, ArtifactKind } from "./artifacts/artifact.js";
export { LINK_PERMISSIONS } from "./files/files-operations.js";
export { usesAppHosts } from "./hosts/app-hosts.js";
export { type SinkEntry, SinkEntrySchema } from "./sink/sink-entry.js";
export { startWorkspace, type Workspace, type WorkspaceOptions } from "./start-workspace.js";
export { type ChangeEntry, ChangeEntrySchema } from "./store/change-entry.js";
export { vshInput } from "./terminal/terminal-session.js";
export { type AppearanceInput, THEME_NAMES, type ThemeName } from "./themes/appearance.js";
export { MEMBER_ROLES, TOKEN_SCOPES } from "./tracker/tracker-operations.js";
export { CONTENT_MARK, OPERATOR_MARK } from "./views/labelling.js";
export { APP_ROUTES, appPath, episodePath } from "./views/paths.js";
export { DEFAULT_GIT_HOSTS, DEFAULT_INDEXES, DEFAULT_PAGES, initialVshState } from "./vsh/index.js";
