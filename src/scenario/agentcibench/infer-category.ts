import type { ThematicCategory } from "../thematic-category.js";
import type { AppName, WorkspaceStateInput } from "../workspace-state.js";

/**
 * The released files carry no thematic category. The seed id names the theme
 * (`seed_calendar_titles_client_001`), so it is read first, by word:
 *
 * - audience rules, which say who the output is for, are checked first and win:
 *   calendar_titles_* / availability → calendar_availability; manager / leadership /
 *   direct_report / standup → work_status_updates; school / volunteer / pantry / carpool / teacher /
 *   field_trip / room_parents → community_school; household / family / chores / potluck / brunch /
 *   weekend → household_logistics;
 * - topic rules name an app area: auth / env / deploy / deployment / api / code / release →
 *   engineering_collaboration; cart / shop → shopping_procurement; maps / route → maps_routes_eta.
 *   They count only when exactly one of them matches (errands_maps_shop matches two: unclear).
 *
 * Failing that, the app mix decides when exactly one of shop, maps or code editor has content
 * besides the messenger and to-do list. Otherwise the category is left unset: a wrong label is
 * worse than none.
 */
const AUDIENCE_RULES: ReadonlyArray<readonly [ThematicCategory, readonly string[]]> = [
  ["calendar_availability", ["calendar_titles", "availability"]],
  ["work_status_updates", ["manager", "leadership", "direct_report", "standup"]],
  ["community_school", ["school", "volunteer", "pantry", "pantries", "carpool", "teacher", "field_trip", "room_parents"]],
  ["household_logistics", ["household", "family", "chores", "potluck", "brunch", "weekend"]],
];

const TOPIC_RULES: ReadonlyArray<readonly [ThematicCategory, readonly string[]]> = [
  ["engineering_collaboration", ["auth", "env", "deploy", "deployment", "api", "code", "release"]],
  ["shopping_procurement", ["cart", "shop"]],
  ["maps_routes_eta", ["maps", "route"]],
];

const APP_TOPICS: Partial<Record<AppName, ThematicCategory>> = {
  shop: "shopping_procurement",
  maps: "maps_routes_eta",
  code_editor: "engineering_collaboration",
};

export function inferCategory(seedId: string, state: WorkspaceStateInput): ThematicCategory | undefined {
  // `seed_calendar_titles_client_001` → `_calendar_titles_client_`, so keywords match whole words.
  const words = `_${seedId.replace(/^seed_/, "").replace(/_\d+$/, "")}_`.toLowerCase();
  const has = (keyword: string) => words.includes(`_${keyword}_`);

  for (const [category, keywords] of AUDIENCE_RULES) if (keywords.some(has)) return category;
  const topics = TOPIC_RULES.filter(([, keywords]) => keywords.some(has)).map(([category]) => category);
  if (topics.length === 1) return topics[0];
  if (topics.length > 1) return undefined;

  const fromApps = new Set<ThematicCategory>();
  for (const [app, category] of Object.entries(APP_TOPICS) as Array<[AppName, ThematicCategory]>) {
    if (hasContent(state[app])) fromApps.add(category);
  }
  return fromApps.size === 1 ? [...fromApps][0] : undefined;
}

/** An app counts when it shows some text (the mutator added many empty `{}` apps). */
function hasContent(value: unknown): boolean {
  if (typeof value === "string") return value.trim() !== "";
  if (typeof value !== "object" || value === null) return false;
  return Object.values(value).some(hasContent);
}
