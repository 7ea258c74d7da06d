import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppName, WorkspaceState } from "../../scenario/index.js";
import type { Episode, WorkspaceStore } from "../store/workspace-store.js";
import { noticeOf } from "../views/page-layout.js";
import { APP_ROUTES } from "../views/paths.js";
import { episodeOf } from "./request-helpers.js";

/** The episode and the app's state for a request; 404 when the scenario has no such app. */
export function appContext<A extends AppName>(c: Context, store: WorkspaceStore, app: A) {
  const episode: Episode = episodeOf(c, store);
  const state = episode.state[app] as NonNullable<WorkspaceState[A]> | undefined;
  if (state === undefined) throw new HTTPException(404, { message: `This workspace has no ${APP_ROUTES[app].label}.` });
  return { episode, state, path: new URL(c.req.url).pathname, notice: noticeOf(c.req.query("notice")) };
}
