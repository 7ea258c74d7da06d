import { describe, expect, it } from "vitest";
import { highlightSpans } from "../../src/report/highlight-spans.js";
import { escapeHtml, html, joinHtml, trustedHtml } from "../../src/report/html-builder.js";

describe("html builder", () => {
  it("escapes every interpolated string, in text and in attributes", () => {
    const evil = `<img src=x onerror="alert(1)">'&`;
    const out = html`<p title="${evil}">${evil}</p>`.value;
    expect(out).toBe(
      '<p title="&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&#39;&amp;">&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&#39;&amp;</p>',
    );
    expect(out).not.toContain("<img");
  });

  it("escapes inside arrays and nested fragments, and drops null, undefined and false", () => {
    const items = ["<b>", "ok"];
    expect(html`<ul>${items.map((item) => html`<li>${item}</li>`)}</ul>${null}${undefined}${false}${0}`.value).toBe(
      "<ul><li>&lt;b&gt;</li><li>ok</li></ul>0",
    );
    expect(joinHtml(["<a>", html`<i>x</i>`], ", ").value).toBe("&lt;a&gt;, <i>x</i>");
  });

  it("inserts only explicitly trusted markup verbatim", () => {
    expect(html`${trustedHtml("<svg></svg>")}`.value).toBe("<svg></svg>");
    expect(escapeHtml(`"'<>&`)).toBe("&quot;&#39;&lt;&gt;&amp;");
  });
});

describe("highlightSpans", () => {
  it("marks spans and escapes the text inside and outside them", () => {
    const out = highlightSpans("a <b> biopsy <i>", [{ start: 6, end: 12, kind: "leak", title: 'item "biopsy"' }]).value;
    expect(out).toBe('a &lt;b&gt; <mark class="m-leak" title="item &quot;biopsy&quot;">biopsy</mark> &lt;i&gt;');
  });

  it("cuts overlapping spans into pieces that carry every covering kind", () => {
    const out = highlightSpans("abcdef", [
      { start: 0, end: 4, kind: "required", title: "r" },
      { start: 2, end: 6, kind: "leak", title: "l" },
    ]).value;
    expect(out).toBe(
      '<mark class="m-required" title="r">ab</mark><mark class="m-leak m-required" title="r\nl">cd</mark><mark class="m-leak" title="l">ef</mark>',
    );
  });

  it("clamps spans that run past the text and ignores empty ones", () => {
    expect(
      highlightSpans("abc", [
        { start: 1, end: 99, kind: "leak", title: "t" },
        { start: 2, end: 2, kind: "required", title: "x" },
      ]).value,
    ).toBe('a<mark class="m-leak" title="t">bc</mark>');
  });
});
