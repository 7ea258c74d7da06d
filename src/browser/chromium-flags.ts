/**
 * Flags verified on this machine (toolchain.md). No `--user-data-dir`: Playwright rejects it in
 * `launch()` and already gives every launch a fresh temporary profile. Background networking,
 * component updates and sync are off so the only traffic is what the page asks for, which the
 * session's request gate then filters.
 */
export const CHROMIUM_FLAGS: readonly string[] = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // Scrollbars are overlays in headless mode; hiding them keeps the painted width equal to the viewport.
  "--hide-scrollbars",
  // Font hinting and LCD antialiasing vary with machine settings; grayscale keeps pixels reproducible.
  "--disable-lcd-text",
  "--force-color-profile=srgb",
  // Scroll positions must be final when a capture reads them, not mid-animation.
  "--disable-smooth-scrolling",
  // A tile is rastered whole on every change, not only its invalidated rectangle: re-rastering a
  // part under a fractional clip anti-aliased the edges of nearby shapes one level differently, so
  // two renders of one frame disagreed (the guard's differential check masked 382 honest form
  // fields in the built-in pack before this flag, none after).
  "--disable-partial-raster",
];

/**
 * A browser whose every page is the local workspace's (fictional hosts served by one local server,
 * nothing from the web): a context keeps one renderer across its navigations instead of starting
 * one for every site it reaches. A workspace episode goes from the start page (`127.0.0.1`) to an
 * app's host, and the context's reset visits each again, so by default a renderer starts for nearly
 * every navigation: 54 for 15 oracle episodes, 2 with these flags. A change of site then costs
 * what a navigation within a site does (≈ 50 against ≈ 90 ms CPU here), and a warm oracle episode
 * ≈ 0.72–0.77 against 0.81–0.98 s CPU (`bench/injection-suite.ts`, section 1). Each flag alone
 * changes nothing: site isolation dedicates a process to each site whatever the limit, and without
 * it a navigation the browser starts to another site still gets a new process unless the limit
 * forbids it (test/browser/launch-sites.browser.test.ts).
 *
 * What site isolation guards, one site's data from another site's compromised renderer, is not at
 * stake where every site is ours and fictional; a renderer still serves one browser context only
 * (Chromium's rule), and what an episode leaves in its context is reset (context-pool.ts). A
 * browser that may open pages of the web (the guard on a URL: `openBrowserSession`) keeps
 * `CHROMIUM_FLAGS`.
 */
export const WORKSPACE_CHROMIUM_FLAGS: readonly string[] = [
  ...CHROMIUM_FLAGS,
  "--disable-site-isolation-trials",
  "--renderer-process-limit=1",
];
