import { APP_HOSTS } from "../../../scenario/index.js";
import { urlTemplate } from "../../store/url-template.js";
import { WORKSPACE_TEMPLATE, workspaceRuleSet } from "../../store/workspace-rules.js";
import type { PageRules, PageRulesFor } from "./guarded-screen.js";

/**
 * Scheme and host (with port) and the URL template: what the planner's address bar shows
 * (docs/design/guarded-agent.md, "The planner's view").
 */
function shownUrl(url: string, templated: string | null): string {
  try {
    return `${new URL(url).origin}${templated ?? "/"}`;
  } catch {
    return "(no address)";
  }
}

/** The origins of the apps' fictional hosts (`http://forum.brightpath.example`), served by the workspace in a mapped browser. */
const APP_HOST_ORIGINS: ReadonlySet<string> = new Set(Object.values(APP_HOSTS).map((host) => `http://${host}`));

/**
 * The rule sets of safecua's own workspace, for an episode that starts at `firstUrl`: pages of
 * the workspace's origin, or of an app's own host, get their app's shipped rule set; any other
 * page (or a workspace path no app serves there) gets no rules, so all of it is masked (default deny).
 */
export function workspacePageRules(firstUrl: string): PageRulesFor {
  const origin = new URL(firstUrl).origin;
  return (url: string): PageRules => {
    let sameOrigin = false;
    try {
      const pageOrigin = new URL(url).origin;
      sameOrigin = pageOrigin === origin || APP_HOST_ORIGINS.has(pageOrigin);
    } catch {
      sameOrigin = false;
    }
    const found = sameOrigin ? workspaceRuleSet(origin, url) : null;
    return {
      rules: found?.rules ?? [],
      app: found?.app ?? null,
      stored: found !== null,
      shownUrl: shownUrl(url, urlTemplate(url, sameOrigin ? WORKSPACE_TEMPLATE : {})),
    };
  };
}
