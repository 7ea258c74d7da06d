/** The fictional host of the shop (mapped to the local server by host-resolver rules); `.example` is reserved (RFC 2606). */
export const SHOP_HOST = "shop.brightpath.example";
