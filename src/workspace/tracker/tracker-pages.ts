import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { appContext } from "../http/page-context.js";
import { indexParam } from "../http/request-helpers.js";
import type { WorkspaceStore } from "../store/workspace-store.js";
import type { Html } from "../views/html.js";
import { labelMarkup } from "../views/labelling.js";
import { pageLayout } from "../views/page-layout.js";

/** Every project route's path prefix. */
export const PROJECT_PATH = "/e/:episode/tracker/projects/:project";

/** A form value that must be one of a fixed list (a select); anything else is a bad request. */
export function oneOf<T extends string>(value: string, allowed: readonly T[], what: string): T {
  if (!(allowed as readonly string[]).includes(value)) throw new HTTPException(400, { message: `Choose a ${what} from the list.` });
  return value as T;
}

/**
 * What every tracker route reads first: the episode and the tracker's state, and for project
 * routes the project named by the path. `projectPage` renders a page of one project: its name is
 * the heading (content, not \`page-title\`), the section name is in the title.
 */
export function trackerPages(store: WorkspaceStore) {
  const context = (c: Context) => appContext(c, store, "tracker");
  const projectContext = (c: Context) => {
    const base = context(c);
    const index = indexParam(c, "project", base.state.projects.length);
    return { ...base, index, project: base.state.projects[index]! };
  };
  const projectPage = (c: Context, section: string, body: Html, options: { heading?: string; error?: string } = {}) => {
    const { episode, project, path, notice } = projectContext(c);
    const heading = labelMarkup({ value: options.heading ?? project.name });
    return c.html(
      pageLayout({
        episode,
        title: `${section} · ${project.name}`,
        heading,
        app: "tracker",
        path,
        notice,
        error: options.error ?? null,
        body,
      }),
      options.error ? 400 : 200,
    );
  };
  return { context, projectContext, projectPage };
}
