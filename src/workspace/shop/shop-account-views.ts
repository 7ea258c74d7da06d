import type { GiftCard, Product, Review, ShopApp } from "../../scenario/index.js";
import type { Episode } from "../store/workspace-store.js";
import { actionButton, checkboxField, hidden, submitButton, textArea, textField } from "../views/controls.js";
import { type Html, html } from "../views/html.js";
import { fixedText } from "../views/labelling.js";
import { appPath } from "../views/paths.js";
import { renderExtra } from "../views/render-extra.js";
import { selectField } from "../views/select-field.js";
import { formatPrice } from "./prices.js";
import { addressLine, defaultAddress, REVIEW_RATINGS } from "./shop-account-operations.js";

/*
 * The shop's parts for the injection suite: product pages with reviews and the seller, seller
 * pages, and the account (saved addresses, gift cards, store credit). They appear only when a
 * scenario defines them (a product's `seller` or `reviews`, the shop's `sellers`, `addresses`,
 * `gift_cards`), so the pages of every earlier scenario are unchanged.
 */

export function hasAccount(shop: ShopApp): boolean {
  return shop.addresses !== undefined || shop.gift_cards !== undefined || shop.balance !== undefined;
}

function hasDetails(product: Product): boolean {
  return product.seller !== undefined || product.reviews !== undefined;
}

function sellerIndex(shop: ShopApp, name: string): number {
  return (shop.sellers ?? []).findIndex((seller) => seller.name === name);
}

function sellerLink(episode: Episode, shop: ShopApp, name: string): Html {
  const index = sellerIndex(shop, name);
  return index < 0 ? html`${name}` : html`<a href="${appPath(episode.id, "shop", "sellers", index)}">${name}</a>`;
}

/** The lines a catalogue card gains: its seller and a link to its reviews. */
export function productCardExtras(episode: Episode, shop: ShopApp, product: Product, index: number): Html {
  if (!hasDetails(product)) return html``;
  return html`${product.seller !== undefined ? html`<p>${fixedText("Sold by")} ${sellerLink(episode, shop, product.seller)}</p>` : html``}<a href="${appPath(episode.id, "shop", "catalogue", index)}" class="row-link" aria-label="Reviews and details of ${product.name}" data-operator>${`Reviews (${product.reviews?.length ?? 0}) and details`}</a>`;
}

/** The shop's sellers, on its home page when the scenario lists any. */
export function sellersSection(episode: Episode, shop: ShopApp): Html {
  if (shop.sellers === undefined) return html``;
  return html`<section aria-labelledby="sellers-heading"><h2 id="sellers-heading" class="section-heading" data-operator>Sellers (${shop.sellers.length})</h2>
<ul class="plain" data-content>${shop.sellers.map((seller, index) => html`<li><a href="${appPath(episode.id, "shop", "sellers", index)}">${seller.name}</a></li>`)}</ul></section>`;
}

function reviewCard(review: Review): Html {
  return html`<article class="review card" data-content><p class="review-meta"><span class="byline">${review.author}</span>${review.rating !== undefined ? html` · <span class="rating">${`${review.rating} of 5 stars`}</span>` : html``}</p>${review.title ? html`<h3>${review.title}</h3>` : html``}<p class="review-text pre-wrap">${review.text}</p>${renderExtra(review.extra)}</article>`;
}

export function productPage(episode: Episode, shop: ShopApp, product: Product, index: number): Html {
  const reviews = product.reviews ?? [];
  return html`<p class="page-links" data-operator><a href="${appPath(episode.id, "shop")}">Back to the shop</a></p>
<ul class="plain" data-content>${product.price !== undefined ? html`<li>${fixedText("Price:")} ${formatPrice(product.price)}</li>` : html``}${product.description ? html`<li class="pre-wrap">${product.description}</li>` : html``}${product.seller !== undefined ? html`<li>${fixedText("Sold by")} ${sellerLink(episode, shop, product.seller)}</li>` : html``}</ul>${renderExtra(product.extra, "Other product details")}
<div class="actions" data-operator>${actionButton(appPath(episode.id, "shop", "catalogue", index, "add"), "Add to cart", { fields: hidden("expect", product.name) })}</div>
<section aria-labelledby="reviews-heading"><h2 id="reviews-heading" class="section-heading" data-operator>Reviews (${reviews.length})</h2>
${reviews.length === 0 ? html`<p class="muted empty-note" data-operator>No reviews yet.</p>` : html`<div class="reviews">${reviews.map(reviewCard)}</div>`}</section>
<section aria-labelledby="write-heading" class="card"><h2 id="write-heading" class="section-heading" data-operator>Write a review</h2>
<form method="post" action="${appPath(episode.id, "shop", "catalogue", index, "reviews")}">${hidden("expect", product.name)}
${selectField({ id: "rating", name: "rating", label: "Rating", choices: REVIEW_RATINGS, selected: "5", fixedChoices: true })}
${textField({ id: "review-title", name: "title", label: "Title (optional)" })}
${textArea({ id: "review-text", name: "text", label: "Your review", rows: 5 })}
<div class="actions" data-operator>${submitButton("Post review")}</div></form></section>`;
}

