export { ARTIFACT_KINDS, type Artifact, type ArtifactKind } from "./artifacts/artifact.js";
export { artifactsOf } from "./artifacts/artifacts-of.js";
export { eventText, fileText, orderText, todoText } from "./artifacts/entity-text.js";
export { type SharePayload, SharePayloadSchema } from "./artifacts/share-payload.js";
export { startWorkspace, type Workspace, type WorkspaceOptions } from "./start-workspace.js";
export { type ChangeEntry, ChangeEntrySchema } from "./store/change-entry.js";
export { isEpisodeId } from "./store/episode-id.js";
export { DEFAULT_NOW, type FixedClock, fixedClock } from "./store/fixed-clock.js";
export { CHANNEL_APP, initialState } from "./store/initial-state.js";
export { type Episode, UnknownEpisodeError, WorkspaceStore } from "./store/workspace-store.js";
export {
  type Appearance,
  type AppearanceInput,
  AppearanceSchema,
  DEFAULT_POPUP,
  type Popup,
  PopupSchema,
  THEME_NAMES,
  type ThemeName,
  ThemeNameSchema,
} from "./themes/appearance.js";
export { APP_ROUTES, appPath, episodePath } from "./views/paths.js";
