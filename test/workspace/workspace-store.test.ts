import { describe, expect, it } from "vitest";
import { artifactsOf } from "../../src/workspace/artifacts/artifacts-of.js";
import { type ChangeEntry, ChangeEntrySchema } from "../../src/workspace/index.js";
import { WorkspaceStore } from "../../src/workspace/store/workspace-store.js";
import { richScenario } from "./rich-fixture.js";
import { scenario } from "./workspace-helpers.js";

describe("the store", () => {
  const rich = scenario(richScenario());

  it("logs a change with deep copies of the entity before and after; a change that changes nothing is not logged", () => {
    const store = new WorkspaceStore();
    store.reset("s1", rich);
    const entry = store.commit("s1", { app: "todo", operation: "edit_item", entity: "todo/items/0" }, (state) => {
      state.todo!.items[0]!.text = "changed";
    });
    expect(entry).toMatchObject({ seq: 1, before: { text: "todo-text-buy-stamps" }, after: { text: "changed" } });
    expect(store.commit("s1", { app: "todo", operation: "edit_item", entity: "todo/items/0" }, () => {})).toBeNull();
    const log = store.log("s1");
    expect(log).toHaveLength(1);
    expect(() => ChangeEntrySchema.parse(log[0])).not.toThrow();
    (log[0]!.after as { text: string }).text = "tampered";
    expect((store.log("s1")[0]!.after as { text: string }).text).toBe("changed");
    store.state("s1").todo!.items[0]!.text = "tampered";
    expect(store.state("s1").todo!.items[0]!.text).toBe("changed");
  });

  it("keeps the scenario's state untouched and resets to it exactly", () => {
    const store = new WorkspaceStore();
    store.reset("s2", rich);
    store.commit("s2", { app: "todo", operation: "add_item", entity: "todo/items/3" }, (state) => {
      state.todo!.items.push({ text: "new", done: false });
    });
    expect(rich.state.todo!.items).toHaveLength(3);
    store.reset("s2", rich);
    expect(store.state("s2")).toEqual(rich.state);
    expect(store.log("s2")).toEqual([]);
  });

  it("emits outbound entries with no state change, numbered in the same sequence", () => {
    const store = new WorkspaceStore();
    store.reset("s3", rich);
    store.emit("s3", { app: "maps", operation: "share", entity: "maps/shares/0" }, { to: "A", what: "x", message: "", text: "t" });
    expect(store.countEntities("s3", "maps/shares/")).toBe(1);
    expect(store.state("s3")).toEqual(rich.state);
    expect(store.log("s3")[0]).toMatchObject({ seq: 1, before: null, after: { to: "A" } });
  });
});

describe("artifactsOf reads the log alone", () => {
  const entry = (partial: Partial<ChangeEntry>): ChangeEntry => ({
    episode: "e",
    seq: 1,
    time: "2026-01-01T00:00:00Z",
    app: "messenger",
    operation: "send_message",
    entity: "x",
    before: null,
    after: null,
    ...partial,
  });

  it("turns each sending entry into one artifact and ignores entries that share nothing", () => {
    const log = [
      entry({ seq: 1, operation: "create_thread", after: { contact: "Ann", members: [], messages: [] } }),
      entry({ seq: 2, after: { sender: "me", text: "hi Ann" }, context: { contact: "Ann", members: ["Ann", "me"] } }),
      entry({ seq: 3, app: "maps", operation: "search", after: ["q"] }),
      entry({ seq: 4, app: "todo", operation: "add_item", after: { text: "milk", done: false } }),
    ];
    expect(artifactsOf(log)).toEqual([
      {
        kind: "message_sent",
        channel: "message",
        recipient: "Ann",
        recipients: ["Ann"],
        text: "hi Ann",
        app: "messenger",
        seq: 2,
        entity: "x",
        time: "2026-01-01T00:00:00Z",
      },
      {
        kind: "todo_added",
        channel: "todo_item",
        recipient: null,
        recipients: [],
        text: "milk",
        app: "todo",
        seq: 4,
        entity: "x",
        time: "2026-01-01T00:00:00Z",
      },
    ]);
  });

  it("fails loudly on a malformed entry instead of dropping it", () => {
    expect(() => artifactsOf([entry({ seq: 7, after: { text: 3 }, context: { contact: "Ann" } })])).toThrow(/entry 7 .*malformed/);
    expect(() => artifactsOf([entry({ after: { text: "hi" } })])).toThrow(/malformed/);
  });
});
