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