export function sellerPage(episode: Episode, shop: ShopApp, index: number): Html {
  const seller = shop.sellers![index]!;
  const products = shop.catalogue
    .map((product, position) => ({ product, position }))
    .filter(({ product }) => product.seller === seller.name);
  return html`<p class="page-links" data-operator><a href="${appPath(episode.id, "shop")}">Back to the shop</a></p>
${seller.description ? html`<p class="pre-wrap" data-content>${seller.description}</p>` : html``}${seller.rating ? html`<p data-content>${fixedText("Rating:")} ${seller.rating}</p>` : html``}${renderExtra(seller.extra, "Other seller details")}
<section aria-labelledby="seller-products-heading"><h2 id="seller-products-heading" class="section-heading" data-operator>Products from this seller (${products.length})</h2>
${products.length === 0 ? html`<p class="muted empty-note" data-operator>No products listed.</p>` : html``}<ul class="plain" data-content>${products.map(
    ({ product, position }) => html`<li><a href="${appPath(episode.id, "shop", "catalogue", position)}">${product.name}</a></li>`,
  )}</ul></section>`;
}

const FIXED_CARD_STATUSES = new Set(["active", "redeemed", "sent"]);

function giftCardRow(episode: Episode, card: GiftCard, index: number): Html {
  const path = appPath(episode.id, "shop", "gift-cards", index);
  const status = FIXED_CARD_STATUSES.has(card.status)
    ? html`<span class="badge" data-operator>${card.status}</span>`
    : html`${card.status}`;
  return html`<li class="card" data-content><p><code>${card.code}</code> ${status}</p><ul class="plain">${card.balance !== undefined ? html`<li>${fixedText("Value:")} ${formatPrice(card.balance)}</li>` : html``}${card.sent_to ? html`<li>${fixedText("Sent to")} ${card.sent_to}</li>` : html``}</ul>${renderExtra(card.extra)}
${
  card.status === "active"
    ? html`<form method="post" action="${path}/send">${hidden("expect", card.code)}${textField({ id: `send-to-${index}`, name: "to", label: "Send this card to", hint: "A name or an email address" })}<div class="actions" data-operator><button type="submit" class="row-action" aria-label="Send gift card ${index + 1}" data-operator>Send as a gift</button></div></form>`
    : html``
}</li>`;
}

export function accountPage(episode: Episode, shop: ShopApp): Html {
  const base = appPath(episode.id, "shop");
  const addresses = shop.addresses ?? [];
  const cards = shop.gift_cards ?? [];
  return html`<p class="page-links" data-operator><a href="${base}">Back to the shop</a></p>
${shop.balance !== undefined ? html`<p data-content>${fixedText("Store credit:")} ${formatPrice(shop.balance)}</p>` : html``}
<section aria-labelledby="addresses-heading"><h2 id="addresses-heading" class="section-heading" data-operator>Saved addresses (${addresses.length})</h2>
${addresses.length === 0 ? html`<p class="muted empty-note" data-operator>No saved addresses.</p>` : html``}<ul class="plain">${addresses.map(
    (address, index) =>
      html`<li class="card" data-content><h3>${address.label}</h3><p class="pre-wrap">${address.lines}</p>${address.default ? html`<span class="badge" data-operator>default</span>` : actionButton(`${base}/addresses/${index}/default`, "Make default", { accessibleName: `Make address ${index + 1} the default`, fields: hidden("expect", address.label) })}${renderExtra(address.extra)}</li>`,
  )}</ul>
<form method="post" action="${base}/addresses" class="card">
${textField({ id: "address-label", name: "label", label: "Name of the address", hint: "For example Home" })}
${textArea({ id: "address-lines", name: "lines", label: "Address", rows: 4 })}
${checkboxField({ id: "address-default", name: "default", label: "Make this my default address", checked: false })}
<div class="actions" data-operator>${submitButton("Save address")}</div></form></section>
<section aria-labelledby="cards-heading"><h2 id="cards-heading" class="section-heading" data-operator>Gift cards (${cards.length})</h2>
${cards.length === 0 ? html`<p class="muted empty-note" data-operator>No gift cards.</p>` : html``}<ul class="plain">${cards.map((card, index) => giftCardRow(episode, card, index))}</ul>
<form method="post" action="${base}/gift-cards/redeem" class="card">
${textField({ id: "redeem-code", name: "code", label: "Redeem a gift card", hint: "The code printed on the card" })}
<div class="actions" data-operator>${submitButton("Redeem")}</div></form></section>`;
}

/** Checkout's address choice, when the shop keeps addresses: their labels are content. */
export function shipToField(shop: ShopApp): Html {
  const addresses = shop.addresses ?? [];
  if (addresses.length === 0) return html``;
  const choices = addresses.map(addressLine);
  return selectField({
    id: "ship-to",
    name: "ship_to",
    label: "Ship to",
    choices,
    selected: choices[defaultAddress(shop)],
    fixedChoices: false,
  });
}
