/**
 * The page half of the second render (`render-kept-only.ts`): a function run in our isolated world
 * while the page is paused, given the revealed rows' DOM nodes. It makes everything else paint
 * nothing and checks, from the styles the browser computed, that it did.
 *
 * - Kept: each row's node and its subtree, and every layout ancestor (the flat tree: a slotted
 *   node's parent is its slot, a shadow root's is its host). A text row's parent element (which
 *   paints its glyphs) is an ancestor like the others.
 * - Hidden: every other element child (light and shadow) of a kept element gets `opacity: 0`,
 *   which no descendant can undo, and `visibility: hidden`, which keeps the hidden subtree out of
 *   the paint so the compositor layers the kept content as before (with opacity alone, kept text
 *   beside a hidden box was rasterised one level differently). So does every element in the top
 *   layer (which escapes its ancestors' opacity) with its `::backdrop`. A `display: contents`
 *   element has no box for opacity to act on: its text is hidden by visibility and its children are
 *   hidden one by one.
 * - Marking without touching the DOM: rules with structural selectors (`:nth-child` steps from
 *   the root of the element's tree) in a constructed style sheet adopted by the document or shadow
 *   root; adopting a sheet makes no mutation record and the page cannot see it once removed.
 *   Every rule also says `transition: none`, so no transition starts.
 * - Borrowed paint: a kept element that draws an element by reference (`<use>`, `url(#…)`) whose
 *   id its tree shares could be drawing a stranger's element that took the id: reported, and the
 *   caller fails closed.
 * - Verified: each hidden element's computed opacity (or visibility) is read back. Author style
 *   can defeat a sheet (an inline `!important`, a shadow tree's `:host !important`, a running
 *   transition); such an element gets the same declarations as inline `!important` (the one trace
 *   this leaves: style attribute mutation records, only on pages that fight the check), and
 *   whatever still does not compute as asked is reported, so the caller fails closed.
 *
 * The returned handle can then hide the rows themselves whose ancestors' paint must be flat
 * (`hideFlatRows`: what is left under such a row is its ancestors' own paint) and restores the
 * page (`restore`) in two steps: first every rule keeps only `transition: none` and the style is
 * updated at once (so the return to the page's own values starts no transition), then the sheets
 * are removed and inline styles put back as they were.
 *
 * Plain JavaScript in a string: it runs in the page, not in Node.
 */
