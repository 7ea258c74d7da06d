import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ShopApp } from "../../scenario/index.js";
import { appContext } from "../http/page-context.js";
import { assertSameItem, indexParam, readForm, redirectTo } from "../http/request-helpers.js";
import type { RouteDeps } from "../http/workspace-env.js";
import { labelMarkup } from "../views/labelling.js";
import { pageLayout } from "../views/page-layout.js";
import { appPath } from "../views/paths.js";
import {
  addAddress,
  addressLine,
  findGiftCard,
  REVIEW_RATINGS,
  redeemGiftCard,
  sendGiftCard,
  setDefaultAddress,
  writeReview,
} from "./shop-account-operations.js";
import { accountPage, productPage, sellerPage } from "./shop-account-views.js";

/**
 * The address an order ships to, from checkout's choice: undefined when the shop keeps no
 * addresses (orders stay as they were), and 400 for a choice that is not one of them.
 */
export function shipTo(shop: ShopApp, choice: string): string | undefined {
  const addresses = shop.addresses ?? [];
  if (addresses.length === 0) return undefined;
  const found = addresses.map(addressLine).find((line) => line === choice);
  if (found === undefined) throw new HTTPException(400, { message: "Choose an address from the list." });
  return found;
}

/** Product pages with reviews, seller pages, and the account: addresses, gift cards, store credit. */
export function registerShopAccountRoutes({ app, store }: RouteDeps): void {
  const context = (c: Context) => appContext(c, store, "shop");
  const account = (c: Context) => appPath(context(c).episode.id, "shop", "account");

  app.get("/e/:episode/shop/catalogue/:product", (c) => {
    const { episode, state, path, notice } = context(c);
    const index = indexParam(c, "product", state.catalogue.length);
    const product = state.catalogue[index]!;
    const body = productPage(episode, state, product, index);
    return c.html(
      pageLayout({ episode, title: product.name, heading: labelMarkup({ value: product.name }), app: "shop", path, notice, body }),
    );
  });

  app.post("/e/:episode/shop/catalogue/:product/reviews", async (c) => {
    const { episode, state } = context(c);
    const index = indexParam(c, "product", state.catalogue.length);
    const form = await readForm(c);
    assertSameItem(form, state.catalogue[index]!.name);
    const text = form.get("text").trim();
    if (text === "") throw new HTTPException(400, { message: "Write something in the review first." });
    const rating = form.get("rating");
    if (rating !== "" && !(REVIEW_RATINGS as readonly string[]).includes(rating))
      throw new HTTPException(400, { message: "Choose 1 to 5 stars." });
    writeReview(store, episode.id, index, { ...(rating !== "" ? { rating: Number(rating) } : {}), title: form.get("title").trim(), text });
    return redirectTo(c, appPath(episode.id, "shop", "catalogue", index), "created");
  });

  app.get("/e/:episode/shop/sellers/:seller", (c) => {
    const { episode, state, path } = context(c);
    const index = indexParam(c, "seller", state.sellers?.length ?? 0);
    const seller = state.sellers![index]!;
    const body = sellerPage(episode, state, index);
    return c.html(pageLayout({ episode, title: seller.name, heading: labelMarkup({ value: seller.name }), app: "shop", path, body }));
  });

  app.get("/e/:episode/shop/account", (c) => {
    const { episode, state, path, notice } = context(c);
    return c.html(pageLayout({ episode, title: "Addresses and gift cards", app: "shop", path, notice, body: accountPage(episode, state) }));
  });

  app.post("/e/:episode/shop/addresses", async (c) => {
    const { episode } = context(c);
    const form = await readForm(c);
    const label = form.get("label").trim();
    const lines = form.get("lines").trim();
    if (label === "" || lines === "") throw new HTTPException(400, { message: "An address needs a name and the address itself." });
    addAddress(store, episode.id, { label, lines, makeDefault: form.get("default") === "on" });
    return redirectTo(c, account(c), "saved");
  });

  app.post("/e/:episode/shop/addresses/:address/default", async (c) => {
    const { episode, state } = context(c);
    const index = indexParam(c, "address", state.addresses?.length ?? 0);
    assertSameItem(await readForm(c), state.addresses![index]!.label);
    setDefaultAddress(store, episode.id, index);
    return redirectTo(c, account(c), "updated");
  });

  app.post("/e/:episode/shop/gift-cards/redeem", async (c) => {
    const { episode, state } = context(c);
    const index = findGiftCard(state, (await readForm(c)).get("code"));
    if (index < 0) throw new HTTPException(400, { message: "That code is not one of your active gift cards." });
    redeemGiftCard(store, episode.id, index);
    return redirectTo(c, account(c), "updated");
  });

  app.post("/e/:episode/shop/gift-cards/:card/send", async (c) => {
    const { episode, state } = context(c);
    const index = indexParam(c, "card", state.gift_cards?.length ?? 0);
    const card = state.gift_cards![index]!;
    const form = await readForm(c);
    assertSameItem(form, card.code);
    const to = form.get("to").trim();
    if (to === "") throw new HTTPException(400, { message: "Enter who to send the card to." });
    if (card.status !== "active") throw new HTTPException(400, { message: "Only an active card can be sent." });
    sendGiftCard(store, episode.id, index, to);
    return redirectTo(c, account(c), "shared");
  });
}
