// A search box before every long list marked <select data-filter="label"> (the 600 time zones of
// the event form, the players of a big event's pairing tools): typing keeps the options whose
// words contain what is typed and picks the first of them, so the form sends it as it is. Without
// JavaScript the list is a plain select. No dependencies.
(function () {
  "use strict";

  function words(text) {
    return text.toLowerCase().replace(/[_/]+/g, " ");
  }

  function enhance(select) {
    if (select.dataset.filterReady) return;
    select.dataset.filterReady = "1";
    var label = select.dataset.filter || "";
    var input = document.createElement("input");
    input.type = "search";
    input.className = "select-filter";
    input.setAttribute("aria-label", label);
    input.placeholder = label;
    input.autocomplete = "off";
    if (select.id) {
      input.id = select.id + "-filter";
      input.setAttribute("aria-controls", select.id);
    }
    var options = Array.prototype.slice.call(select.options);
    var keys = options.map(function (o) { return words(o.textContent + " " + o.value); });
    input.addEventListener("input", function () {
      var wanted = words(input.value.trim());
      var first = null;
      options.forEach(function (option, i) {
        var shown = !wanted || keys[i].indexOf(wanted) >= 0;
        option.hidden = !shown;
        if (shown && first === null) first = option;
      });
      if (first !== null && (select.selectedOptions[0] || {}).hidden !== false) {
        select.value = first.value;
        select.dispatchEvent(new Event("change", { bubbles: true }));
      }
    });
    // Enter in the box picks the first match; it must not send the form half filled in.
    input.addEventListener("keydown", function (event) {
      if (event.key === "Enter") { event.preventDefault(); select.focus(); }
    });
    select.parentNode.insertBefore(input, select);
  }

  function run() { document.querySelectorAll("select[data-filter]").forEach(enhance); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", run);
  else run();
  document.addEventListener("htmx:afterSettle", run);  // a form reloaded by htmx
})();
