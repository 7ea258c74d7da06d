import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ShopApp } from "../../scenario/index.js";
import { orderText } from "../artifacts/entity-text.js";
import { appContext } from "../http/page-context.js";
import { assertSameItem, indexParam, readForm, redirectTo } from "../http/request-helpers.js";
import { sharesOf } from "../http/share-log.js";
import { registerShareRoutes, type ShareChoice } from "../http/share-routes.js";
import type { RouteDeps } from "../http/workspace-env.js";
import { html } from "../views/html.js";
import { pageLayout } from "../views/page-layout.js";
import { appPath } from "../views/paths.js";
import { registerShopAccountRoutes, shipTo } from "./shop-account-routes.js";
import { addToCart, moveToCart, placeOrder, removeFromCart, saveForLater, setQuantity } from "./shop-operations.js";
import { linesText } from "./shop-text.js";
import { checkoutPage, shopHome } from "./shop-views.js";

/** Everything that can be shared from the shop: the cart, the saved list, and each order. */
function shopShareChoices(shop: ShopApp): ShareChoice[] {
  const choices: ShareChoice[] = [];
  if (shop.cart.length > 0) choices.push({ what: "cart", label: "the cart", text: linesText("Cart", shop.cart) });
  if (shop.saved_for_later.length > 0)
    choices.push({ what: "saved", label: "the saved-for-later list", text: linesText("Saved for later", shop.saved_for_later) });
  for (const [index, order] of shop.orders.entries())
    choices.push({ what: `order-${index}`, label: { fixed: "the order", value: `"${order.item}"` }, text: orderText(order) });
  return choices;
}

export function registerShopRoutes({ app, store }: RouteDeps): void {
  const context = (c: Context) => appContext(c, store, "shop");
  const home = (c: Context) => appPath(context(c).episode.id, "shop");

  app.get("/e/:episode/shop", (c) => {
    const { episode, state, path, notice } = context(c);
    return c.html(
      pageLayout({ episode, title: "Shop", app: "shop", path, notice, body: shopHome(episode, state, sharesOf(episode, "shop")) }),
    );
  });

  app.post("/e/:episode/shop/catalogue/:product/add", async (c) => {
    const { episode, state } = context(c);
    const index = indexParam(c, "product", state.catalogue.length);
    assertSameItem(await readForm(c), state.catalogue[index]!.name);
    addToCart(store, episode.id, index);
    return redirectTo(c, home(c), "updated");
  });

  app.post("/e/:episode/shop/cart/:line/quantity", async (c) => {
    const { episode, state } = context(c);
    const index = indexParam(c, "line", state.cart.length);
    const form = await readForm(c);
    assertSameItem(form, state.cart[index]!.name);
    const quantity = Number(form.get("quantity").trim());
    if (!Number.isInteger(quantity) || quantity < 0) throw new HTTPException(400, { message: "A quantity is a whole number, 0 or more." });
    if (quantity === 0) removeFromCart(store, episode.id, index);
    else setQuantity(store, episode.id, index, quantity);
    return redirectTo(c, home(c), "updated");
  });

  app.post("/e/:episode/shop/cart/:line/remove", async (c) => {
    const { episode, state } = context(c);
    const index = indexParam(c, "line", state.cart.length);
    assertSameItem(await readForm(c), state.cart[index]!.name);
    removeFromCart(store, episode.id, index);
    return redirectTo(c, home(c), "updated");
  });

  app.post("/e/:episode/shop/cart/:line/save-for-later", async (c) => {
    const { episode, state } = context(c);
    const index = indexParam(c, "line", state.cart.length);
    assertSameItem(await readForm(c), state.cart[index]!.name);
    saveForLater(store, episode.id, index);
    return redirectTo(c, home(c), "updated");
  });

  app.post("/e/:episode/shop/saved/:line/move-to-cart", async (c) => {
    const { episode, state } = context(c);
    const index = indexParam(c, "line", state.saved_for_later.length);
    assertSameItem(await readForm(c), state.saved_for_later[index]!.name);
    moveToCart(store, episode.id, index);
    return redirectTo(c, home(c), "updated");
  });

  app.get("/e/:episode/shop/checkout", (c) => {
    const { episode, state, path } = context(c);
    if (state.cart.length === 0)
      return c.html(
        pageLayout({
          episode,
          title: "Checkout",
          app: "shop",
          path,
          error: "Your cart is empty.",
          body: html`<p class="page-links" data-operator><a href="${home(c)}">Back to the shop</a></p>`,
        }),
      );
    return c.html(pageLayout({ episode, title: "Checkout", app: "shop", path, body: checkoutPage(episode, state) }));
  });

  app.post("/e/:episode/shop/checkout", async (c) => {
    const { episode, state } = context(c);
    const form = await readForm(c);
    if (state.cart.length === 0) throw new HTTPException(400, { message: "Your cart is empty." });
    placeOrder(store, episode.id, form.get("note"), shipTo(state, form.get("ship_to")));
    return redirectTo(c, home(c), "ordered");
  });

  registerShareRoutes({ app, store }, { app: "shop", title: "Share from the shop", choices: shopShareChoices });
  registerShopAccountRoutes({ app, store });
}
