// Spectators' pages: the featured match, live over the spectate stream, and the replay
// viewer, stepping through a final match's game. Both draw the board with the game's own module
// (boards/<game>.js, or generic.js) read-only, from the spectator view (or, in a replay once the
// event's decklists are published, the judge view): no page knows a game's board.
(function () {
  "use strict";

  function readJson(id) {
    var el = document.getElementById(id);
    if (!el) return null;
    try { return JSON.parse(el.textContent); } catch (e) { return null; }
  }
  function t(text) { return window.gettext ? window.gettext(text) : text; }
  function fmt(text, values) {
    return String(text).replace(/\{(\w+)\}/g, function (m, k) { return values && k in values ? values[k] : m; });
  }
  function clock(seconds) {
    seconds = Math.max(0, Math.round(seconds));
    var m = Math.floor(seconds / 60), s = seconds % 60;
    return m + ":" + (s < 10 ? "0" : "") + s;
  }

  var cfg = readJson("watch-config"), cards = readJson("watch-cards") || {};
  var root = document.querySelector("[data-board-root]");

  function draw(view) {
    var all = window.ResponsBoards || {};
    var mod = all[cfg.game] || all.generic;
    if (!mod || !root || !view) return;
    // The site's names first: a game's view may name its seats "A" and "B", and a practice
    // game's bot is named after its game, not by its account.
    var names = (view.seats || []).map(function (s, i) { return cfg.names[i] || (s && s.name) || ""; });
    if (!names.length) names = cfg.names;
    mod.render(root, view, {
      seat: null,
      legal: [],
      described: [],
      act: function () {},
      card: function (name) { return window.RespBoard.cardData(cards, name); }, // boards/kit.js
      t: t,
      fmt: fmt,
      lang: cfg.lang,
      readOnly: true,
      names: names,
    });
  }

  // --- the featured match: live, as far behind as the event says ------------------------------
  function live() {
    var score = document.querySelector("[data-score]"), label = document.querySelector("[data-game-label]");
    var delay = document.querySelector("[data-delay]");
    function show(answer) {
      if (score) score.textContent = answer.wins_a + "–" + answer.wins_b + (answer.draws ? "–" + answer.draws : "");
      if (label) label.textContent = fmt(t("Game {n}"), { n: answer.game_number });
      [0, 1].forEach(function (seat) {
        var el = document.querySelector('[data-clock="' + seat + '"]');
        // used: the clocks as of the step shown (null when not known): never the present ones.
        if (el && answer.clock) el.textContent = answer.clock.used ? clock(answer.clock.limit - (answer.clock.used[seat] || 0)) : "–";
      });
      if (delay) {
        var d = answer.delay || {};
        delay.textContent = d.unit === "turns" ? fmt(t("Shown {n} turns behind the game."), { n: d.amount })
          : d.unit === "minutes" ? fmt(t("Shown {n} minutes behind the game."), { n: d.amount })
          : t("The game is over: shown whole.");
      }
      draw(answer.view);
      root.setAttribute("data-step", answer.step);
    }
    var polling = null;
    function poll() {
      fetch(cfg.api, { credentials: "same-origin", headers: { Accept: "application/json" } })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (answer) { if (answer) show(answer); });
    }
    if (window.EventSource) {
      var source = new EventSource(cfg.stream);
      source.addEventListener("state", function (e) {
        if (polling) { clearInterval(polling); polling = null; }
        try { show(JSON.parse(e.data)); } catch (err) { /* a broken event: the next one comes */ }
      });
      source.onerror = function () { if (!polling) { poll(); polling = setInterval(poll, 10000); } };
    } else {
      poll();
      polling = setInterval(poll, 10000);
    }
  }

  // --- the replay: step through a game, each step a link to share -------------------------------
  function replay() {
    var answer = readJson("watch-answer");
    if (!answer) return;
    var slider = document.querySelector("[data-step-slider]"), counter = document.querySelector("[data-step-counter]");
    var list = document.querySelector("[data-action-list]"), share = document.querySelector("[data-share]");
    var pending = null, wanted = answer.step;
    function query(step) { return "?game=" + encodeURIComponent(cfg.number) + "&step=" + step; }
    function sync() {
      var s = answer.step, total = answer.total;
      if (slider) { slider.max = total; slider.value = s; }
      if (counter) counter.textContent = s + " / " + total;
      var targets = { first: 0, prev: Math.max(0, s - 1), next: Math.min(total, s + 1), last: total };
      document.querySelectorAll("[data-replay-controls] [data-go]").forEach(function (a) {
        var to = targets[a.dataset.go];
        a.setAttribute("href", query(to));
        a.setAttribute("aria-disabled", String(to === s));
      });
      if (share) share.setAttribute("href", query(s));
      if (list) {
        var old = list.querySelector(".is-current");
        if (old) old.classList.remove("is-current");
        var row = document.getElementById("step-" + s);
        if (row) row.classList.add("is-current");
      }
      root.setAttribute("data-step", s);
      if (window.history && history.replaceState) history.replaceState(null, "", cfg.page + query(s));
    }
    function go(step) {
      step = Math.max(0, Math.min(answer.total, step));
      wanted = step;
      if (pending) return;
      if (step === answer.step) return;
      pending = fetch(cfg.api + query(step), { credentials: "same-origin", headers: { Accept: "application/json" } })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (next) {
          pending = null;
          if (next) { answer = next; draw(answer.view); sync(); }
          if (wanted !== answer.step && next) go(wanted);
        }, function () { pending = null; });
    }
    document.addEventListener("click", function (event) {
      var a = event.target.closest("[data-go]");
      if (!a || event.ctrlKey || event.metaKey || event.shiftKey) return;
      event.preventDefault();
      var to = a.dataset.go, base = wanted;
      go(to === "first" ? 0 : to === "last" ? answer.total : to === "prev" ? base - 1 : to === "next" ? base + 1 : +to);
    });
    if (slider) {
      var timer = null;
      slider.addEventListener("input", function () {
        clearTimeout(timer);
        timer = setTimeout(function () { go(+slider.value); }, 90);
      });
    }
    document.addEventListener("keydown", function (event) {
      var el = event.target;
      if (el && el.closest && el.closest("input, textarea, select, [contenteditable]")) return;
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === "ArrowLeft") go(wanted - 1);
      else if (event.key === "ArrowRight") go(wanted + 1);
      else if (event.key === "Home") go(0);
      else if (event.key === "End") go(answer.total);
      else return;
      event.preventDefault();
    });
    draw(answer.view);
    sync();
  }

  // --- the TV page: reloads itself, unless paused (WCAG 2.2.1: a time limit the reader can stop) --
  function tv() {
    var page = document.querySelector("[data-refresh-seconds]");
    if (!page) return;
    var seconds = +page.dataset.refreshSeconds || 30, toggle = document.querySelector("[data-refresh-toggle]");
    var timer = setTimeout(function () { location.reload(); }, seconds * 1000);
    if (toggle) toggle.addEventListener("click", function () {
      var paused = toggle.getAttribute("aria-pressed") !== "true";
      toggle.setAttribute("aria-pressed", String(paused));
      clearTimeout(timer);
      if (!paused) timer = setTimeout(function () { location.reload(); }, seconds * 1000);
    });
  }

  function init() {
    tv();
    if (!cfg || !root) return;
    if (cfg.mode === "live") live();
    else replay();
  }
  // After DOMContentLoaded: the board module's script (deferred, after this one) has run by then.
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
