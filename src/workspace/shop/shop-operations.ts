import type { CartLine, Order, ShopApp } from "../../scenario/index.js";
import type { WorkspaceStore } from "../store/workspace-store.js";
import { totalOf } from "./prices.js";
import { orderItemSummary } from "./shop-text.js";

function shopOf(store: WorkspaceStore, episodeId: string): ShopApp {
  const shop = store.episode(episodeId).state.shop;
  if (!shop) throw new Error("this workspace has no shop");
  return shop;
}

/** Keeps a catalogue product's own `in_cart` flag (when the scenario gave one) in step with the cart. */
function syncInCart(store: WorkspaceStore, episodeId: string, name: string): void {
  const shop = shopOf(store, episodeId);
  const inCart = shop.cart.some((line) => line.name === name);
  shop.catalogue.forEach((product, index) => {
    if (product.name !== name || product.in_cart === undefined || product.in_cart === inCart) return;
    store.commit(episodeId, { app: "shop", operation: "mark_in_cart", entity: `shop/catalogue/${index}` }, () => {
      product.in_cart = inCart;
    });
  });
}

/** Adds one of a catalogue product; a product already in the cart gets one more. */
export function addToCart(store: WorkspaceStore, episodeId: string, productIndex: number): void {
  const shop = shopOf(store, episodeId);
  const product = shop.catalogue[productIndex];
  if (!product) throw new Error(`no product ${productIndex}`);
  const existing = shop.cart.findIndex((line) => line.name === product.name);
  if (existing >= 0) {
    setQuantity(store, episodeId, existing, (shop.cart[existing]!.quantity ?? 1) + 1);
  } else {
    store.commit(episodeId, { app: "shop", operation: "add_to_cart", entity: `shop/cart/${shop.cart.length}` }, () => {
      const line: CartLine = { name: product.name, quantity: 1 };
      if (product.price !== undefined) line.price = product.price;
      shop.cart.push(line);
    });
  }
  syncInCart(store, episodeId, product.name);
}

export function setQuantity(store: WorkspaceStore, episodeId: string, lineIndex: number, quantity: number): void {
  const line = shopOf(store, episodeId).cart[lineIndex];
  if (!line) throw new Error(`no cart line ${lineIndex}`);
  store.commit(episodeId, { app: "shop", operation: "update_quantity", entity: `shop/cart/${lineIndex}` }, () => {
    line.quantity = quantity;
  });
}

/** Removing a line is logged on the whole cart, because the later lines move up. */
export function removeFromCart(store: WorkspaceStore, episodeId: string, lineIndex: number): void {
  const shop = shopOf(store, episodeId);
  const line = shop.cart[lineIndex];
  if (!line) throw new Error(`no cart line ${lineIndex}`);
  store.commit(episodeId, { app: "shop", operation: "remove_from_cart", entity: "shop/cart" }, () => {
    shop.cart.splice(lineIndex, 1);
  });
  syncInCart(store, episodeId, line.name);
}

export function saveForLater(store: WorkspaceStore, episodeId: string, lineIndex: number): void {
  const shop = shopOf(store, episodeId);
  const line = shop.cart[lineIndex];
  if (!line) throw new Error(`no cart line ${lineIndex}`);
  store.commit(
    episodeId,
    { app: "shop", operation: "save_for_later", entity: `shop/saved_for_later/${shop.saved_for_later.length}` },
    () => {
      shop.saved_for_later.push(structuredClone(line));
    },
  );
  removeFromCart(store, episodeId, lineIndex);
}

export function moveToCart(store: WorkspaceStore, episodeId: string, savedIndex: number): void {
  const shop = shopOf(store, episodeId);
  const line = shop.saved_for_later[savedIndex];
  if (!line) throw new Error(`no saved line ${savedIndex}`);
  store.commit(episodeId, { app: "shop", operation: "move_to_cart", entity: `shop/cart/${shop.cart.length}` }, () => {
    shop.cart.push(structuredClone(line));
  });
  store.commit(episodeId, { app: "shop", operation: "remove_saved", entity: "shop/saved_for_later" }, () => {
    shop.saved_for_later.splice(savedIndex, 1);
  });
  syncInCart(store, episodeId, line.name);
}

/**
 * Places an order for the whole cart, dated by the fixed clock, with the note for the seller and
 * driver and, when the shop keeps addresses, the address it ships to; the cart is then empty.
 */
export function placeOrder(store: WorkspaceStore, episodeId: string, note: string, shipTo?: string): number {
  const shop = shopOf(store, episodeId);
  const lines = [...shop.cart];
  if (lines.length === 0) throw new Error("the cart is empty");
  const index = shop.orders.length;
  const total = totalOf(lines);
  store.commit(episodeId, { app: "shop", operation: "place_order", entity: `shop/orders/${index}` }, () => {
    const order: Order = { item: orderItemSummary(lines), status: "placed", date: store.episode(episodeId).clock.date };
    if (total) order.total = total;
    if (shipTo !== undefined) order.ship_to = shipTo;
    if (note.trim() !== "") order.extra = { note };
    shop.orders.push(order);
  });
  store.commit(episodeId, { app: "shop", operation: "empty_cart", entity: "shop/cart" }, () => {
    shop.cart.splice(0, shop.cart.length);
  });
  for (const line of lines) syncInCart(store, episodeId, line.name);
  return index;
}
