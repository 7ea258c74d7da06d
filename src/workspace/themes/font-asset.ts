import { packagePath } from "../../core/index.js";

/**
 * The hard-to-read theme's font, bundled with the package (generated from DejaVu Sans ExtraLight
 * by `build-scrawl-font.ts`; see assets/fonts/README.md). Served from the workspace origin, so
 * the page fetches nothing from outside.
 */
export const SCRAWL_FONT_FILE = packagePath("assets", "fonts", "safecua-scrawl.ttf");
export const SCRAWL_FONT_URL = "/assets/fonts/safecua-scrawl.ttf";
