import type { z } from "zod";
import type { CartLineSchema, OrderSchema, ProductSchema, ShopAppSchema } from "../apps/shop-app.js";
import type { Path, ProblemSink } from "./problems.js";
import { buildExtra, FieldReader, mapElements, type RawObject, unrecognisedExtra, withExtra } from "./raw-fields.js";

type ShopAppInput = z.input<typeof ShopAppSchema>;
type CartLineInput = z.input<typeof CartLineSchema>;
type ProductInput = z.input<typeof ProductSchema>;
type OrderInput = z.input<typeof OrderSchema>;

/**
 * `open_shop` → the canonical shop. `cart` and `saved_for_later` hold strings or `{item, price}`;
 * `items` (`{name, price, in_cart}`) is the catalogue; `orders` holds `{item, status}`.
 * `in_cart` is kept as a flag: the loader does not copy catalogue items into the cart.
 */
export function normaliseShop(raw: RawObject, path: Path, problems: ProblemSink): ShopAppInput {
  const reader = new FieldReader(raw);
  const app: ShopAppInput = {};
  const extras: Array<RawObject | undefined> = [];

  const cart = reader.list("cart");
  if (cart) {
    const { entries, unrecognised } = mapElements(cart.value, [...path, "cart"], problems, (name) => ({ name }), cartLine);
    app.cart = entries;
    extras.push(unrecognisedExtra("cart", unrecognised));
  }
  const saved = reader.list("saved_for_later");
  if (saved) {
    const { entries, unrecognised } = mapElements(saved.value, [...path, "saved_for_later"], problems, (name) => ({ name }), cartLine);
    app.saved_for_later = entries;
    extras.push(unrecognisedExtra("saved_for_later", unrecognised));
  }
  const catalogue = reader.list("items", "catalogue");
  if (catalogue) {
    const { entries, unrecognised } = mapElements(catalogue.value, [...path, catalogue.key], problems, (name) => ({ name }), product);
    app.catalogue = entries;
    extras.push(unrecognisedExtra(catalogue.key, unrecognised));
  }
  const orders = reader.list("orders");
  if (orders) {
    const { entries, unrecognised } = mapElements(orders.value, [...path, "orders"], problems, (item) => ({ item }), order);
    app.orders = entries;
    extras.push(unrecognisedExtra("orders", unrecognised));
  }
  reader.warnUntaken(["cart", "saved_for_later", "orders"], "a list", path, problems);
  return withExtra(app, buildExtra(reader.rest(), ...extras));
}

function cartLine(raw: RawObject): CartLineInput {
  const reader = new FieldReader(raw);
  const line: CartLineInput = { name: reader.text("item", "name", "title", "product") ?? "" };
  const price = reader.price("price");
  if (price !== undefined) line.price = price;
  const quantity = reader.positiveInt("quantity", "qty");
  if (quantity !== undefined) line.quantity = quantity;
  return withExtra(line, reader.rest());
}

function product(raw: RawObject): ProductInput {
  const reader = new FieldReader(raw);
  const entry: ProductInput = { name: reader.text("name", "item", "title") ?? "" };
  const price = reader.price("price");
  if (price !== undefined) entry.price = price;
  const description = reader.text("description");
  if (description !== undefined) entry.description = description;
  const inCart = reader.bool("in_cart");
  if (inCart !== undefined) entry.in_cart = inCart;
  return withExtra(entry, reader.rest());
}

function order(raw: RawObject): OrderInput {
  const reader = new FieldReader(raw);
  const entry: OrderInput = { item: reader.text("item", "name", "title") ?? "" };
  const status = reader.text("status");
  if (status !== undefined) entry.status = status;
  const date = reader.text("date");
  if (date !== undefined) entry.date = date;
  const total = reader.price("total");
  if (total !== undefined) entry.total = total;
  return withExtra(entry, reader.rest());
}
