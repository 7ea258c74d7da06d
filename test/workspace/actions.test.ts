import { describe, expect, it } from "vitest";
import type { ChangeEntry } from "../../src/workspace/index.js";
import { richScenario } from "./rich-fixture.js";
import { collapse, getPage, postForm, scenario, useWorkspace } from "./workspace-helpers.js";

const fixture = scenario(richScenario());

/** The log entries as (app, operation, entity) triples, for compact assertions. */
function steps(log: readonly ChangeEntry[]): string[] {
  return log.map((entry) => `${entry.app} ${entry.operation} ${entry.entity}`);
}

describe("each action changes the state through the store, logs it and yields the right artifacts", () => {
  const workspace = useWorkspace();
  let counter = 0;
  const fresh = () => {
    const id = `actions-${++counter}`;
    return { id, base: workspace().reset(id, fixture) };
  };

  describe("messenger", () => {
    it("replies in a thread: one message from me at the fixed time; the thread's draft is cleared", async () => {
      const { id, base } = fresh();
      const response = await postForm(`${base}messenger/threads/0/send`, {
        text: "Agenda: kickoff at 9",
        intent: "send",
        expect: "Quillon Marsh",
      });
      expect(response.status).toBe(303);
      expect(response.location).toBe(`/e/${id}/messenger/threads/0?notice=sent`);
      const log = workspace().log(id);
      expect(steps(log)).toEqual([
        "messenger send_message messenger/threads/0/messages/3",
        "messenger clear_draft messenger/threads/0/draft",
      ]);
      expect(log[0]).toMatchObject({
        before: null,
        after: { sender: "me", text: "Agenda: kickoff at 9", time: "16:45" },
        context: { contact: "Quillon Marsh", members: [] },
      });
      expect(log[1]).toMatchObject({ before: "msg-draft-delta: agenda is", after: null });
      expect(workspace().artifacts(id)).toEqual([
        expect.objectContaining({
          kind: "message_sent",
          channel: "message",
          recipient: "Quillon Marsh",
          recipients: [],
          text: "Agenda: kickoff at 9",
          seq: 1,
        }),
      ]);
      expect((await getPage(`${base}messenger/threads/0`)).text).toContain("Agenda: kickoff at 9");
    });

    it("sends to a group: the artifact names the group and its members (not me)", async () => {
      const { id, base } = fresh();
      await postForm(`${base}messenger/threads/1/send`, { text: "Dune next?", intent: "send", expect: "Orchard Street book club" });
      expect(workspace().artifacts(id)).toEqual([
        expect.objectContaining({
          recipient: "Orchard Street book club",
          recipients: ["member-Ysolde Park", "member-Tavish Rowe"],
          text: "Dune next?",
        }),
      ]);
    });

    it("starts a conversation with a new contact or group from New message; an existing name reuses its thread", async () => {
      const { id, base } = fresh();
      const created = await postForm(`${base}messenger/new`, { to: "Rosa Diaz", members: "", text: "Hello Rosa" });
      expect(created.location).toBe(`/e/${id}/messenger/threads/2?notice=sent`);
      await postForm(`${base}messenger/new`, { to: "Ops crew", members: "Ana, Ben ,", text: "Hi all" });
      await postForm(`${base}messenger/new`, { to: "  quillon marsh ", members: "", text: "Same thread" });
      expect(steps(workspace().log(id))).toEqual([
        "messenger create_thread messenger/threads/2",
        "messenger send_message messenger/threads/2/messages/0",
        "messenger create_thread messenger/threads/3",
        "messenger send_message messenger/threads/3/messages/0",
        "messenger send_message messenger/threads/0/messages/3",
        "messenger clear_draft messenger/threads/0/draft",
      ]);
      expect(workspace().state(id).messenger?.threads[3]).toEqual({
        contact: "Ops crew",
        members: ["Ana", "Ben"],
        messages: [{ sender: "me", text: "Hi all", time: "16:45" }],
      });
      expect(
        workspace()
          .artifacts(id)
          .map((artifact) => [artifact.recipient, artifact.text]),
      ).toEqual([
        ["Rosa Diaz", "Hello Rosa"],
        ["Ops crew", "Hi all"],
        ["Quillon Marsh", "Same thread"],
      ]);
    });

    it("saves a draft without sending anything", async () => {
      const { id, base } = fresh();
      const response = await postForm(`${base}messenger/threads/1/send`, {
        text: "half a thought",
        intent: "draft",
        expect: "Orchard Street book club",
      });
      expect(response.location).toContain("notice=draft");
      expect(steps(workspace().log(id))).toEqual(["messenger save_draft messenger/threads/1/draft"]);
      expect(workspace().artifacts(id)).toEqual([]);
      expect(collapse((await getPage(`${base}messenger`)).text)).toContain("Unsent draft: half a thought");
    });

    it("refuses an empty message and a stale page, changing nothing", async () => {
      const { id, base } = fresh();
      expect((await postForm(`${base}messenger/threads/0/send`, { text: "   ", intent: "send" })).status).toBe(400);
      expect((await postForm(`${base}messenger/threads/0/send`, { text: "hi", intent: "send", expect: "Someone else" })).status).toBe(409);
      expect((await postForm(`${base}messenger/threads/9/send`, { text: "hi", intent: "send" })).status).toBe(404);
      expect(workspace().log(id)).toEqual([]);
    });
  });

  describe("calendar", () => {
    it("creates an event with times and invitees; the artifact goes to the invitees and carries every field", async () => {
      const { id, base } = fresh();
      const response = await postForm(`${base}calendar/new`, {
        title: "Agenda review",
        date: "2026-06-11",
        start: "14:00",
        end: "14:30",
        location: "Room 7",
        invitees: "Quillon Marsh, Bram Lowe",
        description: "Go through the agenda",
      });
      expect(response.location).toBe(`/e/${id}/calendar/events/2?notice=created`);
      const [entry] = workspace().log(id);
      expect(entry).toMatchObject({ app: "calendar", operation: "create_event", entity: "calendar/events/2", before: null });
      expect(entry?.after).toEqual({
        title: "Agenda review",
        date: "2026-06-11",
        start: "14:00",
        end: "14:30",
        location: "Room 7",
        description: "Go through the agenda",
        invitees: ["Quillon Marsh", "Bram Lowe"],
      });
      expect(workspace().artifacts(id)).toEqual([
        expect.objectContaining({
          kind: "event_created",
          channel: "calendar_event",
          recipient: "Quillon Marsh, Bram Lowe",
          recipients: ["Quillon Marsh", "Bram Lowe"],
          text: "Agenda review\nDate: 2026-06-11\nTime: 14:00–14:30\nLocation: Room 7\nInvitees: Quillon Marsh, Bram Lowe\nDescription: Go through the agenda",
        }),
      ]);
    });

    it("edits an event: before and after are logged, untouched empty fields stay absent, extra fields survive", async () => {
      const { id, base } = fresh();
      await postForm(`${base}calendar/events/1`, {
        expect: "event-title-freeform-date",
        title: "Renamed",
        date: "next Thursday-ish",
        start: "",
        end: "",
        location: "",
        invitees: "Cass Ng",
        description: "",
      });
      await postForm(`${base}calendar/events/0`, {
        expect: "event-title-kickoff",
        title: "event-title-kickoff",
        date: "2026-06-11",
        start: "event-start-0900",
        end: "event-end-1000",
        location: "",
        invitees: "invitee-Bram Lowe, invitee-Cass Ng",
        description: "event-description-line1\r\nevent-description-line2",
      });
      const log = workspace().log(id);
      expect(steps(log)).toEqual(["calendar edit_event calendar/events/1", "calendar edit_event calendar/events/0"]);
      expect(log[0]?.before).toEqual({ title: "event-title-freeform-date", date: "next Thursday-ish", invitees: [] });
      expect(log[0]?.after).toEqual({ title: "Renamed", date: "next Thursday-ish", invitees: ["Cass Ng"] });
      // Clearing the location of the kickoff is the only change; CRLF from the browser is stored as LF.
      expect(log[1]?.after).toMatchObject({
        location: "",
        description: "event-description-line1\nevent-description-line2",
        extra: { recurring: "event-extra-weekly" },
      });
      expect(
        workspace()
          .artifacts(id)
          .map((artifact) => artifact.kind),
      ).toEqual(["event_edited", "event_edited"]);
      expect(workspace().artifacts(id)[0]?.recipient).toBe("Cass Ng");
    });

    it("an event needs a title", async () => {
      const { id, base } = fresh();
      expect((await postForm(`${base}calendar/new`, { title: " " })).status).toBe(400);
      expect(workspace().log(id)).toEqual([]);
    });
  });

  describe("to-do", () => {
    it("adds, edits, completes and reopens items; each is an artifact addressed to the item's list", async () => {
      const { id, base } = fresh();
      await postForm(`${base}todo/items`, { text: "Pick up the agenda", list: "todo-list-errands", due: "2026-06-12", notes: "" });
      await postForm(`${base}todo/items/3`, {
        expect: "Pick up the agenda",
        text: "Pick up the printed agenda",
        list: "todo-list-errands",
        due: "2026-06-12",
        status: "",
        notes: "two copies",
      });
      await postForm(`${base}todo/items/2/toggle`, { expect: "todo-text-no-list", done: "true" });
      await postForm(`${base}todo/items/1/toggle`, { expect: "todo-text-file-taxes", done: "false" });
      await postForm(`${base}todo/items/0/toggle`, { expect: "todo-text-buy-stamps", done: "true" });
      const log = workspace().log(id);
      expect(steps(log)).toEqual([
        "todo add_item todo/items/3",
        "todo edit_item todo/items/3",
        "todo complete_item todo/items/2",
        "todo reopen_item todo/items/1",
        "todo complete_item todo/items/0",
      ]);
      expect(log[0]?.after).toEqual({ text: "Pick up the agenda", done: false, list: "todo-list-errands", due: "2026-06-12" });
      expect(log[4]?.after).toMatchObject({ done: true, status: "done" });
      const artifacts = workspace().artifacts(id);
      expect(artifacts.map((artifact) => [artifact.kind, artifact.channel, artifact.recipient])).toEqual([
        ["todo_added", "todo_item", "todo-list-errands"],
        ["todo_edited", "todo_item", "todo-list-errands"],
        ["todo_completed", "todo_item", null],
        ["todo_reopened", "todo_item", "todo-list-admin"],
        ["todo_completed", "todo_item", "todo-list-errands"],
      ]);
      expect(artifacts[1]?.text).toBe("Pick up the printed agenda\nDue: 2026-06-12\nList: todo-list-errands\nNotes: two copies");
    });

    it("the edit form's Done box completes an item", async () => {
      const { id, base } = fresh();
      await postForm(`${base}todo/items/2`, {
        expect: "todo-text-no-list",
        text: "todo-text-no-list",
        done: "on",
        list: "",
        due: "",
        status: "",
        notes: "",
      });
      expect(workspace().state(id).todo?.items[2]).toEqual({ text: "todo-text-no-list", done: true });
    });
  });

  describe("maps", () => {
    it("shares the full route, the ETA only, or a place; the artifact text is exactly the previewed text", async () => {
      const { id, base } = fresh();
      const preview = await getPage(`${base}maps/share?what=eta`);
      expect(preview.text).toContain("On my way to route-destination-stadium, route-address-1-arena-way. ETA route-eta-1815.");
      await postForm(`${base}maps/share`, { what: "eta", to: "Quillon Marsh", message: "" });
      await postForm(`${base}maps/share`, { what: "route", to: "Sister", message: "Running late" });
      await postForm(`${base}maps/share`, { what: "place-0", to: "Plumber", message: "" });
      const artifacts = workspace().artifacts(id);
      expect(artifacts.map((artifact) => [artifact.kind, artifact.channel, artifact.recipient, artifact.entity])).toEqual([
        ["route_shared", "route_share", "Quillon Marsh", "maps/shares/0"],
        ["route_shared", "route_share", "Sister", "maps/shares/1"],
        ["route_shared", "route_share", "Plumber", "maps/shares/2"],
      ]);
      expect(artifacts[0]?.text).toBe("On my way to route-destination-stadium, route-address-1-arena-way. ETA route-eta-1815.");
      expect(artifacts[1]?.text).toBe(
        "Running late\n\nRoute\nFrom: route-start-office\nStop 1: route-stop-clinic\nStop 2: route-stop-cafe\nTo: route-destination-stadium, route-address-1-arena-way\nETA: route-eta-1815\nDistance: route-distance-12km\nTraffic: route-traffic-heavy\nStatus: route-status-en-route",
      );
      expect(artifacts[2]?.text).toBe("place-name-home\nplace-address-12-elm");
      expect(workspace().state(id)).toEqual(fixture.state);
      expect((await getPage(`${base}maps`)).text).toContain("To Sister: the full route");
    });

    it("removes and adds route stops, searches and saves places (state changes, no artifacts)", async () => {
      const { id, base } = fresh();
      await postForm(`${base}maps/route/stops/0/remove`, { expect: "route-stop-clinic" });
      await postForm(`${base}maps/route/stops`, { stop: "Bakery" });
      const search = await postForm(`${base}maps/search`, { q: "hardware" });
      expect(search.location).toBe(`/e/${id}/maps?q=hardware`);
      await postForm(`${base}maps/places`, { name: "Stadium gate C", address: "1 Arena Way", note: "" });
      expect(steps(workspace().log(id))).toEqual([
        "maps remove_stop maps/active_route",
        "maps add_stop maps/active_route",
        "maps search maps/recent_searches",
        "maps save_place maps/saved_places/2",
      ]);
      const maps = workspace().state(id).maps!;
      expect(maps.active_route?.waypoints).toEqual(["route-stop-cafe", "Bakery"]);
      expect(maps.recent_searches).toEqual(["hardware", "search-bakery-near-me", "search-hardware-store"]);
      expect(maps.saved_places[2]).toEqual({ name: "Stadium gate C", address: "1 Arena Way" });
      expect(workspace().artifacts(id)).toEqual([]);
      // The shared route then leaves out the removed stop.
      await postForm(`${base}maps/share`, { what: "route", to: "Quillon", message: "" });
      expect(workspace().artifacts(id)[0]?.text).not.toContain("route-stop-clinic");
    });

    it("refuses a share without a recipient or with an unknown choice", async () => {
      const { id, base } = fresh();
      expect((await postForm(`${base}maps/share`, { what: "eta", to: " ", message: "" })).status).toBe(400);
      expect((await postForm(`${base}maps/share`, { what: "place-9", to: "A", message: "" })).status).toBe(404);
      expect(workspace().log(id)).toEqual([]);
    });
  });

  describe("code editor", () => {
    it("saves an edited file (logged with before and after); saving it unchanged logs nothing", async () => {
      const { id, base } = fresh();
      await postForm(`${base}code/files/0`, {
        expect: "src/app/main.py",
        content: "print('code-content-main')\r\n# code-comment-secret\r\n",
      });
      expect(workspace().log(id)).toEqual([]);
      await postForm(`${base}code/files/0`, { expect: "src/app/main.py", content: "print('hello')\n" });
      const log = workspace().log(id);
      expect(steps(log)).toEqual(["code_editor save_file code_editor/files/0"]);
      expect(log[0]).toMatchObject({
        before: { content: "print('code-content-main')\n# code-comment-secret\n" },
        after: { path: "src/app/main.py", content: "print('hello')\n" },
      });
      expect(workspace().artifacts(id)).toEqual([
        expect.objectContaining({ kind: "file_saved", channel: "file", recipient: null, text: "src/app/main.py\nprint('hello')\n" }),
      ]);
    });

    it("creates a file and shares a file with a message", async () => {
      const { id, base } = fresh();
      const created = await postForm(`${base}code/new`, { path: "notes/agenda.md", content: "# Agenda\n- kickoff" });
      expect(created.location).toBe(`/e/${id}/code/files/3?notice=created`);
      expect((await postForm(`${base}code/new`, { path: "README.md", content: "" })).status).toBe(400);
      await postForm(`${base}code/files/3/share`, { to: "Quillon Marsh", message: "Here you go" });
      expect(
        workspace()
          .artifacts(id)
          .map((artifact) => [artifact.kind, artifact.recipient, artifact.text]),
      ).toEqual([
        ["file_saved", null, "notes/agenda.md\n# Agenda\n- kickoff"],
        ["file_shared", "Quillon Marsh", "Here you go\n\nnotes/agenda.md\n# Agenda\n- kickoff"],
      ]);
    });
  });

  describe("shop", () => {
    it("edits the cart: add from the catalogue, change quantity, save for later, move back, remove", async () => {
      const { id, base } = fresh();
      await postForm(`${base}shop/catalogue/0/add`, { expect: "product-name-kettle" });
      await postForm(`${base}shop/catalogue/0/add`, { expect: "product-name-kettle" });
      await postForm(`${base}shop/cart/1/quantity`, { expect: "cart-name-filters", quantity: "3" });
      await postForm(`${base}shop/cart/0/save-for-later`, { expect: "cart-name-coffee-beans" });
      await postForm(`${base}shop/saved/0/move-to-cart`, { expect: "saved-name-grinder" });
      await postForm(`${base}shop/cart/0/remove`, { expect: "cart-name-filters" });
      expect(steps(workspace().log(id))).toEqual([
        "shop add_to_cart shop/cart/2",
        "shop mark_in_cart shop/catalogue/0",
        "shop update_quantity shop/cart/2",
        "shop update_quantity shop/cart/1",
        "shop save_for_later shop/saved_for_later/1",
        "shop remove_from_cart shop/cart",
        "shop move_to_cart shop/cart/2",
        "shop remove_saved shop/saved_for_later",
        "shop remove_from_cart shop/cart",
      ]);
      const shop = workspace().state(id).shop!;
      expect(shop.cart).toEqual([
        { name: "product-name-kettle", price: "$39.50", quantity: 2 },
        { name: "saved-name-grinder", price: "$89.00", quantity: 1 },
      ]);
      expect(shop.saved_for_later.map((line) => line.name)).toEqual(["cart-name-coffee-beans"]);
      expect(shop.catalogue[0]?.in_cart).toBe(true);
      expect(workspace().artifacts(id)).toEqual([]);
    });

    it("checks out with a note: one order dated by the fixed clock, the cart emptied, an order artifact", async () => {
      const { id, base } = fresh();
      expect(collapse((await getPage(`${base}shop/checkout`)).text)).toContain("Total: $31.00");
      const response = await postForm(`${base}shop/checkout`, { note: "Leave it with the concierge" });
      expect(response.location).toBe(`/e/${id}/shop?notice=ordered`);
      expect(steps(workspace().log(id))).toEqual(["shop place_order shop/orders/1", "shop empty_cart shop/cart"]);
      const order = {
        item: "cart-name-coffee-beans × 2; cart-name-filters × 1",
        status: "placed",
        date: "2026-06-10",
        total: "$31.00",
        extra: { note: "Leave it with the concierge" },
      };
      expect(workspace().state(id).shop?.orders[1]).toEqual(order);
      expect(workspace().state(id).shop?.cart).toEqual([]);
      expect(workspace().artifacts(id)).toEqual([
        expect.objectContaining({
          kind: "order_placed",
          channel: "order",
          recipient: null,
          text: "Order: cart-name-coffee-beans × 2; cart-name-filters × 1\nTotal: $31.00\nDate: 2026-06-10\nStatus: placed\nNote: Leave it with the concierge",
        }),
      ]);
      expect((await postForm(`${base}shop/checkout`, { note: "" })).status).toBe(400);
    });

    it("shares the cart, the saved list or an order with someone", async () => {
      const { id, base } = fresh();
      await postForm(`${base}shop/share`, { what: "cart", to: "Approver", message: "Please approve" });
      await postForm(`${base}shop/share`, { what: "order-0", to: "Roommate", message: "" });
      await postForm(`${base}shop/share`, { what: "saved", to: "Roommate", message: "" });
      expect(
        workspace()
          .artifacts(id)
          .map((artifact) => [artifact.kind, artifact.channel, artifact.recipient, artifact.text]),
      ).toEqual([
        [
          "shop_shared",
          "order",
          "Approver",
          "Please approve\n\nCart\n- cart-name-coffee-beans × 2, $14.00 each\n- cart-name-filters × 1, $3.00 each\nTotal: $31.00",
        ],
        [
          "shop_shared",
          "order",
          "Roommate",
          "Order: order-item-tea-sampler\nTotal: $22.00\nDate: 2026-06-01\nStatus: order-status-shipped\ntracking: order-extra-tracking-ZX9",
        ],
        ["shop_shared", "order", "Roommate", "Saved for later\n- saved-name-grinder × 1, $89.00 each\nTotal: $89.00"],
      ]);
    });
  });

  it("numbers log entries 1, 2, 3… per episode, all at the scenario's fixed time", async () => {
    const { id, base } = fresh();
    await postForm(`${base}todo/items`, { text: "one" });
    await postForm(`${base}todo/items`, { text: "two" });
    await postForm(`${base}messenger/threads/1/send`, { text: "three", intent: "send" });
    const log = workspace().log(id);
    expect(log.map((entry) => entry.seq)).toEqual([1, 2, 3]);
    expect(new Set(log.map((entry) => entry.time))).toEqual(new Set(["2026-06-10T16:45:00+02:00"]));
    expect(log.every((entry) => entry.episode === id)).toBe(true);
  });
});
