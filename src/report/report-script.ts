/**
 * The report's only script: sortable tables and the scenario filters. It reads the page and
 * toggles `hidden`; it never builds markup from text, so it cannot turn escaped content back
 * into HTML. The page's CSP allows this exact script by its hash.
 */
export const REPORT_SCRIPT = `(function () {
  "use strict";
  function sortValue(cell) {
    var raw = cell.getAttribute("data-sort");
    if (raw === null) return cell.textContent.trim().toLowerCase();
    var number = Number(raw);
    return isNaN(number) ? raw : number;
  }
  Array.prototype.forEach.call(document.querySelectorAll("table.sortable"), function (table) {
    var headers = table.querySelectorAll("thead th");
    Array.prototype.forEach.call(headers, function (th, column) {
      var button = th.querySelector("button.sort");
      if (!button) return;
      button.addEventListener("click", function () {
        var descending = th.getAttribute("aria-sort") !== "descending";
        Array.prototype.forEach.call(headers, function (other) { other.removeAttribute("aria-sort"); });
        th.setAttribute("aria-sort", descending ? "descending" : "ascending");
        var body = table.tBodies[0];
        var rows = Array.prototype.slice.call(body.rows);
        rows.sort(function (a, b) {
          var x = sortValue(a.cells[column]);
          var y = sortValue(b.cells[column]);
          var order = x < y ? -1 : x > y ? 1 : 0;
          return descending ? -order : order;
        });
        rows.forEach(function (row) { body.appendChild(row); });
      });
    });
  });

  var text = document.getElementById("filter-text");
  if (!text) return;
  var mode = document.getElementById("filter-mode");
  var row = document.getElementById("filter-row");
  var outcome = document.getElementById("filter-outcome");
  var count = document.getElementById("filter-count");
  var cards = Array.prototype.slice.call(document.querySelectorAll("article.scenario"));
  function searchable(element) {
    if (element._search === undefined) {
      element._search = Array.prototype.map.call(element.querySelectorAll(".searchable"), function (part) {
        return part.textContent;
      }).join("\\n").toLowerCase();
    }
    return element._search;
  }
  function apply() {
    var needle = text.value.trim().toLowerCase();
    var shown = 0;
    cards.forEach(function (card) {
      var visibleRecords = 0;
      var cardMatchesText = needle === "" || searchable(card.querySelector(".scenario-text")).indexOf(needle) >= 0;
      var records = card.querySelectorAll(".record");
      Array.prototype.forEach.call(records, function (record) {
        var outcomes = (record.getAttribute("data-outcome") || "").split(" ");
        var ok = (row.value === "" || record.getAttribute("data-row") === row.value) &&
          (outcome.value === "" || outcomes.indexOf(outcome.value) >= 0) &&
          (cardMatchesText || searchable(record).indexOf(needle) >= 0);
        record.hidden = !ok;
        if (ok) visibleRecords++;
      });
      var filteringRecords = row.value !== "" || outcome.value !== "" || (needle !== "" && !cardMatchesText);
      var visible = (mode.value === "" || card.getAttribute("data-mode") === mode.value) &&
        (visibleRecords > 0 || (!filteringRecords && records.length === 0 && cardMatchesText));
      card.hidden = !visible;
      if (visible) shown++;
    });
    count.textContent = shown + " of " + cards.length + " scenarios";
  }
  [text, mode, row, outcome].forEach(function (control) {
    control.addEventListener("input", apply);
    control.addEventListener("change", apply);
  });
  apply();
})();
`;
