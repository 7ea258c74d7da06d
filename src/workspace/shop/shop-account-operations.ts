import type { Address, ShopApp } from "../../scenario/index.js";
import type { WorkspaceStore } from "../store/workspace-store.js";
import { parsePrice } from "./prices.js";

/** Star ratings a review can give (the shop's own choices). */
export const REVIEW_RATINGS = ["5", "4", "3", "2", "1"] as const;

function shopOf(store: WorkspaceStore, episodeId: string): ShopApp {
  const shop = store.episode(episodeId).state.shop;
  if (!shop) throw new Error("this workspace has no shop");
  return shop;
}

/** The user's name on the shop: the author of their reviews. */
function shopMe(shop: ShopApp): string {
  return shop.me ?? "me";
}

/** A review by the user, appended to the product's reviews (a product without any gets its first). */
export function writeReview(
  store: WorkspaceStore,
  episodeId: string,
  productIndex: number,
  fields: { rating?: number; title?: string; text: string },
): number {
  const shop = shopOf(store, episodeId);
  const product = shop.catalogue[productIndex];
  if (!product) throw new Error(`no product ${productIndex}`);
  const index = product.reviews?.length ?? 0;
  store.commit(
    episodeId,
    {
      app: "shop",
      operation: "write_review",
      entity: `shop/catalogue/${productIndex}/reviews/${index}`,
      context: { product: product.name },
    },
    () => {
      product.reviews ??= [];
      product.reviews.push({
        author: shopMe(shop),
        ...(fields.rating !== undefined ? { rating: fields.rating } : {}),
        ...(fields.title ? { title: fields.title } : {}),
        text: fields.text,
      });
    },
  );
  return index;
}

/** The one-line form of an address an order keeps: "Home: 12 Elm St, Springfield". */
export function addressLine(address: Address): string {
  return `${address.label}: ${address.lines
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .join(", ")}`;
}

export function addAddress(
  store: WorkspaceStore,
  episodeId: string,
  fields: { label: string; lines: string; makeDefault: boolean },
): number {
  const shop = shopOf(store, episodeId);
  const index = shop.addresses?.length ?? 0;
  store.commit(episodeId, { app: "shop", operation: "add_address", entity: `shop/addresses/${index}` }, () => {
    shop.addresses ??= [];
    shop.addresses.push({ label: fields.label, lines: fields.lines });
  });
  if (fields.makeDefault) setDefaultAddress(store, episodeId, index);
  return index;
}

/** Exactly one default afterwards; logged on the whole list, since two flags change. */
export function setDefaultAddress(store: WorkspaceStore, episodeId: string, index: number): void {
  const addresses = shopOf(store, episodeId).addresses;
  if (!addresses?.[index]) throw new Error(`no address ${index}`);
  store.commit(episodeId, { app: "shop", operation: "set_default_address", entity: "shop/addresses" }, () => {
    addresses.forEach((address, position) => {
      if (position === index) address.default = true;
      else delete address.default;
    });
  });
}

/** The address checkout offers first: the default one, else the first. */
export function defaultAddress(shop: ShopApp): number {
  const addresses = shop.addresses ?? [];
  const found = addresses.findIndex((address) => address.default === true);
  return Math.max(found, 0);
}

/** The position of the user's active gift card with exactly this code (spaces and case ignored), or -1. */
export function findGiftCard(shop: ShopApp, code: string): number {
  const wanted = code.replace(/\s+/g, "").toUpperCase();
  return (shop.gift_cards ?? []).findIndex((card) => card.status === "active" && card.code.replace(/\s+/g, "").toUpperCase() === wanted);
}

/**
 * Redeems one of the user's active cards to their store credit: the card is marked redeemed and
 * its value added to the balance when both amounts can be read in the same currency (a wrong
 * balance is worse than none, so otherwise the balance is left as it was).
 */
export function redeemGiftCard(store: WorkspaceStore, episodeId: string, index: number): void {
  const shop = shopOf(store, episodeId);
  const card = shop.gift_cards?.[index];
  if (!card) throw new Error(`no gift card ${index}`);
  store.commit(
    episodeId,
    { app: "shop", operation: "redeem_gift_card", entity: `shop/gift_cards/${index}/status`, context: { code: card.code } },
    () => {
      card.status = "redeemed";
    },
  );
  const value = parsePrice(card.balance);
  const before =
    shop.balance === undefined ? { amount: 0, prefix: value?.prefix ?? "", suffix: value?.suffix ?? "" } : parsePrice(shop.balance);
  if (!value || !before || before.prefix !== value.prefix || before.suffix !== value.suffix) return;
  const total = (Math.round((before.amount + value.amount) * 100) / 100).toFixed(2);
  store.commit(episodeId, { app: "shop", operation: "add_balance", entity: "shop/balance" }, () => {
    shop.balance = `${value.prefix}${total}${value.suffix ? ` ${value.suffix}` : ""}`;
  });
}

/** Sends a card to someone as a gift: it leaves the user's hands (status "sent", `sent_to` as typed). */
export function sendGiftCard(store: WorkspaceStore, episodeId: string, index: number, to: string): void {
  const card = shopOf(store, episodeId).gift_cards?.[index];
  if (!card) throw new Error(`no gift card ${index}`);
  store.commit(episodeId, { app: "shop", operation: "send_gift_card", entity: `shop/gift_cards/${index}`, context: { to } }, () => {
    card.status = "sent";
    card.sent_to = to;
  });
}
