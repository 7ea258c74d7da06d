import type { CartLine, Order, ShopApp } from "../../scenario/index.js";
import type { SharePayload } from "../artifacts/share-payload.js";
import type { Episode } from "../store/workspace-store.js";
import { actionButton, hidden, submitButton, textArea } from "../views/controls.js";
import { relativeDateLabel } from "../views/date-labels.js";
import { type Html, html } from "../views/html.js";
import { fixedText } from "../views/labelling.js";
import { appPath } from "../views/paths.js";
import { renderExtra } from "../views/render-extra.js";
import { sentShares } from "../views/share-views.js";
import { formatPrice, totalOf } from "./prices.js";
import { hasAccount, productCardExtras, sellersSection, shipToField } from "./shop-account-views.js";

function catalogueSection(episode: Episode, shop: ShopApp): Html {
  const base = appPath(episode.id, "shop");
  return html`<section aria-labelledby="catalogue-heading"><h2 id="catalogue-heading" class="section-heading" data-operator>Catalogue (${shop.catalogue.length})</h2>
${shop.catalogue.length === 0 ? html`<p class="muted empty-note" data-operator>No products listed.</p>` : html``}<ul class="plain">${shop.catalogue.map(
    (product, index) => {
      const inCart = product.in_cart ?? shop.cart.some((line) => line.name === product.name);
      return html`<li class="card" data-content><h3>${product.name}</h3><ul class="plain">${product.price !== undefined ? html`<li>${fixedText("Price:")} ${formatPrice(product.price)}</li>` : html``}${product.description ? html`<li>${product.description}</li>` : html``}<li>${fixedText(inCart ? "In your cart" : "Not in your cart")}</li></ul>${productCardExtras(episode, shop, product, index)}${renderExtra(product.extra)}
${actionButton(`${base}/catalogue/${index}/add`, "Add to cart", { accessibleName: `Add ${product.name} to cart`, fields: hidden("expect", product.name) })}</li>`;
    },
  )}</ul></section>`;
}

function lineRow(line: CartLine, actions: Html): Html {
  return html`<tr data-content><th scope="row">${line.name}${renderExtra(line.extra)}</th><td>${formatPrice(line.price)}</td><td>${String(line.quantity ?? 1)}</td><td>${actions}</td></tr>`;
}

function linesTable(caption: string, lines: readonly CartLine[], actions: (line: CartLine, index: number) => Html): Html {
  return html`<table class="line-table"><caption class="muted" data-operator>${caption}</caption><thead data-operator><tr><th scope="col">Item</th><th scope="col">Price</th><th scope="col">Quantity</th><th scope="col">Actions</th></tr></thead><tbody>${lines.map(
    (line, index) => lineRow(line, actions(line, index)),
  )}</tbody></table>`;
}

function cartSection(episode: Episode, shop: ShopApp): Html {
  const base = appPath(episode.id, "shop");
  const total = totalOf(shop.cart);
  return html`<section aria-labelledby="cart-heading"><h2 id="cart-heading" class="section-heading" data-operator>Cart (${shop.cart.length})</h2>
${
  shop.cart.length === 0
    ? html`<p class="muted empty-note" data-operator>Your cart is empty.</p>`
    : html`${linesTable("Items in your cart", shop.cart, (line, index) => {
        const fields = hidden("expect", line.name);
        return html`<form method="post" action="${base}/cart/${index}/quantity" class="inline">${fields}<label for="qty-${index}" class="visually-hidden">${fixedText("Quantity of")} <span data-content>${line.name}</span></label> <input type="text" inputmode="numeric" class="qty" id="qty-${index}" name="quantity" value="${String(line.quantity ?? 1)}" data-content> <button type="submit" class="row-action" aria-label="Update quantity of ${line.name}" data-operator>Update</button></form>
${actionButton(`${base}/cart/${index}/save-for-later`, "Save for later", { accessibleName: `Save ${line.name} for later`, fields })}
${actionButton(`${base}/cart/${index}/remove`, "Remove", { accessibleName: `Remove ${line.name} from the cart`, fields })}`;
      })}${total ? html`<p data-content>${fixedText("Total:")} ${total}</p>` : html``}
<div class="actions" data-operator><a href="${base}/checkout">Checkout</a><a href="${base}/share?what=cart">Share cart</a></div>`
}</section>`;
}

