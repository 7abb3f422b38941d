// The judges' match log viewer: step forward and back (buttons, ← →, Home/End, the slider),
// each step fetched as a server-rendered htmx partial. Without script the links still work.
// Each step's board is drawn by the game's board module (boards/<game>.js, or generic.js)
// from the step's judge view, read-only; the server-rendered rows are the no-script fallback.
(function () {
  "use strict";

  function readJson(id) {
    var el = document.getElementById(id);
    if (!el) return null;
    try { return JSON.parse(el.textContent); } catch (e) { return null; }
  }

  function drawBoard() {
    var cfg = readJson("judge-board-config"), view = readJson("step-view");
    var root = document.querySelector("[data-board-root]"), fallback = document.querySelector("[data-board-fallback]");
    var all = window.ResponsBoards || {};
    var mod = cfg && (all[cfg.game] || all.generic);
    if (!cfg || !view || !root || !mod) return;
    var cards = readJson("judge-board-cards") || {};
    var names = (view.seats || []).map(function (s, i) { return (s && s.name) || cfg.names[i] || ""; });
    mod.render(root, view, {
      seat: null,
      legal: [],
      described: [],
      act: function () {},
      card: function (name) { return window.RespBoard.cardData(cards, name); }, // boards/kit.js
      t: function (text) { return window.gettext ? window.gettext(text) : text; },
      fmt: function (text, values) {
        return String(text).replace(/\{(\w+)\}/g, function (m, k) { return values && k in values ? values[k] : m; });
      },
      lang: cfg.lang,
      readOnly: true,
      names: names,
    });
    root.hidden = false;
    if (fallback) fallback.hidden = true;
  }

  function init() {
    var root = document.getElementById("replay");
    if (!root || !window.htmx) return;
    var slider = document.getElementById("step-slider");
    var counter = document.getElementById("step-counter");
    var list = document.getElementById("action-list");
    var game = root.dataset.game;
    var pending = null;

    function state() {
      var el = root.querySelector("[data-step]");
      return el ? { step: +el.dataset.step, total: +el.dataset.total } : { step: 0, total: 0 };
    }
    function query(step) { return "?game=" + encodeURIComponent(game) + "&step=" + step; }

    function go(step) {
      var s = state();
      step = Math.max(0, Math.min(s.total, step));
      if (step === s.step && pending === null) return;
      pending = step;
      htmx.ajax("GET", root.dataset.stepUrl + query(step), { target: root, swap: "innerHTML" });
    }

    function sync() {
      var s = state();
      pending = null;
      if (slider) { slider.max = s.total; slider.value = s.step; }
      if (counter) counter.textContent = s.step + " / " + s.total;
      var targets = { first: 0, prev: Math.max(0, s.step - 1), next: Math.min(s.total, s.step + 1), last: s.total };
      document.querySelectorAll("[data-replay-controls] [data-go]").forEach(function (a) {
        var to = targets[a.dataset.go];
        a.setAttribute("href", query(to));
        a.setAttribute("aria-disabled", String(to === s.step));
      });
      if (list) {
        var old = list.querySelector(".is-current");
        if (old) old.classList.remove("is-current");
        var row = document.getElementById("act-" + s.step);
        if (row) {
          row.classList.add("is-current");
          var top = row.offsetTop - list.offsetTop, bottom = top + row.offsetHeight;
          if (top < list.scrollTop || bottom > list.scrollTop + list.clientHeight) {
            list.scrollTop = top - list.clientHeight / 2;
          }
        }
      }
      if (window.history && history.replaceState) {
        history.replaceState(null, "", root.dataset.pageUrl + query(s.step));
      }
    }

    root.addEventListener("htmx:afterSwap", function () { drawBoard(); sync(); });
    document.addEventListener("click", function (event) {
      var a = event.target.closest("[data-go]");
      if (!a || event.ctrlKey || event.metaKey || event.shiftKey) return;
      event.preventDefault();
      var s = state(), to = a.dataset.go;
      var base = pending === null ? s.step : pending;
      go(to === "first" ? 0 : to === "last" ? s.total : to === "prev" ? base - 1 : to === "next" ? base + 1 : +to);
    });
    if (slider) {
      var timer = null;
      slider.addEventListener("input", function () {
        clearTimeout(timer);
        timer = setTimeout(function () { go(+slider.value); }, 90);
      });
    }
    document.addEventListener("keydown", function (event) {
      var t = event.target;
      if (t && t.closest && t.closest("input, textarea, select, [contenteditable]")) return;
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      var s = state(), base = pending === null ? s.step : pending;
      if (event.key === "ArrowLeft") go(base - 1);
      else if (event.key === "ArrowRight") go(base + 1);
      else if (event.key === "Home") go(0);
      else if (event.key === "End") go(s.total);
      else return;
      event.preventDefault();
    });
    drawBoard();
    sync();
  }

  // After DOMContentLoaded: the board module's script (deferred, after this one) has run by then.
  if (document.readyState !== "complete") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
