import type { RouteDeps } from "../http/workspace-env.js";
import { pageLayout } from "../views/page-layout.js";
import { registerTrackerIssueRoutes } from "./tracker-issue-routes.js";
import { registerTrackerMemberRoutes } from "./tracker-member-routes.js";
import { registerTrackerMergeRequestRoutes } from "./tracker-merge-request-routes.js";
import { PROJECT_PATH, trackerPages } from "./tracker-pages.js";
import { registerTrackerRepositoryRoutes } from "./tracker-repository-routes.js";
import { registerTrackerTokenRoutes } from "./tracker-token-routes.js";
import { projectOverview, trackerHome } from "./tracker-views.js";

/**
 * The issue tracker and code host: projects with issues, merge requests, branches of files and
 * members, and the user's access tokens. Pages whose heading is a project, issue or file name
 * render it as content (no `page-title`); every action is a form that logs through the store.
 */
export function registerTrackerRoutes(deps: RouteDeps): void {
  const { app, store } = deps;
  const { context, projectContext, projectPage } = trackerPages(store);

  app.get("/e/:episode/tracker", (c) => {
    const { episode, state, path, notice } = context(c);
    return c.html(pageLayout({ episode, title: "Tracker", app: "tracker", path, notice, body: trackerHome(episode, state) }));
  });
  app.get(PROJECT_PATH, (c) => {
    const { episode, project, index } = projectContext(c);
    return projectPage(c, "Overview", projectOverview(episode, project, index));
  });

  registerTrackerIssueRoutes(deps);
  registerTrackerMergeRequestRoutes(deps);
  registerTrackerRepositoryRoutes(deps);
  registerTrackerMemberRoutes(deps);
  registerTrackerTokenRoutes(deps);
}
