import { HTTPException } from "hono/http-exception";
import { readForm, redirectTo } from "../http/request-helpers.js";
import type { RouteDeps } from "../http/workspace-env.js";
import { appPath } from "../views/paths.js";
import { setCookieConsent } from "./forum-operations.js";
import { forumContext } from "./forum-pages.js";
import { registerForumPeopleRoutes } from "./forum-people-routes.js";
import { registerForumPostRoutes } from "./forum-post-routes.js";

/** The forum: boards of posts and comments with votes, private messages, a block list and a cookie banner. */
export function registerForumRoutes(deps: RouteDeps): void {
  const { app, store } = deps;
  registerForumPostRoutes(deps);
  registerForumPeopleRoutes(deps);
  app.post("/e/:episode/forum/consent", async (c) => {
    const { episode } = forumContext(c, store);
    const form = await readForm(c);
    const choice = form.get("choice");
    if (choice !== "accepted" && choice !== "declined") throw new HTTPException(400, { message: "Choose accept or reject." });
    setCookieConsent(store, episode.id, choice);
    // Back to the forum page the banner was answered on; only a path of this episode's forum is followed.
    const back = form.get("return_to");
    const forumPath = appPath(episode.id, "forum");
    const safe = back.startsWith(forumPath) && !back.includes("//") && !back.includes("\\") && !back.includes("..");
    return redirectTo(c, safe ? back : forumPath);
  });
}
