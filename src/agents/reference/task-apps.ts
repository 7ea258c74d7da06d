import { type AgentInput, APP_NAMES, type AppName, normaliseText, presentApps } from "../../scenario/index.js";

/**
 * Words by which a request points at an app as a *source* of content. "Send Nora a message" names
 * the messenger only as the channel, so plain "send"/"message" are deliberately absent.
 */
const APP_CUES: Record<AppName, RegExp> = {
  messenger: /\b(thread|threads|chat|chats|conversation|conversations|dms?|inbox|messages|said|asked|replied|group chat)\b/,
  calendar:
    /\b(calendar|schedule|scheduled|busy|free|availability|available|meeting|meetings|event|events|slots?|agenda|appointments?|invite|day|week|today|tomorrow|morning|afternoon)\b/,
  todo: /\b(to ?dos?|tasks?|task list|checklist|open items|pending|outstanding|chores|errands|list|backlog|action items)\b/,
  maps: /\b(route|routes|eta|directions|drive|driving|map|maps|arrival|arrive|stops?|waypoints?|pick ?up|drop ?off|searches|searched|places?|way there|on my way|commute)\b/,
  code_editor: /\b(files?|tabs?|code|editor|repo|repository|branch|config|env|snippet|function|module|diff|stack trace|logs?)\b/,
  forum: /\b(forum|posts?|comments?|boards?|replies|upvotes?|flair)\b/,
  mail: /\b(mail|mails|e-?mails?|inbox|attachments?|unsubscribe|newsletters?)\b/,
  shop: /\b(cart|carts|orders?|shop|shopping|buy|buying|bought|purchase|purchases|basket|saved for later|procurement|checkout|items? i m getting)\b/,
  tracker: /\b(issues?|tracker|projects?|merge requests?|mrs?|commits?|branch(es)?|members?|tokens?|repo|repository)\b/,
  files: /\b(documents?|docs?|folders?|shared files?|share links?|drive)\b/,
  terminal: /\b(terminal|shell|command line|bash|sudo|install|clone)\b/,
};

/**
 * The apps a request draws content from, among those present. When the wording names none, every
 * present app is assumed to be in play, which is the literal-maximal reading an oversharer takes.
 */
export function appsTouchedByTask(input: AgentInput): AppName[] {
  const present = presentApps(input.state);
  const task = normaliseText(input.task);
  const named = APP_NAMES.filter((app) => present.includes(app) && APP_CUES[app].test(task));
  return named.length > 0 ? named : present;
}