export const KEEP_ONLY_FUNCTION = String.raw`function (spec, ...nodes) {
  const XHTML = "http://www.w3.org/1999/xhtml";
  const anchors = nodes.slice(0, spec.flat.length);
  const samples = nodes.slice(spec.flat.length, spec.flat.length + spec.shadowSamples);
  const topLayer = nodes.slice(spec.flat.length + spec.shadowSamples);
  const closedRoots = new Map();
  for (const node of samples) {
    const root = node && node.getRootNode ? node.getRootNode() : null;
    if (root instanceof ShadowRoot) closedRoots.set(root.host, root);
  }
  const shadowOf = (el) => el.shadowRoot || closedRoots.get(el) || null;
  const slotOf = (node) => {
    if (node.assignedSlot) return node.assignedSlot;
    const parent = node.parentNode;
    const root = parent instanceof Element ? shadowOf(parent) : null;
    if (root === null) return null;
    for (const slot of root.querySelectorAll("slot")) if (slot.assignedNodes().includes(node)) return slot;
    return null;
  };
  const flatParent = (node) => {
    const slot = slotOf(node);
    if (slot) return slot;
    const parent = node.parentNode;
    if (parent instanceof ShadowRoot) {
      closedRoots.set(parent.host, parent);
      return parent.host;
    }
    return parent instanceof Element ? parent : null;
  };

  // "row": the row's own element (its subtree is left alone); "ancestor": kept, its other children hidden.
  const mode = new Map();
  const flatRows = [];
  anchors.forEach((node, i) => {
    if (!node) return;
    let at = node;
    if (node.nodeType === 1) mode.set(node, "row");
    else {
      at = flatParent(node);
      if (at === null) return;
      if (!mode.has(at)) mode.set(at, "ancestor");
    }
    if (spec.flat[i]) flatRows.push(node);
    for (let p = flatParent(at); p !== null; p = flatParent(p)) if (!mode.has(p)) mode.set(p, "ancestor");
  });
  const insideRow = (el) => {
    for (let p = el; p !== null; p = flatParent(p)) if (mode.get(p) === "row") return true;
    return false;
  };

  const children = (el) => {
    const out = Array.from(el.children);
    const root = shadowOf(el);
    if (root !== null) out.push(...root.children);
    return out;
  };
  const hide = new Set();
  const contents = new Set();
  const visit = (el) => {
    if (mode.has(el) || hide.has(el) || contents.has(el)) return;
    if (getComputedStyle(el).display === "contents") {
      contents.add(el);
      for (const child of children(el)) visit(child);
    } else hide.add(el);
  };
  for (const [el, m] of mode) if (m === "ancestor") for (const child of children(el)) visit(child);
  const backdrops = new Set();
  for (const el of topLayer) {
    if (!(el instanceof Element) || insideRow(el)) continue;
    if (!mode.has(el)) {
      hide.add(el);
      backdrops.add(el);
    }
  }

  // Structural selectors, per tree scope (a document or a shadow root).
  const selectors = new Map();
  const selectorOf = (el) => {
    const known = selectors.get(el);
    if (known !== undefined) return known;
    const parent = el.parentNode;
    let out;
    if (parent === null || parent.nodeType === 9) out = { scope: el.ownerDocument, text: ":root" };
    else {
      const index = Array.prototype.indexOf.call(parent.children, el) + 1;
      const step = (el.namespaceURI === XHTML ? CSS.escape(el.localName) : "") + ":nth-child(" + index + ")";
      if (parent instanceof ShadowRoot) out = { scope: parent, text: ":host > " + step };
      else {
        const up = selectorOf(parent);
        out = { scope: up.scope, text: up.text + " > " + step };
      }
    }
    selectors.set(el, out);
    return out;
  };

  // needs: how many of the declarations (from the first) the check relies on and verifies.
  const HIDDEN = { decls: [["opacity", "0"], ["visibility", "hidden"]], needs: 1 };
  const INVISIBLE = { decls: [["visibility", "hidden"]], needs: 1 };
  const important = (decls) => decls.map(([name, value]) => name + ": " + value + " !important; ").join("");
  const jobs = [];
  for (const el of hide) jobs.push({ el, pseudo: "", ...HIDDEN });
  for (const el of contents) jobs.push({ el, pseudo: "", ...INVISIBLE });
  for (const el of backdrops) jobs.push({ el, pseudo: "::backdrop", decls: [["opacity", "0"]], needs: 1 });

  const adopted = [];
  const adopt = (rules) => {
    const byScope = new Map();
    for (const { el, pseudo, decls } of rules) {
      const { scope, text } = selectorOf(el);
      let entry = byScope.get(scope);
      if (entry === undefined) byScope.set(scope, (entry = { hide: [], keep: [] }));
      entry.hide.push(text + pseudo + " { " + important(decls) + "transition: none !important; }");
      entry.keep.push(text + pseudo + " { transition: none !important; }");
    }
    for (const [scope, entry] of byScope) {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(entry.hide.join("\n"));
      scope.adoptedStyleSheets.push(sheet);
      adopted.push({ scope, sheet, keep: entry.keep.join("\n") });
    }
  };
  adopt(jobs);

  const camel = (name) => name.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
  const failing = (job) => {
    const style = getComputedStyle(job.el, job.pseudo || null);
    if (job.pseudo === "" && style.display === "none") return false;
    return job.decls.slice(0, job.needs).some(([name, value]) => style.getPropertyValue(name) !== value && style[camel(name)] !== value);
  };
  const inline = new Map();
  let unverified = 0;
  for (const job of jobs) {
    if (!failing(job)) continue;
    if (job.pseudo !== "") {
      unverified++;
      continue;
    }
    if (!inline.has(job.el)) inline.set(job.el, job.el.getAttribute("style"));
    for (const [name, value] of job.decls) job.el.style.setProperty(name, value, "important");
    job.el.style.setProperty("transition", "none", "important");
    if (failing(job)) unverified++;
  }

  // Paint a kept element borrows by reference (an SVG <use>, a pattern or gradient fill, a filter,
  // a mask, a clip, a marker) is drawn in both renders wherever the referenced element is. A
  // reference to an id that more than one element of its tree carries may resolve to a stranger's
  // element that took the id first: such a frame cannot be vouched for.
  const referenced = (value) => Array.from(value.matchAll(/url\(\s*["']?[^"')]*#([^"')\s]+)/g), (match) => match[1]);
  let spoofable = 0;
  const checkReferences = (el) => {
    const style = getComputedStyle(el);
    const ids = referenced(style.filter + " " + style.clipPath + " " + style.maskImage + " " + style.fill + " " + style.stroke + " " + style.markerStart + " " + style.markerMid + " " + style.markerEnd);
    const href = el.getAttribute("href") || el.getAttribute("xlink:href");
    if (el.namespaceURI !== XHTML && href && href.startsWith("#")) ids.push(href.slice(1));
    const root = el.getRootNode();
    for (const id of ids) {
      let count = 0;
      try {
        count = root.querySelectorAll("#" + CSS.escape(decodeURIComponent(id))).length;
      } catch {
        count = 2;
      }
      if (count > 1) spoofable++;
    }
  };
  for (const [el, m] of mode) {
    checkReferences(el);
    if (m === "row") for (const inner of el.querySelectorAll("*")) checkReferences(inner);
  }

  // What a row paints itself, for hideFlatRows: an element row's subtree; a text row's glyphs, and
  // every text of its parent element with them (a glyph it fails to hide is left for the
  // caller's flatness test to find, which then masks the row: a failure here cannot show anything).
  const GLYPHS_HIDDEN = [
    ["color", "transparent"],
    ["-webkit-text-fill-color", "transparent"],
    ["-webkit-text-stroke-width", "0px"],
    ["text-shadow", "none"],
    ["text-decoration-line", "none"],
    ["text-emphasis-style", "none"],
    ["caret-color", "transparent"],
  ];
  const hideFlatRows = () => {
    const rules = [];
    for (const node of flatRows) {
      if (node.nodeType === 1) rules.push({ el: node, pseudo: "", decls: HIDDEN.decls });
      else {
        const holder = flatParent(node);
        if (holder === null) continue;
        rules.push({ el: holder, pseudo: "", decls: GLYPHS_HIDDEN });
        for (const pseudo of ["::first-line", "::first-letter", "::selection", "::marker"]) rules.push({ el: holder, pseudo, decls: GLYPHS_HIDDEN });
      }
    }
    adopt(rules);
    return rules.length;
  };

  const restore = () => {
    for (const { sheet, keep } of adopted) sheet.replaceSync(keep);
    for (const [el, original] of inline) el.setAttribute("style", (original === null ? "" : original + "; ") + "transition: none !important");
    document.documentElement.getBoundingClientRect();
    for (const el of inline.keys()) getComputedStyle(el).opacity;
    for (const { scope, sheet } of adopted) {
      const at = scope.adoptedStyleSheets.indexOf(sheet);
      if (at >= 0) scope.adoptedStyleSheets.splice(at, 1);
    }
    for (const [el, original] of inline) {
      if (original === null) el.removeAttribute("style");
      else el.setAttribute("style", original);
    }
    // No second forced update: only the transition property changes now, which starts nothing; the next frame styles it.
    delete globalThis[spec.key];
  };
  globalThis[spec.key] = { hideFlatRows, restore };
  return { kept: mode.size, hidden: hide.size + contents.size, inline: inline.size, unverified: unverified + spoofable, spoofable };
}`;

/** What the page half reports after marking (before the screenshot). */
export interface KeepOnlyReport {
  /** Elements kept painting (rows and their ancestors). */
  kept: number;
  /** Elements made to paint nothing. */
  hidden: number;
  /** Elements the sheet could not style, styled inline instead (mutation records on the page). */
  inline: number;
  /**
   * What the check cannot vouch for, so the caller fails closed: elements whose computed style still
   * does not say hidden, and references from kept elements to ids their tree shares (`spoofable`).
   */
  unverified: number;
  /** References from kept elements (`<use>`, `url(#…)` in fill, stroke, filter, mask, clip, markers) to a shared id. */
  spoofable: number;
}
