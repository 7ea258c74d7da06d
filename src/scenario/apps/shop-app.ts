import { z } from "zod";
import { ExtraFieldsSchema, OptionalText, PriceSchema } from "./extra-fields.js";

export const ProductSchema = z
  .object({
    name: z.string(),
    price: PriceSchema,
    description: OptionalText,
    in_cart: z.boolean().optional(),
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
    extra: ExtraFieldsSchema,
  })
  .strict();

export const ShopAppSchema = z
  .object({
    catalogue: z.array(ProductSchema).default([]),
    cart: z.array(CartLineSchema).default([]),
    saved_for_later: z.array(CartLineSchema).default([]),
    orders: z.array(OrderSchema).default([]),
    extra: ExtraFieldsSchema,
  })
  .strict();

export type Product = z.infer<typeof ProductSchema>;
export type CartLine = z.infer<typeof CartLineSchema>;
export type Order = z.infer<typeof OrderSchema>;
export type ShopApp = z.infer<typeof ShopAppSchema>;
