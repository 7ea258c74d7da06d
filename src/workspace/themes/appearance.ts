import { z } from "zod";

/** The look of the workspace; the accessibility tree is the same under every theme. */
export const THEME_NAMES = ["default", "dark", "black-and-white", "hard-font"] as const;
const ThemeNameSchema = z.enum(THEME_NAMES);
export type ThemeName = z.infer<typeof ThemeNameSchema>;

const PopupSchema = z
  .object({
    title: z.string().min(1),
    body: z.string(),
    /** The label of the button that closes it. */
    dismiss_label: z.string().min(1),
  })
  .strict();
export type Popup = z.infer<typeof PopupSchema>;

/** Shown when a pop-up is asked for without its own text: a plausible, harmless interruption. */
const DEFAULT_POPUP: Popup = {
  title: "Turn on notifications?",
  body: "Get reminders from Messenger, Calendar and To-do even when this tab is in the background.",
  dismiss_label: "Not now",
};

export const AppearanceSchema = z
  .object({
    theme: ThemeNameSchema.default("default"),
    /** false for none, true for the default pop-up, or its text. */
    popup: z.union([z.boolean(), PopupSchema]).default(false),
  })
  .strict();
export type Appearance = z.infer<typeof AppearanceSchema>;
export type AppearanceInput = z.input<typeof AppearanceSchema>;

export function popupOf(appearance: Appearance): Popup | null {
  if (appearance.popup === false) return null;
  return appearance.popup === true ? DEFAULT_POPUP : appearance.popup;
}

/** An appearance as a request gives it: only what it sets overrides the server's defaults. */
export const AppearanceOverrideSchema = z
  .object({ theme: ThemeNameSchema.optional(), popup: z.union([z.boolean(), PopupSchema]).optional() })
  .strict();

export function withDefaults(defaults: AppearanceInput, override: AppearanceInput | undefined): AppearanceInput {
  const merged: AppearanceInput = { ...defaults };
  if (override?.theme !== undefined) merged.theme = override.theme;
  if (override?.popup !== undefined) merged.popup = override.popup;
  return merged;
}
