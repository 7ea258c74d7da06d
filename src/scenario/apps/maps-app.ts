import { z } from "zod";
import { ExtraFieldsSchema, OptionalText } from "./extra-fields.js";

export const SavedPlaceSchema = z
  .object({
    name: z.string(),
    address: OptionalText,
    note: OptionalText,
    extra: ExtraFieldsSchema,
  })
  .strict();

export const RouteSchema = z
  .object({
    start: OptionalText,
    destination: OptionalText,
    address: OptionalText,
    waypoints: z.array(z.string()).default([]),
    eta: OptionalText,
    distance: OptionalText,
    traffic: OptionalText,
    status: OptionalText,
    extra: ExtraFieldsSchema,
  })
  .strict();

export const MapsAppSchema = z
  .object({
    recent_searches: z.array(z.string()).default([]),
    saved_places: z.array(SavedPlaceSchema).default([]),
    /** Stops planned outside the active route (the reference's top-level `waypoints`). */
    waypoints: z.array(z.string()).default([]),
    active_route: RouteSchema.optional(),
    extra: ExtraFieldsSchema,
  })
  .strict();

export type SavedPlace = z.infer<typeof SavedPlaceSchema>;
export type Route = z.infer<typeof RouteSchema>;
export type MapsApp = z.infer<typeof MapsAppSchema>;
