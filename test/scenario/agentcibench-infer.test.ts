import { describe, expect, it } from "vitest";
import { inferCategory, inferChannel, inferRecipient } from "../../src/scenario/agentcibench/index.js";

// Hand-made prompts in the style of the released data (not copied from it).

describe("inferChannel", () => {
  it.each([
    ["Create a calendar event for the picnic with Dana.", "calendar_event"],
    ["Read the chat with Leo and add the dinner to my OpenCalendar for Friday.", "calendar_event"],
    ["Block out an hour on my calendar for the dentist.", "calendar_event"],
    ["Send Priya an invite for Thursday's review.", "calendar_event"],
    ["Look at my calendar and tell Omar when I'm busy.", "message"],
    ["Send Sam the list of open tabs.", "message"],
    ["Text the Book Club group the meeting place.", "message"],
    ["Reply to Ines with my free slots.", "message"],
    ["DM Kofi the staging URL.", "message"],
    ["Can you let Maria know what's left on my list?", "message"],
    ["Drop a short summary into the #ops-team channel.", "message"],
    ["Share the highlights in #announcements so everyone knows.", "message"],
    ["Give Ravi a quick update in our chat.", "message"],
    ["Pull the errands from my chat with Ana and add them to my to-do list.", "todo_item"],
    ["Copy the new key from my notes and paste it into the settings.py file.", "file"],
    ["Share my current route and ETA.", "route_share"],
    ["Order the usual printer paper from my cart.", "order"],
    ["Summarize my to-do list into a short status update.", "note"],
  ] as const)("%s → %s", (task, channel) => {
    expect(inferChannel(task)).toBe(channel);
  });
});

describe("inferRecipient", () => {
  it("matches a thread contact by its short name and keeps the relation", () => {
    expect(inferRecipient("Send Sam the list of open tabs.", ["Sam (Senior Dev)"], "message")).toEqual({
      name: "Sam (Senior Dev)",
      relation: "Senior Dev",
    });
  });

  it("matches a thread contact by its relation", () => {
    expect(inferRecipient("Send an update to my manager before I leave.", ["Drafts", "Nora (Manager)"], "message")).toEqual({
      name: "Nora (Manager)",
      relation: "Manager",
    });
  });

  it("prefers the addressee over a possessive source", () => {
    const contacts = ["Priya (VP Eng) - Leadership DM", "#engineering-general"];
    expect(inferRecipient("Summarize Priya's recap and post it in #engineering-general.", contacts, "message")).toEqual({
      name: "#engineering-general",
      kind: "group",
    });
    expect(inferRecipient("Priya’s waiting on the summary, can you send it?", contacts, "message")).toEqual({
      name: "Priya (VP Eng) - Leadership DM",
      relation: "VP Eng",
    });
  });

  it("takes the earliest of several mentioned contacts", () => {
    expect(inferRecipient("Tell Maya that Nora approved it.", ["Nora (Manager)", "Maya"], "message")).toEqual({ name: "Maya" });
  });

  it("marks group threads and does not treat 'Group Chat' as a relation", () => {
    expect(inferRecipient("Ping the design team with my ETA.", ["Design Team (Group Chat)"], "message")).toEqual({
      name: "Design Team (Group Chat)",
      kind: "group",
    });
  });

  it("matches one-word names only with their capitalisation", () => {
    expect(inferRecipient("Please mark the report done and summarize my day.", ["Mark (Husband)", "Ana"], "note")).toEqual({
      name: "unspecified",
    });
  });

  it("takes a capitalised name after a send-verb when no contact is mentioned", () => {
    expect(inferRecipient("Send Sam a quick note about Saturday.", [], "message")).toEqual({ name: "Sam" });
    expect(
      inferRecipient(
        "Reply to Sarah Chen with the onboarding status.",
        ["Search results for 'Sarah Chen' show two same-name contacts"],
        "message",
      ),
    ).toEqual({
      name: "Sarah Chen",
    });
    expect(inferRecipient("Email Finance Reimbursements the receipts.", ["Conversation"], "message")).toEqual({
      name: "Finance Reimbursements",
      kind: "organisation",
    });
    expect(inferRecipient("Forward the notes to the Grant Review Committee.", [], "message")).toEqual({
      name: "the Grant Review Committee",
      kind: "group",
    });
    expect(inferRecipient("Summarize my weekend plans for Jo.", [], "note")).toEqual({ name: "Jo" });
  });

  it("skips app names, days, acronyms and purposes", () => {
    expect(inferRecipient("Send a quick OpenMessenger update for Friday.", [], "message")).toEqual({ name: "unspecified" });
    expect(inferRecipient("Grab the variables for the Staging environment and send them.", [], "message")).toEqual({ name: "unspecified" });
    expect(inferRecipient("List the items for WFH and the tasks for V2.0.", [], "note")).toEqual({ name: "unspecified" });
  });

  it("falls back to the only contact for a message, and to 'unspecified' otherwise", () => {
    expect(inferRecipient("Send a quick update summarizing my to-do items.", ["Drafts", "Claire"], "message")).toEqual({ name: "Claire" });
    expect(inferRecipient("Create a calendar block with logistics only.", ["Claire"], "calendar_event")).toEqual({ name: "unspecified" });
    expect(inferRecipient("Send a quick update.", ["Claire", "Ben"], "message")).toEqual({ name: "unspecified" });
    expect(inferRecipient("Send a quick update.", ["Inbox filtered to label 'Grant Prep'; eight subject lines"], "message")).toEqual({
      name: "unspecified",
    });
  });
});

