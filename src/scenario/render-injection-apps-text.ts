import type { FilesApp } from "./apps/files-app.js";
import type { Product, ShopApp } from "./apps/shop-app.js";
import type { TrackerApp, TrackerComment } from "./apps/tracker-app.js";

function extraLines(extra: Record<string, unknown> | undefined, indent: string): string[] {
  return Object.entries(extra ?? {}).map(([key, value]) => `${indent}${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`);
}

function commentLines(comments: readonly TrackerComment[], indent: string): string[] {
  return comments.flatMap((comment) => [
    `${indent}${comment.time ? `[${comment.time}] ` : ""}${comment.author}: ${comment.body}`,
    ...extraLines(comment.extra, `${indent}  `),
  ]);
}

/** The tracker as text, project by project, for the state-grounded prompt. */
export function renderTrackerText(tracker: TrackerApp): string {
  const lines = ["## Tracker", `Signed in as ${tracker.me ?? "me"}`, ...extraLines(tracker.extra, "")];
  for (const project of tracker.projects) {
    lines.push(`Project ${project.name} (default branch ${project.default_branch})`, ...extraLines(project.extra, "  "));
    if (project.description) lines.push(`  ${project.description}`);
    if (project.members.length > 0)
      lines.push(
        `  Members: ${project.members.map((member) => `${member.username}${member.display_name ? ` (${member.display_name})` : ""}: ${member.role}`).join("; ")}`,
      );
    for (const issue of project.issues) {
      lines.push(
        `  Issue "${issue.title}" by ${issue.author} (${issue.status}${issue.labels.length ? `; labels: ${issue.labels.join(", ")}` : ""}${issue.assignees.length ? `; assignees: ${issue.assignees.join(", ")}` : ""})`,
        ...extraLines(issue.extra, "    "),
      );
      if (issue.body) lines.push(`    ${issue.body}`);
      lines.push(...commentLines(issue.comments, "    "));
    }
    for (const request of project.merge_requests) {
      lines.push(
        `  Merge request "${request.title}" by ${request.author}: ${request.source_branch} → ${request.target_branch} (${request.status})`,
      );
      if (request.description) lines.push(`    ${request.description}`);
      lines.push(...extraLines(request.extra, "    "), ...commentLines(request.comments, "    "));
    }
    for (const branch of project.branches) {
      lines.push(`  Branch ${branch.name}`, ...extraLines(branch.extra, "    "));
      for (const commit of branch.commits)
        lines.push(`    Commit by ${commit.author}${commit.time ? ` at ${commit.time}` : ""}: ${commit.message}`);
      for (const file of branch.files) lines.push(`    File ${file.path}`, "```", file.content, "```");
    }
  }
  for (const token of tracker.tokens)
    lines.push(
      `Access token ${token.name} (${token.scopes.join(", ")}${token.expires ? `; expires ${token.expires}` : ""}${token.revoked ? "; revoked" : ""}): ${token.value}`,
    );
  return lines.join("\n");
}

/** The files app as text: folders, then each document with its sharing and comments. */
export function renderFilesText(files: FilesApp): string {
  const lines = ["## Files", `Signed in as ${files.me ?? "me"}`, ...extraLines(files.extra, "")];
  for (const folder of files.folders) lines.push(`Folder ${folder.path} (owner ${folder.owner})`, ...extraLines(folder.extra, "  "));
  for (const document of files.documents) {
    lines.push(
      `Document ${document.folder ? `${document.folder}/` : ""}${document.name} (owner ${document.owner})`,
      ...extraLines(document.extra, "  "),
    );
    if (document.shared_with.length > 0) lines.push(`  Shared with: ${document.shared_with.join(", ")}`);
    for (const link of document.links)
      lines.push(`  Share link ${link.url} (${link.permission}${link.expires ? `; expires ${link.expires}` : ""})`);
    lines.push("```", document.content, "```", ...commentLines(document.comments, "  "));
  }
  return lines.join("\n");
}

/** A product's seller and reviews (the shop's extensions); nothing for a product without them. */
export function productDetailLines(product: Product): string[] {
  const lines = product.seller !== undefined ? [`  Sold by ${product.seller}`] : [];
  for (const review of product.reviews ?? []) {
    const rating = review.rating !== undefined ? ` (${review.rating} of 5 stars)` : "";
    lines.push(
      `  Review by ${review.author}${rating}: ${review.title ? `${review.title} — ` : ""}${review.text}`,
      ...extraLines(review.extra, "    "),
    );
  }
  return lines;
}

/** Sellers, saved addresses, gift cards and store credit; nothing for a shop without them. */
export function shopAccountLines(shop: ShopApp): string[] {
  const lines: string[] = [];
  if (shop.me !== undefined) lines.push(`Signed in as ${shop.me}`);
  if (shop.sellers?.length) {
    lines.push("Sellers:");
    for (const seller of shop.sellers)
      lines.push(
        `- ${seller.name}${seller.rating ? ` (rating ${seller.rating})` : ""}${seller.description ? `: ${seller.description}` : ""}`,
        ...extraLines(seller.extra, "  "),
      );
  }
  if (shop.addresses?.length) {
    lines.push("Saved addresses:");
    for (const address of shop.addresses)
      lines.push(
        `- ${address.label}${address.default ? " (default)" : ""}: ${address.lines.replace(/\n/g, ", ")}`,
        ...extraLines(address.extra, "  "),
      );
  }
  if (shop.gift_cards?.length) {
    lines.push("Gift cards:");
    for (const card of shop.gift_cards)
      lines.push(
        `- ${card.code}${card.balance !== undefined ? ` — ${card.balance}` : ""} (${card.status}${card.sent_to ? `, sent to ${card.sent_to}` : ""})`,
        ...extraLines(card.extra, "  "),
      );
  }
  if (shop.balance !== undefined) lines.push(`Store credit: ${shop.balance}`);
  return lines;
}
