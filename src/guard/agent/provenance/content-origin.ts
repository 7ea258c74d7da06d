/**
 * Who a row of the screen comes from, as the host can tell it from the page and never from what
 * a model said: the app itself (`operator`: chrome its rule set trusts), the user (`self`: their
 * own posts and messages, as the app marks them), the named author of a piece of content the app
 * shows with a byline (`author`), or nobody the host can name (`stranger`: untrusted text without
 * a byline — a product description, an event's location, a mail body — which anyone may have
 * written). A value read from the screen carries the origins of every row the reader was shown.
 */
export type ContentOrigin = { kind: "operator" } | { kind: "self" } | { kind: "author"; name: string } | { kind: "stranger" };

/** `operator`, `self`, `stranger` or `author:<name>`: one text per origin, as records keep them. */
export function originLabel(origin: ContentOrigin): string {
  return origin.kind === "author" ? `author:${origin.name}` : origin.kind;
}

/** The origins once each, in a fixed order (operator, self, authors by name, stranger). */
export function distinctOrigins(origins: Iterable<ContentOrigin>): ContentOrigin[] {
  const byLabel = new Map<string, ContentOrigin>();
  for (const origin of origins) byLabel.set(originLabel(origin), origin);
  const rank = { operator: 0, self: 1, author: 2, stranger: 3 } as const;
  return [...byLabel.values()].sort(
    (a, b) => rank[a.kind] - rank[b.kind] || (originLabel(a) < originLabel(b) ? -1 : originLabel(a) > originLabel(b) ? 1 : 0),
  );
}
