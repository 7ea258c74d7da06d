import { countOf } from "../../core/index.js";
import { OrderSchema } from "../../scenario/index.js";
import type { WorkspaceAppDefinition } from "../app-definition.js";
import { orderText } from "../artifacts/entity-text.js";
import { entryField } from "../artifacts/entry-fields.js";
import { sharedArtifact } from "../artifacts/share-payload.js";

export const shopApp: WorkspaceAppDefinition<"shop"> = {
  name: "shop",
  label: "Shop",
  // The shop's routes register its account pages too (shop-account-routes.ts).
  routes: async () => (await import("./shop-routes.js")).registerShopRoutes,
  summary: (shop) => `${countOf(shop.cart.length, "item")} in the cart, ${countOf(shop.orders.length, "order")}`,
  artifactOf(entry) {
    if (entry.operation === "share") return sharedArtifact(entry, "shop_shared", "order");
    if (entry.operation !== "place_order") return undefined;
    const order = entryField(OrderSchema, entry.after, entry);
    return { kind: "order_placed", channel: "order", recipient: null, recipients: [], text: orderText(order) };
  },
};
