import { type SharePayload, SharePayloadSchema } from "../artifacts/share-payload.js";
import type { ChangeRequest } from "../store/change-entry.js";
import type { Episode, WorkspaceStore } from "../store/workspace-store.js";

type ShareApp = "maps" | "code_editor" | "shop";

/** Logs a share: the next entity of the app's outbox, `<app>/shares/<n>`. */
export function logShare(store: WorkspaceStore, episodeId: string, app: ShareApp, payload: SharePayload): void {
  const index = store.countEntities(episodeId, `${app}/shares/`);
  const request: ChangeRequest = { app, operation: "share", entity: `${app}/shares/${index}` };
  store.emit(episodeId, request, SharePayloadSchema.parse(payload));
}

/** The shares sent from an app so far, oldest first, so its page can show what went out. */
export function sharesOf(episode: Episode, app: ShareApp): SharePayload[] {
  return episode.log
    .filter((entry) => entry.app === app && entry.operation === "share")
    .map((entry) => SharePayloadSchema.parse(entry.after));
}
