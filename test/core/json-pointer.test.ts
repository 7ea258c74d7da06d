import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseJsonPointer, resolveJsonPointer } from "../../src/core/index.js";

const doc = { shop: { orders: [{ item: "kettle" }, { item: "mug" }] }, "a/b": { "m~n": 1 }, empty: [] };

describe("resolveJsonPointer", () => {
  it("resolves RFC 6901 pointers, escapes included", () => {
    expect(resolveJsonPointer(doc, "/shop/orders/1/item")).toEqual([{ path: "/shop/orders/1/item", value: "mug" }]);
    expect(resolveJsonPointer(doc, "/a~1b/m~0n")).toEqual([{ path: "/a~1b/m~0n", value: 1 }]);
    expect(resolveJsonPointer(doc, "")).toEqual([{ path: "", value: doc }]);
  });

  it("expands * over every element or key, in order", () => {
    expect(resolveJsonPointer(doc, "/shop/orders/*/item").map((match) => match.value)).toEqual(["kettle", "mug"]);
    expect(resolveJsonPointer(doc, "/*").map((match) => match.path)).toEqual(["/shop", "/a~1b", "/empty"]);
    expect(resolveJsonPointer(doc, "/empty/*")).toEqual([]);
  });

  it("finds nothing for a missing key, an index past the end, a non-canonical index or an inherited key", () => {
    for (const pointer of [
      "/shop/basket",
      "/shop/orders/2",
      "/shop/orders/01",
      "/shop/orders/-",
      "/shop/constructor",
      "/shop/orders/0/item/x",
    ])
      expect(resolveJsonPointer(doc, pointer), pointer).toEqual([]);
  });

  it("rejects text that is not a pointer", () => {
    expect(parseJsonPointer("shop")).toEqual({ error: expect.stringMatching(/starts with "\/"/) });
    expect(parseJsonPointer("/a~2")).toEqual({ error: expect.stringMatching(/0 or 1/) });
    expect(() => resolveJsonPointer(doc, "shop")).toThrow(RangeError);
  });

  it("a key that is literally * is reached only through the wildcard, with every sibling", () => {
    expect(resolveJsonPointer({ a: { "*": 1, b: 2 } }, "/a/*")).toEqual([
      { path: "/a/*", value: 1 },
      { path: "/a/b", value: 2 },
    ]);
  });

  it("reaches every leaf of a random document by the path it reports (property)", () => {
    fc.assert(
      // A key that is literally "*" cannot be named (the module says so; the test below pins what
      // happens to one), so documents with one are not this property's business.
      fc.property(
        fc.jsonValue().filter((value) => !JSON.stringify(value).includes('"*":')),
        (value) => {
          // Every match of "/*/*" has a concrete path that resolves to exactly that value.
          for (const match of resolveJsonPointer(value, "/*/*")) expect(resolveJsonPointer(value, match.path)).toEqual([match]);
        },
      ),
    );
  });
});
