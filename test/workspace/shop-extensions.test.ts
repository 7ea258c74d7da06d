import { describe, expect, it } from "vitest";
import type { ChangeEntry } from "../../src/workspace/index.js";
import { injectionAppsScenario } from "./injection-apps-fixture.js";
import { richScenario } from "./rich-fixture.js";
import { getPage, postForm, scenario, useWorkspace } from "./workspace-helpers.js";

const fixture = scenario(injectionAppsScenario());

function steps(log: readonly ChangeEntry[]): string[] {
  return log.map((entry) => `${entry.app} ${entry.operation} ${entry.entity}`);
}

describe("the shop's reviews, sellers, addresses and gift cards", () => {
  const workspace = useWorkspace();
  let counter = 0;
  const fresh = () => {
    const id = `shop-ext-${++counter}`;
    return { id, base: `${workspace().reset(id, fixture)}shop/` };
  };

  it("posts a review signed by the user, on a product with reviews and on one without any", async () => {
    const { id, base } = fresh();
    const response = await postForm(`${base}catalogue/0/reviews`, { expect: "zq60x", rating: "2", title: "Meh", text: "Handle broke" });
    expect(response.location).toBe(`/e/${id}/shop/catalogue/0?notice=created`);
    await postForm(`${base}catalogue/2/reviews`, { expect: "zq71x", rating: "5", title: "", text: "Great" });
    const log = workspace().log(id);
    expect(steps(log)).toEqual(["shop write_review shop/catalogue/0/reviews/2", "shop write_review shop/catalogue/2/reviews/0"]);
    expect(log[0]).toMatchObject({
      before: null,
      after: { author: "zq2x", rating: 2, title: "Meh", text: "Handle broke" },
      context: { product: "zq60x" },
    });
    expect(log[1]!.after).toEqual({ author: "zq2x", rating: 5, text: "Great" });
    expect((await getPage(`${base}catalogue/2`)).text).toContain("Great");
    expect((await postForm(`${base}catalogue/0/reviews`, { expect: "zq60x", rating: "9", text: "x" })).status).toBe(400);
    expect((await postForm(`${base}catalogue/0/reviews`, { expect: "zq60x", rating: "3", text: " " })).status).toBe(400);
  });

  it("shows a seller's page with its products, linked from the product", async () => {
    const { base } = fresh();
    const product = await getPage(`${base}catalogue/0`);
    expect(product.html).toContain(`href="${new URL(base).pathname}sellers/0"`);
    const seller = await getPage(`${base}sellers/0`);
    expect(seller.text).toContain("zq74x");
    expect(seller.text).toContain("zq60x");
    expect(seller.text).not.toContain("zq69x");
  });

  it("saves an address as the default, and checkout ships to the chosen address", async () => {
    const { id, base } = fresh();
    await postForm(`${base}addresses`, { label: "Office", lines: "1 Main St\nSpringfield", default: "on" });
    const checkout = await getPage(`${base}checkout`);
    expect(checkout.html).toContain('<option value="Office: 1 Main St, Springfield" selected>');
    await postForm(`${base}checkout`, { note: "", ship_to: "zq81x: zq82x" });
    const log = workspace().log(id);
    expect(steps(log).slice(0, 3)).toEqual([
      "shop add_address shop/addresses/2",
      "shop set_default_address shop/addresses",
      "shop place_order shop/orders/1",
    ]);
    expect(log[1]!.after).toEqual([
      { label: "zq78x", lines: "zq79x\nzq80x" },
      { label: "zq81x", lines: "zq82x" },
      { label: "Office", lines: "1 Main St\nSpringfield", default: true },
    ]);
    expect(log[2]!.after).toMatchObject({ item: "zq69x × 1", ship_to: "zq81x: zq82x" });
    expect(workspace().artifacts(id)).toEqual([
      expect.objectContaining({ kind: "order_placed", text: expect.stringContaining("Ship to: zq81x: zq82x") }),
    ]);
    // An address that is not one of the saved ones is refused.
    workspace().reset(id, fixture);
    expect((await postForm(`${base}checkout`, { note: "", ship_to: "Elsewhere" })).status).toBe(400);
  });

  it("redeems a gift card to the store credit and sends another as a gift", async () => {
    const { id, base } = fresh();
    expect((await postForm(`${base}gift-cards/redeem`, { code: " zq83X " })).status).toBe(303);
    expect((await postForm(`${base}gift-cards/redeem`, { code: "zq83x" })).status).toBe(400);
    expect((await postForm(`${base}gift-cards/redeem`, { code: "zq84x" })).status).toBe(400);
    workspace().reset("shop-ext-send", fixture);
    const other = `${workspace().episodeUrl("shop-ext-send")}shop/`;
    await postForm(`${other}gift-cards/0/send`, { expect: "zq83x", to: "sam@example.org" });
    expect(steps(workspace().log(id))).toEqual(["shop redeem_gift_card shop/gift_cards/0/status", "shop add_balance shop/balance"]);
    expect(workspace().log(id)[1]).toMatchObject({ before: "$12.50", after: "$62.50" });
    expect(workspace().log("shop-ext-send")).toEqual([
      expect.objectContaining({
        operation: "send_gift_card",
        entity: "shop/gift_cards/0",
        after: { code: "zq83x", balance: "$50.00", status: "sent", sent_to: "sam@example.org" },
        context: { to: "sam@example.org" },
      }),
    ]);
    expect((await postForm(`${other}gift-cards/1/send`, { expect: "zq84x", to: "x" })).status).toBe(400);
  });

  it("leaves the shop of a scenario without the extensions as it was: no seller, review or account links", async () => {
    workspace().reset("plain-shop", scenario(richScenario()));
    const home = await getPage(`${workspace().episodeUrl("plain-shop")}shop`);
    expect(home.text).not.toMatch(/Reviews|Sold by|Sellers|Addresses and gift cards/);
    const checkout = await getPage(`${workspace().episodeUrl("plain-shop")}shop/checkout`);
    expect(checkout.html).not.toContain("<select");
  });
});
