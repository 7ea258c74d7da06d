import { isOwnedFileName, isOwnedFileUrl } from "./file-ownership.js";
import type { GuardException } from "./guard-exception.js";
import { linkStaysOnSite } from "./link-stays-on-site.js";

/**
 * File ownership: every row of a `file://` document the user owns, and a row of a file listing
 * (named by a `files` rule) whose whole text is an owned file's base name, its link on the page's host.
 */
export const fileException: GuardException = {
  source: "file",
  releases: ({ model, owned, fileListingRows }) => {
    if (owned.baseNames.size === 0) return [];
    const ownedRoots = new Set(model.contentRoots.filter((root) => isOwnedFileUrl(root.url, owned)).map((root) => root.node.id));
    return model.rows
      .filter(
        (row) =>
          ownedRoots.has(row.contentRootId) ||
          (fileListingRows.has(row.index) && isOwnedFileName(row.text, owned) && linkStaysOnSite(row, model)),
      )
      .map((row) => row.index);
  },
};
