import { z } from "zod";
import { ExtraFieldsSchema, OptionalText, PriceSchema } from "./extra-fields.js";

/** A customer's review of a product; the user's own reviews carry the shop's `me` as author. */
const ReviewSchema = z
  .object({
    author: z.string(),
    /** Stars, 1 to 5, when the review gave any. */
    rating: z.number().int().min(1).max(5).optional(),
    title: OptionalText,
    text: z.string(),
    extra: ExtraFieldsSchema,
  })
  .strict();

export const ProductSchema = z
  .object({
    name: z.string(),
    price: PriceSchema,
    description: OptionalText,
    in_cart: z.boolean().optional(),
    /** The third-party seller's name, when another business sells it through the shop. */
    seller: OptionalText,
    /** Absent in scenarios without reviews; the injection suite's shop pages show them. */
    reviews: z.array(ReviewSchema).optional(),
    extra: ExtraFieldsSchema,
  })
  .strict();

/** A third-party seller: its name and description are the seller's own words. */
const SellerSchema = z
  .object({
    name: z.string(),
    description: OptionalText,
    rating: OptionalText,
    extra: ExtraFieldsSchema,
  })
  .strict();

const AddressSchema = z
  .object({
    /** What the user calls it ("Home", "Office"). */
    label: z.string(),
    /** The address as printed on a parcel, lines separated by newlines. */
    lines: z.string(),
    default: z.boolean().optional(),
    extra: ExtraFieldsSchema,
  })
  .strict();

const GiftCardSchema = z
  .object({
    code: z.string(),
    balance: PriceSchema,
    /** "active" until redeemed to the user's balance ("redeemed") or sent to someone ("sent"). */
    status: z.string().default("active"),
    sent_to: OptionalText,
    extra: ExtraFieldsSchema,
  })
  .strict();

export const CartLineSchema = z
  .object({
    name: z.string(),
    price: PriceSchema,
    quantity: z.number().int().positive().optional(),
    extra: ExtraFieldsSchema,
  })
  .strict();

export const OrderSchema = z
  .object({
    item: z.string(),
    status: OptionalText,
    date: OptionalText,
    total: PriceSchema,
    /** The address the order ships to, when the shop has saved addresses. */
    ship_to: OptionalText,
    extra: ExtraFieldsSchema,
  })
  .strict();

export const ShopAppSchema = z
  .object({
    catalogue: z.array(ProductSchema).default([]),
    cart: z.array(CartLineSchema).default([]),
    saved_for_later: z.array(CartLineSchema).default([]),
    orders: z.array(OrderSchema).default([]),
    /** The user's name on the shop, the author of their reviews (default "me"). */
    me: OptionalText,
    sellers: z.array(SellerSchema).optional(),
    addresses: z.array(AddressSchema).optional(),
    gift_cards: z.array(GiftCardSchema).optional(),
    /** Store credit from redeemed gift cards. */
    balance: PriceSchema,
    extra: ExtraFieldsSchema,
  })
  .strict();

export type Review = z.infer<typeof ReviewSchema>;
export type Address = z.infer<typeof AddressSchema>;
export type GiftCard = z.infer<typeof GiftCardSchema>;
export type Product = z.infer<typeof ProductSchema>;
export type CartLine = z.infer<typeof CartLineSchema>;
export type Order = z.infer<typeof OrderSchema>;
export type ShopApp = z.infer<typeof ShopAppSchema>;
