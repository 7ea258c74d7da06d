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
 * The features Playwright turns off at every launch of Chromium (playwright-core 1.65). Chromium
 * keeps only the last `--disable-features` of its command line, and Playwright puts its own before
 * ours: a list of ours must repeat these, or it would turn them back on (HTTPS upgrades of the
 * workspace's plain-http hosts, paint holding). test/browser/launch-sites.browser.test.ts reads
 * both lists off a launched Chromium and names any that Playwright adds.
 */
const PLAYWRIGHT_DISABLED_FEATURES: readonly string[] = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
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
  // A navigation keeps its tab's document host instead of building a new one (`RenderDocument`
  // off, as Chromium did by default for years): a workspace page load went from ≈ 124 to ≈ 90 ms
  // CPU (browser 48 → 38, renderer 50 → 29 ms) and from 70 to 50 ms wall, and an oracle episode,
  // mostly navigations, from 1.95–2.21 to 1.68–1.79 CPU-s (gullible-tree, 12 attack tasks, three
  // interleaved rounds in one scratch script). What the new host guards, one document's leftovers
  // from the last one's in a reused frame, is not at stake where every page is ours; the web keeps it.
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, "RenderDocument"].join(",")}`,
];
