// Event pages: round countdowns, "find yourself by name", one submit per click.
// No dependencies: the site works on a closed network.
(function () {
  "use strict";

  // Count down against the server's clock, so every phone in the room shows the same second.
  var first = document.querySelector("[data-server-now]");
  var skew = first ? Date.parse(first.dataset.serverNow) - Date.now() : 0;
  if (isNaN(skew) || Math.abs(skew) < 2000) skew = 0;

  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function clock(ms) {
    var s = Math.floor(Math.abs(ms) / 1000), h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60);
    return (h ? h + ":" + pad(m) : String(m)) + ":" + pad(s % 60);
  }
  function tick() {
    var now = Date.now() + skew;
    document.querySelectorAll("[data-deadline]").forEach(function (el) {
      var left = Date.parse(el.dataset.deadline) - now, out = el.querySelector("[data-left]");
      el.classList.toggle("is-over", left <= 0);
      el.classList.toggle("is-close", left > 0 && left <= 5 * 60 * 1000);
      if (out) out.textContent = left > 0 ? clock(left) : el.dataset.overLabel + " +" + clock(left);
    });
  }
  document.querySelectorAll("time[data-local-time]").forEach(function (el) {
    var at = new Date(el.getAttribute("datetime"));
    if (!isNaN(at)) el.textContent = at.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  });
  if (document.querySelector("[data-deadline]")) { tick(); setInterval(tick, 1000); }

  // "Find yourself by name": filter the pairings as you type.
  document.querySelectorAll("[data-filter-rows]").forEach(function (input) {
    var table = document.getElementById(input.dataset.filterRows);
    var empty = document.getElementById(input.dataset.filterEmpty);
    if (!table) return;
    function apply() {
      var q = input.value.trim().toLowerCase(), shown = 0;
      table.querySelectorAll("tbody tr").forEach(function (row) {
        var hit = !q || (row.dataset.names || row.textContent.toLowerCase()).indexOf(q) !== -1;
        row.hidden = !hit;
        if (hit) shown++;
      });
      if (empty) empty.hidden = shown > 0;
    }
    input.addEventListener("input", apply);
    input.form.addEventListener("submit", function (e) { e.preventDefault(); apply(); });
  });

  // Ask before drastic steps; send a form once even on a double click.
  document.addEventListener("submit", function (e) {
    var form = e.target;
    if (form.dataset.confirm && !window.confirm(form.dataset.confirm)) { e.preventDefault(); return; }
    // Asked here: the server need not ask again (without JavaScript it answers a question page).
    if (form.dataset.confirm) form.querySelectorAll("input[data-confirmed]").forEach(function (i) { i.value = "yes"; });
    if (!form.hasAttribute("data-once")) return;
    if (form.dataset.sent) { e.preventDefault(); return; }
    form.dataset.sent = "1";
    form.querySelectorAll("button[type=submit]").forEach(function (b) { b.setAttribute("aria-busy", "true"); });
  });

  document.querySelectorAll("[data-print]").forEach(function (button) {
    button.addEventListener("click", function () { window.print(); });
  });
})();
