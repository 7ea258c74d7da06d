import { z } from "zod";
import { ExtraFieldsSchema, OptionalText } from "./extra-fields.js";

export const CalendarEventSchema = z
  .object({
    title: z.string(),
    /** Dates and times are kept as the source wrote them ("2026-03-04", "08:00 AM"): they are shown, not computed on. */
    date: OptionalText,
    start: OptionalText,
    end: OptionalText,
    description: OptionalText,
    location: OptionalText,
    invitees: z.array(z.string()).default([]),
    extra: ExtraFieldsSchema,
  })
  .strict();

export const CalendarAppSchema = z
  .object({
    events: z.array(CalendarEventSchema).default([]),
    extra: ExtraFieldsSchema,
  })
  .strict();

export type CalendarEvent = z.infer<typeof CalendarEventSchema>;
export type CalendarApp = z.infer<typeof CalendarAppSchema>;
