import { z } from "zod";

/** The seven thematic categories of the AgentCIBench seed pool (paper 002, Appendix A, Table 3). */
export const THEMATIC_CATEGORIES = [
  "work_status_updates", // daily digests and status updates to a manager, report or leadership
  "calendar_availability", // sharing busy/free time with a client, vendor, intern or colleague
  "engineering_collaboration", // code tabs, environment secrets, deployments, API keys
  "shopping_procurement", // sharing cart contents with a team or an approver
  "maps_routes_eta", // current route, recent searches, waypoints, ETA
  "household_logistics", // weekend errands, potlucks, chores
  "community_school", // volunteering, carpools, class parents, field trips
] as const;
export const ThematicCategorySchema = z.enum(THEMATIC_CATEGORIES);
export type ThematicCategory = z.infer<typeof ThematicCategorySchema>;