describe("inferCategory", () => {
  it.each([
    ["seed_calendar_titles_vendor_001", "calendar_availability"],
    ["seed_freelance_client_availability_001", "calendar_availability"],
    ["seed_manager_day_digest_mixed_001", "work_status_updates"],
    ["seed_leadership_sync_summary_001", "work_status_updates"],
    ["seed_direct_report_shadowing_calendar_001", "work_status_updates"],
    ["seed_auth_debug_tabs_001", "engineering_collaboration"],
    ["seed_env_secrets_001", "engineering_collaboration"],
    ["seed_todo_api_key_001", "engineering_collaboration"],
    ["seed_wfh_reimbursement_cart_001", "shopping_procurement"],
    ["seed_maps_recent_searches_001", "maps_routes_eta"],
    ["seed_family_potluck_group_001", "household_logistics"],
    ["seed_household_weekend_digest_001", "household_logistics"],
    ["seed_volunteer_pickup_route_colocated_001", "community_school"],
    ["seed_pantries_route_sidebar_colocated_001", "community_school"],
    ["seed_teacher_field_trip_update_001", "community_school"],
  ] as const)("%s → %s", (seedId, category) => {
    expect(inferCategory(seedId, { messenger: {} })).toBe(category);
  });

  it("leaves unclear seeds unset", () => {
    expect(inferCategory("seed_errands_maps_shop_wildcard_001", { maps: {}, shop: {} })).toBeUndefined();
    expect(inferCategory("seed_wrong_thread_reply_001", { messenger: { threads: [] } })).toBeUndefined();
    expect(inferCategory("seed_mom_dinner_calendar_001", { calendar: { events: [{ title: "Dinner" }] } })).toBeUndefined();
  });

  it("falls back to a single content-bearing topic app, ignoring empty apps", () => {
    expect(inferCategory("seed_lunch_order_001", { shop: { cart: [{ name: "Soup" }] }, maps: {} })).toBe("shopping_procurement");
    expect(
      inferCategory("seed_lunch_order_001", { shop: { cart: [{ name: "Soup" }] }, maps: { recent_searches: ["Deli"] } }),
    ).toBeUndefined();
  });
});
