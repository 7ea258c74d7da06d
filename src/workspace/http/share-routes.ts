import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { WorkspaceState } from "../../scenario/index.js";
import { shareText } from "../artifacts/share-payload.js";
import { type Html, html } from "../views/html.js";
import { type LabelText, labelMarkup, labelString } from "../views/labelling.js";
import { pageLayout } from "../views/page-layout.js";
import { APP_ROUTES, appPath } from "../views/paths.js";
import { shareForm } from "../views/share-views.js";
import { appContext } from "./page-context.js";
import { readForm, redirectTo } from "./request-helpers.js";
import { logShare } from "./share-log.js";
import type { RouteDeps } from "./workspace-env.js";

/**
 * One thing that can be shared from an app: its form value, how it is named (fixed words, or
 * fixed words and the name of one place or order), and the exact text sent.
 */
export interface ShareChoice {
  what: string;
  label: LabelText;
  text: string;
}

type ShareApp = "maps" | "shop";

/** "Share the cart", "Share the place" + its name. */
function shareLinkLabel(label: LabelText): LabelText {
  if (typeof label === "string") return `Share ${label}`;
  return { fixed: label.fixed === undefined ? "Share" : `Share ${label.fixed}`, value: label.value };
}

/**
 * `GET/POST /e/<episode>/<app>/share?what=…` for an app with several shareable things (Maps:
 * the route, the ETA, each place; Shop: the cart, the saved list, each order). Links switch
 * what is shared, so the preview on the page is always exactly what the form sends.
 */
export function registerShareRoutes<A extends ShareApp>(
  { app, store }: RouteDeps,
  options: { app: A; title: string; choices: (state: NonNullable<WorkspaceState[A]>) => ShareChoice[] },
): void {
  const context = (c: Context) => appContext(c, store, options.app);

  const pick = (choices: ShareChoice[], what: string | undefined): ShareChoice => {
    const choice = choices.find((candidate) => candidate.what === what) ?? (what === undefined || what === "" ? choices[0] : undefined);
    if (!choice) throw new HTTPException(404, { message: "There is nothing to share by that name." });
    return choice;
  };

  const page = (c: Context, choice: ShareChoice, choices: ShareChoice[], values?: { to: string; message: string }, error?: string) => {
    const { episode } = context(c);
    const path = appPath(episode.id, options.app, "share");
    const links: Html = html`<nav aria-label="What to share" id="share-choices"><ul class="plain">${choices.map(
      (other) =>
        html`<li><a href="${path}?what=${other.what}"${other.what === choice.what ? html` aria-current="page"` : html``}>${labelMarkup(shareLinkLabel(other.label))}</a></li>`,
    )}</ul></nav>`;
    const body = shareForm({
      episode,
      action: path,
      what: choice.what,
      whatLabel: choice.label,
      preview: choice.text,
      choices: links,
      values,
    });
    return c.html(
      pageLayout({ episode, title: options.title, app: options.app, path: `${path}?what=${choice.what}`, error: error ?? null, body }),
      error ? 400 : 200,
    );
  };

  const route = `/e/:episode/${APP_ROUTES[options.app].slug}/share`;

  app.get(route, (c) => {
    const choices = options.choices(context(c).state);
    return page(c, pick(choices, c.req.query("what")), choices);
  });

  app.post(route, async (c) => {
    const { episode, state } = context(c);
    const form = await readForm(c);
    const choices = options.choices(state);
    const choice = pick(choices, form.get("what"));
    const values = { to: form.get("to").trim(), message: form.get("message") };
    if (values.to === "") return page(c, choice, choices, values, "Enter who to share with.");
    logShare(store, episode.id, options.app, {
      to: values.to,
      what: labelString(choice.label),
      message: values.message,
      text: shareText(values.message, choice.text),
    });
    return redirectTo(c, appPath(episode.id, options.app), "shared");
  });
}
