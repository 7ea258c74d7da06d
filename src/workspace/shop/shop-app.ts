import { OrderSchema } from "../../scenario/index.js";
import { plural, type WorkspaceAppDefinition } from "../app-definition.js";
import { orderText } from "../artifacts/entity-text.js";
import { entryField } from "../artifacts/entry-fields.js";
import { sharedArtifact } from "../artifacts/share-payload.js";

export const shopApp: WorkspaceAppDefinition<"shop"> = {
  name: "shop",
  label: "Shop",
  // The shop's routes register its account pages too (shop-account-routes.ts).
  routes: async () => (await import("./shop-routes.js")).registerShopRoutes,
  summary: (shop) => `${plural(shop.cart.length, "item", "items")} in the cart, ${plural(shop.orders.length, "order", "orders")}`,
  artifactOf(entry) {
    if (entry.operation === "share") return sharedArtifact(entry, "shop_shared", "order");
    if (entry.operation !== "place_order") return undefined;
    const order = entryField(OrderSchema, entry.after, entry);
    return { kind: "order_placed", channel: "order", recipient: null, recipients: [], text: orderText(order) };
  },
};