function savedSection(episode: Episode, shop: ShopApp): Html {
  const base = appPath(episode.id, "shop");
  return html`<section aria-labelledby="saved-heading"><h2 id="saved-heading" class="section-heading" data-operator>Saved for later (${shop.saved_for_later.length})</h2>
${
  shop.saved_for_later.length === 0
    ? html`<p class="muted empty-note" data-operator>Nothing saved.</p>`
    : html`${linesTable("Items saved for later", shop.saved_for_later, (line, index) =>
        actionButton(`${base}/saved/${index}/move-to-cart`, "Move to cart", {
          accessibleName: `Move ${line.name} to the cart`,
          fields: hidden("expect", line.name),
        }),
      )}<div class="actions" data-operator><a href="${base}/share?what=saved">Share saved list</a></div>`
}</section>`;
}

function orderCard(episode: Episode, order: Order, index: number): Html {
  const relative = order.date ? relativeDateLabel(order.date, episode.clock) : null;
  return html`<li class="card" data-content><h3>${order.item}</h3><ul class="plain">${order.date ? html`<li>${fixedText("Ordered:")} ${order.date}${relative ? html` <span class="muted">(${relative})</span>` : html``}</li>` : html``}${order.status ? html`<li>${fixedText("Status:")} ${order.status}</li>` : html``}${order.total !== undefined ? html`<li>${fixedText("Total:")} ${formatPrice(order.total)}</li>` : html``}${order.ship_to !== undefined ? html`<li>${fixedText("Ship to:")} ${order.ship_to}</li>` : html``}</ul>${renderExtra(order.extra)}
<a href="${appPath(episode.id, "shop", "share")}?what=order-${index}" aria-label="Share the order ${order.item}" class="row-link" data-operator>Share order</a></li>`;
}

export function shopHome(episode: Episode, shop: ShopApp, shares: readonly SharePayload[]): Html {
  return html`<nav aria-label="Shop sections" id="shop-sections" data-operator><ul class="plain"><li><a href="#cart-heading">Cart</a></li><li><a href="#saved-heading">Saved for later</a></li><li><a href="#orders-heading">Orders</a></li><li><a href="#catalogue-heading">Catalogue</a></li>${shop.sellers !== undefined ? html`<li><a href="#sellers-heading">Sellers</a></li>` : html``}${hasAccount(shop) ? html`<li><a href="${appPath(episode.id, "shop", "account")}">Addresses and gift cards</a></li>` : html``}</ul></nav>
${cartSection(episode, shop)}
${savedSection(episode, shop)}
<section aria-labelledby="orders-heading"><h2 id="orders-heading" class="section-heading" data-operator>Orders (${shop.orders.length})</h2>
${shop.orders.length === 0 ? html`<p class="muted empty-note" data-operator>No orders yet.</p>` : html``}<ul class="plain">${shop.orders.map((order, index) => orderCard(episode, order, index))}</ul></section>
${catalogueSection(episode, shop)}${sellersSection(episode, shop)}
${sentShares(shares, "Shared from the shop")}
${renderExtra(shop.extra, "Other shop details")}`;
}

export function checkoutPage(episode: Episode, shop: ShopApp, note = ""): Html {
  const total = totalOf(shop.cart);
  return html`<p class="page-links" data-operator><a href="${appPath(episode.id, "shop")}">Back to the shop</a></p>
<section class="card" aria-labelledby="summary-heading"><h2 id="summary-heading" class="section-heading" data-operator>Order summary</h2><ul>${shop.cart.map(
    (line) =>
      html`<li data-content>${line.name} × ${String(line.quantity ?? 1)}${line.price !== undefined ? `, ${formatPrice(line.price)} each` : ""}</li>`,
  )}</ul>${total ? html`<p data-content>${fixedText("Total:")} ${total}</p>` : html``}</section>
<form method="post" action="${appPath(episode.id, "shop", "checkout")}">${shipToField(shop)}
${textArea({ id: "note", name: "note", label: "Note for the seller and the delivery driver", value: note, rows: 4, hint: "Delivery instructions, a purchase reference, anything the order should carry" })}
<div class="actions" data-operator>${submitButton("Place order")}</div></form>`;
}
