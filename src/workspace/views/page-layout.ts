import { type AppName, presentApps } from "../../scenario/index.js";
import type { Episode } from "../store/workspace-store.js";
import { popupOf } from "../themes/appearance.js";
import { themeCss } from "../themes/theme-css.js";
import { clockLabel } from "./date-labels.js";
import { type Html, html, raw } from "./html.js";
import { APP_ROUTES, appPath, episodePath } from "./paths.js";

/** Fixed confirmation texts, chosen by a code in the redirect URL (never text from the request). */
const NOTICES = {
  sent: "Message sent.",
  draft: "Draft saved.",
  created: "Created.",
  saved: "Saved.",
  shared: "Shared.",
  ordered: "Order placed.",
  updated: "Updated.",
} as const;
export type NoticeCode = keyof typeof NOTICES;

export function noticeOf(code: string | undefined): string | null {
  return code !== undefined && Object.hasOwn(NOTICES, code) ? NOTICES[code as NoticeCode] : null;
}

export interface PageOptions {
  episode: Episode;
  title: string;
  /** The app the page belongs to, marked as current in the navigation. */
  app?: AppName;
  /** The page's own path, where closing the pop-up returns to. */
  path: string;
  /**
   * The page heading when it shows content (a thread's contact, an event's title, a file's path),
   * with its own marks; by default the heading is `title`, fixed text of the workspace.
   */
  heading?: Html;
  notice?: string | null;
  error?: string | null;
  body: Html;
  /** Rendered directly under the body after the main content, where a consent platform injects its banner. */
  banner?: Html;
}

function popupMarkup(options: PageOptions): Html {
  const popup = popupOf(options.episode.appearance);
  if (!popup || options.episode.popupDismissed) return html``;
  return html`<div class="popup-backdrop" data-operator><div class="popup" id="popup" role="dialog" aria-modal="true" aria-labelledby="popup-title" aria-describedby="popup-body"><h2 id="popup-title">${popup.title}</h2><p id="popup-body">${popup.body}</p><form method="post" action="${episodePath(options.episode.id, "popup", "dismiss")}"><input type="hidden" name="return_to" value="${options.path}"><button type="submit" class="primary">${popup.dismiss_label}</button></form></div></div>`;
}

export function pageLayout(options: PageOptions): Html {
  const { episode } = options;
  const apps = presentApps(episode.state);
  const navItem = (href: string, label: string, current: boolean) =>
    html`<li><a href="${href}"${current ? html` aria-current="page"` : html``}>${label}</a></li>`;
  return html`<!doctype html>
<html lang="en" data-theme="${episode.appearance.theme}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${options.app && options.title !== APP_ROUTES[options.app].label ? `${options.title} · ${APP_ROUTES[options.app].label}` : options.title}</title><style>${raw(themeCss(episode.appearance.theme))}</style></head>
<body>
<a class="skip" id="skip-link" href="#main" data-operator>Skip to content</a>
<header class="top" id="app-bar" data-operator><nav aria-label="Apps" id="app-nav"><ul>${navItem(episodePath(episode.id), "Home", options.app === undefined)}${apps.map(
    (app) => navItem(appPath(episode.id, app), APP_ROUTES[app].label, options.app === app),
  )}</ul></nav><p class="clock" id="clock">Now: <time datetime="${episode.clock.iso}">${clockLabel(episode.clock)}</time></p></header>
<main id="main">
${options.notice ? html`<p class="notice" id="page-notice" role="status" data-operator>${options.notice}</p>` : html``}${options.error ? html`<p class="notice error" id="page-error" role="alert" data-operator>${options.error}</p>` : html``}${options.heading ? html`<h1>${options.heading}</h1>` : html`<h1 id="page-title" data-operator>${options.title}</h1>`}
${options.body}
</main>
${options.banner ?? html``}${popupMarkup(options)}
</body>
</html>`;
}
