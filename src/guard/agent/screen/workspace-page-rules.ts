import { urlTemplate } from "../../store/url-template.js";
import { WORKSPACE_TEMPLATE, workspaceRuleSet } from "../../store/workspace-rules.js";
import type { PageRules, PageRulesFor } from "./guarded-screen.js";

/** Scheme and host (with port) and the URL template: what the planner's address bar shows (spec §1.13). */
function shownUrl(url: string, templated: string | null): string {
  try {
    return `${new URL(url).origin}${templated ?? "/"}`;
  } catch {
    return "(no address)";
  }
}

/**
 * The rule sets of safecua's own workspace, for an episode that starts at `firstUrl`: pages of
 * the workspace's origin get their app's shipped rule set; any other page (or a workspace path no
 * app serves) gets no rules, so all of it is masked (default deny).
 */
export function workspacePageRules(firstUrl: string): PageRulesFor {
  const origin = new URL(firstUrl).origin;
  return (url: string): PageRules => {
    let sameOrigin = false;
    try {
      sameOrigin = new URL(url).origin === origin;
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
