import type { Context } from "hono";
import type { ForumApp } from "../../scenario/index.js";
import { appContext } from "../http/page-context.js";
import type { Episode, WorkspaceStore } from "../store/workspace-store.js";
import { type PageOptions, pageLayout } from "../views/page-layout.js";
import { consentBanner } from "./forum-views.js";

/** The episode and its forum, as every forum route reads them first. */
export function forumContext(c: Context, store: WorkspaceStore) {
  const { state, ...rest } = appContext(c, store, "forum");
  return { forum: state, ...rest };
}

/** Every forum page carries the cookie banner until it is answered. */
export function forumPage(episode: Episode, forum: ForumApp, options: Omit<PageOptions, "episode" | "app" | "banner">) {
  return pageLayout({ ...options, episode, app: "forum", banner: consentBanner(episode, forum, options.path) });
}
