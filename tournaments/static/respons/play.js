// The play page of an online RESPONSE match. No dependencies, no build step.
//
// The server pushes every new answer of GET /api/matches/{id}/game/ over a Server-Sent Events
// stream (.../game/stream/); polling once a second is only the fallback while the stream is
// down. It re-renders the table only when the game moved on, and posts back the legal
// actions the API lists, exactly as listed,
// with seq = next_seq. The rules stay with the engine: the page only highlights what
// legal_actions allows and walks the player through its choices (card, cell, targets).
(function () {
  "use strict";

  var root = document.getElementById("play");
  var cfgEl = document.getElementById("play-config");
  if (!root || !cfgEl || !root.querySelector(".table")) return;
  var cfg = JSON.parse(cfgEl.textContent);
  var T = JSON.parse(document.getElementById("play-strings").textContent);
  var CARDS = JSON.parse(document.getElementById("play-cards").textContent);
  var me = cfg.me, player = cfg.seat !== null;
  var POLL_MS = 1000;

  var skew = Date.parse(cfg.server_now) - Date.now(); // count down against the server's clock
  if (isNaN(skew) || Math.abs(skew) < 1500) skew = 0;
  function now() { return Date.now() + skew; }

  var state = null;      // the last GET .../game/ answer
  var stateKey = "";     // what changed since the last render
  var sel = null;        // the action being built: {kind, card, cands, slots, picks}
  var mull = [];         // hand indices selected to put back (mulligan)
  var busy = false;      // an action is being posted
  var eventsKey = "";    // the log shown
  var eventsAsked = "";  // the log being fetched
  var sideboardSent = {}; // game number -> "ready" | "deck"
  var awaited = {};       // seq posted -> its refusal is shown when an answer lists it (see showRefusals)

  // --- small helpers --------------------------------------------------------------------

  function $(selector, el) { return (el || root).querySelector(selector); }
  function $$(selector, el) { return Array.prototype.slice.call((el || root).querySelectorAll(selector)); }
  function fmt(text, values) {
    return String(text).replace(/\{(\w+)\}/g, function (m, k) { return values && k in values ? values[k] : m; });
  }
  function h(tag, attrs, children) {
    var el = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      var v = attrs[k];
      if (v === null || v === undefined || v === false) return;
      if (k === "text") el.textContent = v;
      else if (k === "class") el.className = v;
      else el.setAttribute(k, v === true ? "" : v);
    });
    (children || []).forEach(function (c) { if (c) el.appendChild(typeof c === "string" ? document.createTextNode(c) : c); });
    return el;
  }
  function slot(name, el) { return $('[data-slot="' + name + '"]', el); }
  function setText(name, text, el) { var s = slot(name, el); if (s) s.textContent = text; }
  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function clockText(seconds) {
    var s = Math.max(0, Math.floor(seconds)), hh = Math.floor(s / 3600), mm = Math.floor((s % 3600) / 60);
    return (hh ? hh + ":" + pad(mm) : String(mm)) + ":" + pad(s % 60);
  }
  function card(name) { return CARDS[name] || { n: name, t: "", f: [] }; }
  function cardName(name) { return card(name).n; }
  function seatName(s) { return cfg.names[s] || "?"; }
  function cellKey(seat, c) { return "c:" + seat + ":" + c.line + ":" + c.row; }
  function targetKey(t) {
    if (!t) return "";
    if (t.zone === "hero") return "hero:" + t.seat;
    if (t.zone === "location") return "loc:" + t.seat;
    return cellKey(t.seat, t);
  }
  function csrf() {
    var m = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    if (m) return decodeURIComponent(m[1]);
    var b = document.body.getAttribute("hx-headers"); // base.html carries the token too
    try { return JSON.parse(b)["X-CSRFToken"]; } catch (e) { return ""; }
  }
  function request(method, url, body) {
    var opts = { method: method, credentials: "same-origin", headers: { Accept: "application/json" } };
    if (body !== undefined) {
      opts.headers["Content-Type"] = "application/json";
      opts.headers["X-CSRFToken"] = csrf();
      opts.body = JSON.stringify(body);
    }
    return fetch(url, opts).then(function (r) {
      return r.json().catch(function () { return {}; }).then(function (data) { return { status: r.status, body: data }; });
    });
  }

  // --- card tiles -----------------------------------------------------------------------

  var FACTION_VAR = { order: "var(--order)", technology: "var(--technology)", chaos: "var(--chaos)" };

  function tile(name, opts) {
    opts = opts || {};
    var c = card(name), kind = c.t || "";
    var f = c.f || [], f1 = FACTION_VAR[f[0]] || "#78716c", f2 = FACTION_VAR[f[1] || f[0]] || f1;
    var el = h("div", {
      "class": "tile t-" + kind + (opts.size ? " tile-" + opts.size : "") + (opts.down ? " is-down" : "") + (opts.used ? " is-used" : ""),
      style: "--f1:" + f1 + ";--f2:" + f2,
      "data-card": name,
      title: tooltip(name, opts),
    });
    var cost = c.c === undefined || c.c === null || kind === "hero" ? null : c.c;
    var costEl = cost === null ? null : h("span", { "class": "tile-cost", text: String(cost) });
    var nameEl = h("span", { "class": "tile-name" + fit(c.n), text: c.n });
    var typeEl = h("div", { "class": "tile-type", text: (T.types[kind] || kind) + (c.l ? " ★" : "") });
    if (opts.size === "hand") {
      // A hand card: cost and type on top, then the name across the card's full width.
      el.appendChild(h("div", { "class": "tile-head" }, [costEl, typeEl]));
      el.appendChild(nameEl);
    } else {
      el.appendChild(h("div", { "class": "tile-head" }, [costEl, nameEl]));
      el.appendChild(typeEl);
    }
    if (opts.size === "hand" && c.x) el.appendChild(h("div", { "class": "tile-text", text: c.x }));
    var stats = h("div", { "class": "tile-stats" });
    if (opts.down) stats.appendChild(h("span", { "class": "tile-flag", text: T.face_down }));
    if (opts.used) stats.appendChild(h("span", { "class": "tile-flag", text: "✓" }));
    if (c.a !== undefined && !opts.down) stats.appendChild(h("span", { "class": "tile-act", title: fmt(T.action_cost, { cost: c.a }), text: "⚡" + c.a }));
    if (kind === "unit") {
      var s = opts.strength !== undefined ? opts.strength : c.s, base = opts.printed !== undefined ? opts.printed : c.s;
      var cls = "stat stat-str" + (s < base ? " is-hurt" : s > base ? " is-up" : "");
      stats.appendChild(h("span", { "class": cls, title: T.strength, text: "⚔ " + s }));
    } else if (kind === "location") {
      var d = opts.durability !== undefined ? opts.durability : c.d, max = opts.max !== undefined ? opts.max : c.d;
      stats.appendChild(h("span", { "class": "stat stat-dur" + (d < max ? " is-hurt" : ""), title: T.durability, text: "▣ " + d + (d !== max ? "/" + max : "") }));
    }
    el.appendChild(stats);
    return el;
  }

  // Long words shrink the name rather than break mid-word ("Шестерёночный").
  function fit(text) {
    var longest = Math.max.apply(null, String(text).split(/[\s-]+/).map(function (w) { return w.length; }));
    return longest >= 13 ? " fit-3" : longest >= 11 ? " fit-2" : longest >= 9 ? " fit-1" : "";
  }

  function tooltip(name, opts) {
    var c = card(name), parts = [c.n];
    if (c.n !== name) parts[0] += " (" + name + ")";
    var line = T.types[c.t] || c.t || "";
    if (c.c !== undefined && c.c !== null && c.t !== "hero") line += " · " + T.cost + " " + c.c;
    if (c.s !== undefined) line += " · " + T.strength + " " + c.s;
    if (c.d !== undefined) line += " · " + T.durability + " " + c.d;
    if (c.i !== undefined) line += " · " + T.influence + " " + c.i;
    parts.push(line);
    if (c.x) parts.push(c.x);
    if (opts && opts.used) parts.push(T.used);
    return parts.join("\n");
  }

  function back(extra) { return h("div", { "class": "tile tile-back" + (extra ? " " + extra : ""), "aria-label": T.face_down_trap }, [h("span", { "class": "back-mark", text: "R" })]); }

  // --- rendering the table --------------------------------------------------------------

  function view() { return (state && state.view) || {}; }
  function seatView(s) { var v = view(); return v.seats ? v.seats[s] : null; }

  function renderSide(s) {
    var el = $('[data-side="' + s + '"]'), sv = seatView(s), v = view();
    if (!el) return;
    var decision = v.decision;
    el.classList.toggle("is-deciding", !!decision && decision.seat === s && state.game_status === "playing");
    var ini = slot("initiative-mark", el);
    if (ini) ini.hidden = !(sv && v.initiative === s);
    $$(".cell", el).forEach(function (cell) { cell.textContent = ""; });
    if (!sv) {
      ["influence", "decisions", "deck"].forEach(function (k) { setText(k, "–", el); });
      ["orders", "hand", "graveyard", "space", "hit-pips"].forEach(function (k) { slot(k, el).textContent = ""; });
      setText("hits", "0", el); setText("hand-size", "0", el);
      setText("graveyard-count", "0", el); setText("space-count", "0", el);
      renderHero(el, s, null); renderLocation(el, null);
      return;
    }
    setText("influence", sv.hero.influence + " / " + sv.hero.supply, el);
    setText("decisions", String(sv.decisions_left), el);
    setText("hits", String(sv.hits_taken), el);
    var pips = slot("hit-pips", el);
    pips.textContent = "";
    for (var i = 1; i <= 6; i++) pips.appendChild(h("i", { "class": i <= sv.hits_taken ? "on" : "" }));
    renderHero(el, s, sv);
    renderLocation(el, sv.location);
    // Orders, left to right (R5.1): backs for the opponent, names for their owner.
    var orders = slot("orders", el);
    orders.textContent = "";
    sv.orders.forEach(function (o) {
      var t;
      if (o.state === "face_down" && !o.card) t = back("tile-mini");
      else t = tile(o.card, { size: "mini", down: o.state === "face_down" });
      if (o.state === "played") t.classList.add("is-played");
      if (o.state === "face_up") t.classList.add("is-revealed");
      t.setAttribute("data-testid", "order");
      var wrap = h("div", { "class": "order-slot", title: fmt(T.order_n, { n: o.position }) + (o.state === "played" ? " · " + T.played : "") }, [t]);
      orders.appendChild(wrap);
    });
    // The tactical grid.
    sv.cells.forEach(function (c) {
      var cell = $('[data-key="' + cellKey(s, c) + '"]', el);
      if (!cell) return;
      var t = c.card
        ? tile(c.card, { size: "cell", strength: c.strength, printed: c.printed_strength, down: !c.face_up, used: c.used })
        : back("tile-cell");
      t.setAttribute("data-testid", "field-card");
      cell.appendChild(t);
    });
    // The abstract segment.
    setText("deck", String(sv.deck), el);
    fillList(slot("graveyard", el), sv.graveyard);
    fillList(slot("space", el), sv.space);
    setText("graveyard-count", String(sv.graveyard.length), el);
    setText("space-count", String(sv.space.length), el);
    // The hand: cards when the viewer may see them, backs otherwise.
    var hand = slot("hand", el);
    hand.textContent = "";
    setText("hand-size", String(sv.hand_size), el);
    if (sv.hand) {
      var big = el.classList.contains("side-bottom");
      sv.hand.forEach(function (name, index) {
        var t = tile(name, { size: big ? "hand" : "mini" });
        t.setAttribute("data-index", String(index));
        t.setAttribute("data-testid", "hand-card");
        if (mull.indexOf(index) !== -1 && s === me) t.classList.add("is-putback");
        hand.appendChild(t);
      });
    } else {
      for (var k = 0; k < sv.hand_size; k++) hand.appendChild(back("tile-mini"));
    }
  }

  function renderHero(el, s, sv) {
    var box = slot("hero", el);
    $$(".tile", box).forEach(function (t) { t.remove(); });
    if (!sv) return;
    var t = tile(sv.hero.card, { size: "hero" });
    var inf = h("div", { "class": "hero-influence", title: T.influence }, [
      h("b", { text: String(sv.hero.influence) }), h("span", { text: "/" + sv.hero.supply }),
    ]);
    t.appendChild(inf);
    box.appendChild(t);
  }

  function renderLocation(el, loc) {
    var box = slot("location", el);
    $$(".tile", box).forEach(function (t) { t.remove(); });
    box.classList.toggle("is-empty", !loc);
    if (loc) box.appendChild(tile(loc.card, { size: "cell", durability: loc.durability, max: loc.max }));
  }

  function fillList(list, names) {
    list.textContent = "";
    if (!names.length) list.appendChild(h("li", { "class": "muted", text: T.empty }));
    names.forEach(function (n) { list.appendChild(h("li", { title: tooltip(n), text: cardName(n) })); });
  }

  function renderStatus() {
    var v = view(), d = v.decision, st = state;
    setText("game", fmt(T.game_of, { n: st.game_number, best_of: cfg.best_of }));
    setText("score", st.wins_a + " – " + st.wins_b);
    setText("draws", st.draws ? " · " + fmt(T.match_draws, { n: st.draws }) : "");
    setText("turn", v.turn ? fmt(T.turn, { n: v.turn }) : "");
    setText("phase", v.phase ? T.phases[v.phase] || v.phase : "");
    setText("initiative", v.initiative === 0 || v.initiative === 1 ? T.initiative + ": " + seatName(v.initiative) : "");
    var decider = slot("decider"), text = "";
    if (st.match_status === "final") text = "";
    else if (st.game_status === "sideboarding") text = T.next_game;
    else if (d && player && d.seat === me) text = T.your_decision;
    else if (d) text = fmt(T.waiting_for, { name: seatName(d.seat) });
    decider.textContent = text;
    decider.classList.toggle("is-you", !!d && player && d.seat === me && st.game_status === "playing");
  }

  function renderOverlay() {
    var st = state, overlay = slot("overlay"), show = false;
    var games = st.games || [], current = games[games.length - 1];
    var finished = null;
    if (st.game_status === "finished") finished = current;
    else if (st.game_status === "sideboarding" && games.length > 1) finished = games[games.length - 2];
    var result = "";
    if (finished) {
      result = gameResult(finished);
      show = true;
    }
    setText("result", result);
    var final = st.match_status === "final";
    setText("match-result", final ? fmt(T.match_over, { a: seatName(0), b: seatName(1), wa: st.wins_a, wb: st.wins_b }) +
      (st.draws ? " (" + fmt(T.match_draws, { n: st.draws }) + ")" : "") : "");
    slot("match-links").hidden = !final;
    var sb = slot("sideboard"), sideboarding = st.game_status === "sideboarding" && !final;
    sb.hidden = !sideboarding;
    if (sideboarding) {
      show = true;
      var sent = sideboardSent[st.game_number], status = slot("sideboard-status", sb);
      if (status) status.textContent = sent === "deck" ? T.deck_sent : sent === "ready" ? T.ready_sent : "";
      $$("[data-action^=sideboard]", sb).forEach(function (b) { b.disabled = busy; });
    }
    overlay.hidden = !(show || final);
    overlay.classList.toggle("is-final", final);
  }

  function renderClocks() {
    if (!state || !state.clock) return;
    var c = state.clock, running = state.game_status === "playing" && state.match_status !== "final";
    [0, 1].forEach(function (s) {
      var used = (c.used && c.used[s]) || 0;
      var ticking = running && c.deciding === s && c.since;
      if (ticking) used += Math.max(0, (now() - Date.parse(c.since)) / 1000);
      var left = c.limit - used, out = slot("clock-" + s);
      if (!out) return;
      out.textContent = left > 0 ? clockText(left) : T.clock_out;
      var box = out.closest(".clock");
      box.classList.toggle("is-running", !!ticking);
      box.classList.toggle("is-low", left > 0 && left < 60);
    });
    var round = (Date.parse(c.round_ends_at) - now()) / 1000;
    setText("round-left", round > 0 ? clockText(round) : T.round_over);
    if (c.sideboard_until) setText("sideboard-left", clockText((Date.parse(c.sideboard_until) - now()) / 1000));
    // R9.4: no clock runs until both players are here; an absent one loses at present_by.
    var waiting = slot("presence");
    if (waiting) {
      waiting.hidden = !(running && c.present_by);
      if (running && c.present_by) waiting.textContent = fmt(T.waiting_present, { time: clockText((Date.parse(c.present_by) - now()) / 1000) });
    }
  }

  // --- choices: what the player may click now -------------------------------------------

  function legal() { return (state && state.legal_actions) || []; }
  function myDecision() {
    var d = view().decision;
    return player && state && state.game_status === "playing" && d && d.seat === me && legal().length ? d : null;
  }
  function sourceKey(a) {
    if (a.cell) return cellKey(me, a.cell);
    return (a.zone === "hero" ? "hero:" : "loc:") + me;
  }
  function slotsOf(cands) {
    var first = cands[0], slots = [];
    if (first.type !== "activate" && first.cell) slots.push("cell");
    var n = 0;
    cands.forEach(function (a) { n = Math.max(n, (a.targets || []).length); });
    for (var i = 0; i < n; i++) {
      if (cands.some(function (a) { return a.targets && a.targets[i]; })) slots.push(i);
    }
    return slots;
  }
  function slotKey(a, s) { return s === "cell" ? cellKey(me, a.cell) : targetKey((a.targets || [])[s]); }
  function remaining() {
    return sel.cands.filter(function (a) {
      return sel.picks.every(function (k, i) { return slotKey(a, sel.slots[i]) === k; });
    });
  }
  function options() {
    if (!sel || sel.picks.length >= sel.slots.length) return [];
    var s = sel.slots[sel.picks.length], seen = [];
    remaining().forEach(function (a) { var k = slotKey(a, s); if (k && seen.indexOf(k) === -1) seen.push(k); });
    return seen;
  }
  function select(kind, cardName_, cands, source) {
    sel = { kind: kind, card: cardName_, cands: cands, slots: slotsOf(cands), picks: [], source: source };
    renderChoices();
  }
  function pick(key) {
    sel.picks.push(key);
    if (sel.picks.length >= sel.slots.length) submit(remaining()[0]);
    else renderChoices();
  }

  function renderChoices() {
    $$(".is-option, .is-playable, .is-activatable, .is-selected").forEach(function (el) {
      el.classList.remove("is-option", "is-playable", "is-activatable", "is-selected");
    });
    $$("[data-focus]").forEach(function (el) { el.removeAttribute("tabindex"); el.removeAttribute("data-focus"); });
    var d = myDecision();
    if (d && !sel && (d.kind === "choose_cell" || d.kind === "choose_target")) {
      var cands = legal().filter(function (a) { return a.type === "choose"; });
      if (cands.length) sel = { kind: "choose", card: d.card, cands: cands, slots: [cands[0].cell ? "cell" : 0], picks: [] };
    }
    if (sel) {
      options().forEach(function (k) { var el = $('[data-key="' + k + '"]'); if (el) el.classList.add("is-option"); });
      if (sel.source) { var src = $(sel.source); if (src) src.classList.add("is-selected"); }
    } else if (d && d.kind === "act") {
      legal().forEach(function (a) {
        if (a.type === "play") $$('.side-bottom .hand [data-card="' + cssEscape(a.card) + '"]').forEach(function (t) { t.classList.add("is-playable"); });
        if (a.type === "activate") { var el = $('[data-key="' + sourceKey(a) + '"]'); if (el) el.classList.add("is-activatable"); }
      });
    }
    // Whatever may be clicked now can also be reached with Tab and used with Enter.
    $$(".is-option, .is-playable, .is-activatable, .side-bottom .hand .tile").forEach(function (el) {
      if (d && !el.hasAttribute("tabindex")) { el.setAttribute("tabindex", "0"); el.setAttribute("data-focus", ""); }
    });
    root.classList.toggle("is-choosing", !!sel);
    root.classList.toggle("is-acting", !!d && d.kind === "act");
    renderTurnbox();
  }

  function cssEscape(s) { return window.CSS && CSS.escape ? CSS.escape(s) : s.replace(/"/g, '\\"'); }

  function button(name) { return $('[data-action="' + name + '"]'); }
  function show(name, visible, enabled) {
    var b = button(name);
    if (!b) return;
    b.hidden = !visible;
    b.disabled = busy || enabled === false;
  }

  function renderTurnbox() {
    var prompt = slot("prompt");
    if (!prompt || !state) return;
    var d = myDecision(), v = view(), text = "";
    var st = state, playing = st.game_status === "playing" && st.match_status !== "final";
    if (!player) {
      text = v.decision ? fmt(T.prompt_wait, { name: seatName(v.decision.seat) }) : "";
    } else if (!playing) {
      text = st.match_status === "final" ? T.match_finished : st.game_status === "sideboarding" ? T.next_game : "";
    } else if (!d) {
      text = v.decision ? fmt(T.prompt_wait, { name: seatName(v.decision.seat) }) : "";
    } else if (sel) {
      var name = cardName(sel.card || "");
      if (sel.kind === "choose") text = fmt(sel.slots[0] === "cell" ? T.prompt_choose_cell : T.prompt_choose_target, { card: name });
      else if (!sel.slots.length) text = fmt(sel.kind === "activate" ? T.prompt_confirm_activate : T.prompt_confirm, { card: name });
      else text = fmt(sel.slots[sel.picks.length] === "cell" ? T.prompt_cell : T.prompt_target, { card: name });
    } else if (d.kind === "mulligan") {
      text = T.prompt_mulligan;
    } else {
      text = T.prompt_act + " " + fmt(T.decisions_left, { n: d.decisions_left });
    }
    prompt.textContent = text;
    if (!player) return;
    var acting = !!d && d.kind === "act";
    var confirm = button("confirm");
    if (confirm) confirm.textContent = sel && sel.kind === "activate" ? T.use : T.play;
    show("confirm", acting && !!sel && sel.kind !== "choose" && !sel.slots.length);
    show("cancel", acting && !!sel && sel.kind !== "choose");
    show("pass", acting && !sel, legal().some(function (a) { return a.type === "pass"; }));
    show("keep", !!d && d.kind === "mulligan");
    show("mulligan", !!d && d.kind === "mulligan", mull.length > 0);
    var m = button("mulligan");
    if (m) m.textContent = mull.length ? fmt(T.mulligan_n, { n: mull.length }) : T.mulligan;
    show("concede", playing);
  }

  function setNotice(text, kind) {
    var n = slot("notice");
    if (!n) return;
    n.hidden = !text;
    n.textContent = text || "";
    n.className = "notice" + (kind ? " notice-" + kind : "");
  }

  // --- acting ---------------------------------------------------------------------------

  // POST an action; a server error or a lost connection is retried with the same seq, which the
  // API applies at most once (api.md), so a retry can never play a card twice.
  function post(body, tries) {
    return request("POST", cfg.urls.actions, body).then(function (res) {
      if (res.status < 500 || tries <= 1) return res;
      return wait(600).then(function () { return post(body, tries - 1); });
    }, function (error) {
      if (tries <= 1) throw error;
      return wait(600).then(function () { return post(body, tries - 1); });
    });
  }
  function wait(ms) { return new Promise(function (resolve) { setTimeout(resolve, ms); }); }

  // A refused action in the reader's language: the template of its code (T.refusals, none for
  // English readers) filled with its values, or else the English message the answer carries.
  function refusalText(r) {
    var R = T.refusals || {}, template = r.code && (R.templates || {})[r.code], labels = R.labels || {};
    var p = r.params || {}, values = {}, message = r.message;
    Object.keys(p).forEach(function (k) {
      var v = p[k];
      values[k] = labels[k] && labels[k][v] !== undefined ? labels[k][v] : k === "card" ? cardName(v) : v;
    });
    if (template && (template.match(/\{\w+\}/g) || []).every(function (m) { return m.slice(1, -1) in values; })) {
      message = fmt(template, values);
    }
    return fmt(T.refused, { rule: r.rule, message: message });
  }

  // The answers list this seat's latest refused actions (code, params, English message): show the
  // refusal of an action this page posted, in the reader's language, once.
  function showRefusals(st) {
    (st.refused || []).slice().reverse().forEach(function (r) {
      if (!awaited[r.seq]) return;
      delete awaited[r.seq];
      setNotice(refusalText(r), "bad");
    });
  }

  function submit(action) {
    if (busy || !state || !action) return;
    busy = true;
    sel = null;
    mull = [];
    renderChoices();
    setNotice(T.sending, "info");
    var seq = state.next_seq, body = { seq: seq, action: action }, d = (state.view || {}).decision;
    // Bound to the decision it answers (R10.4): refused as stale once a worker has moved past
    // it, never applied to a later one. A concede answers none (R9.3).
    if (action.type !== "concede" && d && d.seat === me) body.decision = d.seq;
    post(body, 4).then(function (res) {
      busy = false;
      var b = res.body || {};
      if (res.status === 200) setNotice(null);
      else if (res.status === 202) { setNotice(null); awaited[seq] = true; } // a worker decides later
      else if (res.status === 400 && b.rule) awaited[seq] = b; // said by the answer that lists it
      else if (res.status === 409 && (b.code === "seq_gap" || b.code === "decision_pending")) {
        setNotice(null); // another tab acted, or this decision is answered already: catch up
      }
      else setNotice(b.detail || "HTTP " + res.status, "bad");
      refresh(true).then(function () {
        var refused = awaited[seq];
        if (refused && refused !== true) { // no answer listed it: say it as the POST did
          delete awaited[seq];
          setNotice(fmt(T.refused, { rule: refused.rule, message: refused.message }), "bad");
        }
      });
    }, function () {
      busy = false;
      setNotice(T.offline, "bad");
      renderTurnbox();
    });
  }

  function mulliganAction() {
    var hand = (seatView(me) || {}).hand || [], names = mull.map(function (i) { return hand[i]; });
    var wanted = names.slice().sort().join("\n");
    var listed = legal().filter(function (a) {
      return a.type === "mulligan" && a.cards.slice().sort().join("\n") === wanted;
    })[0];
    return listed || { type: "mulligan", cards: names }; // R5.2: any cards of the hand may go back
  }

  function onClick(ev) {
    var target = ev.target;
    var actionBtn = target.closest("[data-action]");
    if (actionBtn) { onButton(actionBtn.getAttribute("data-action")); return; }
    if (target.closest("summary")) return;
    var d = myDecision();
    if (!d || busy) return;
    var option = target.closest(".is-option");
    if (option && sel) { pick(option.getAttribute("data-key")); return; }
    var handCard = target.closest(".side-bottom .hand .tile");
    if (handCard) {
      var index = Number(handCard.getAttribute("data-index")), name = handCard.getAttribute("data-card");
      if (d.kind === "mulligan") {
        var at = mull.indexOf(index);
        if (at === -1) mull.push(index); else mull.splice(at, 1);
        handCard.classList.toggle("is-putback", at === -1);
        renderTurnbox();
        return;
      }
      if (d.kind !== "act") return;
      if (sel && sel.kind === "play" && sel.card === name) { sel = null; renderChoices(); return; }
      var plays = legal().filter(function (a) { return a.type === "play" && a.card === name; });
      if (plays.length) select("play", name, plays, '.side-bottom .hand [data-index="' + index + '"]');
      return;
    }
    var source = target.closest(".is-activatable");
    if (source && d.kind === "act") {
      var key = source.getAttribute("data-key");
      var uses = legal().filter(function (a) { return a.type === "activate" && sourceKey(a) === key; });
      var t = source.querySelector(".tile");
      if (uses.length) select("activate", t ? t.getAttribute("data-card") : "", uses, '[data-key="' + key + '"]');
    }
  }

  function onButton(name) {
    if (busy) return;
    if (name === "cancel") { sel = null; renderChoices(); return; }
    if (name === "confirm" && sel) { submit(remaining()[0]); return; }
    if (name === "pass") { submit(legal().filter(function (a) { return a.type === "pass"; })[0]); return; }
    if (name === "keep") { submit(legal().filter(function (a) { return a.type === "keep"; })[0]); return; }
    if (name === "mulligan" && mull.length) { submit(mulliganAction()); return; }
    if (name === "concede") {
      if (window.confirm(T.concede_confirm)) submit({ type: "concede" }); // R9.3: at any moment
      return;
    }
    if (name === "sideboard-ready") sideboard(null);
    if (name === "sideboard-deck") sideboard(swapped());
    if (name === "swap-add") swapAdd();
    if (name === "swap-reset") { swaps = []; renderSwaps(); }
  }

  // --- the sideboard picker (R2.7): one card of the side deck for one of the main deck or
  // the orders, swap by swap; the page sends the whole deck those swaps make.
  var deckBase = cfg.deck || null, swaps = [];
  function copyDeck(d) { return JSON.parse(JSON.stringify(d)); }
  function bump(zone, name, by) {
    zone[name] = (zone[name] || 0) + by;
    if (zone[name] <= 0) delete zone[name];
  }
  function applySwap(d, s) {
    d.side = d.side || {}; d.main = d.main || {};
    var out = s.zone === "orders" ? d.orders[s.index] : s.card;
    if (s.zone === "orders") d.orders[s.index] = s.into; else { bump(d.main, out, -1); bump(d.main, s.into, 1); }
    bump(d.side, s.into, -1); bump(d.side, out, 1);
    return d;
  }
  function swapped() { return swaps.reduce(applySwap, copyDeck(deckBase)); }
  function byName(a, b) { return card(a).n.localeCompare(card(b).n); }
  function renderSwaps() {
    var picker = $("[data-testid=swap-picker]");
    if (!picker || !deckBase) return;
    var d = swapped(), outSel = slot("swap-out"), inSel = slot("swap-in"), list = slot("swap-list");
    outSel.textContent = ""; inSel.textContent = ""; list.textContent = "";
    Object.keys(d.main || {}).sort(byName).forEach(function (name) {
      outSel.appendChild(h("option", { value: "main|" + name, text: fmt(T.swap_main, { card: card(name).n, n: d.main[name] }) }));
    });
    (d.orders || []).forEach(function (name, i) {
      outSel.appendChild(h("option", { value: "orders|" + i, text: fmt(T.swap_order, { n: i + 1, card: card(name).n }) }));
    });
    var side = Object.keys(d.side || {}).sort(byName);
    side.forEach(function (name) {
      inSel.appendChild(h("option", { value: name, text: fmt(T.swap_side, { card: card(name).n, n: d.side[name] }) }));
    });
    if (!side.length) inSel.appendChild(h("option", { value: "", text: T.swap_empty }));
    $("[data-action=swap-add]", picker).disabled = !side.length;
    swaps.forEach(function (s) {
      list.appendChild(h("li", { text: fmt(T.swap_done, { out: card(s.out).n, "in": card(s.into).n }) }));
    });
    $("[data-action=swap-reset]", picker).hidden = !swaps.length;
  }
  function swapAdd() {
    var out = slot("swap-out").value, into = slot("swap-in").value;
    if (!out || !into) return;
    var parts = out.split("|"), d = swapped(), s = { zone: parts[0], into: into };
    if (s.zone === "orders") { s.index = Number(parts[1]); s.out = d.orders[s.index]; } else { s.card = parts[1]; s.out = parts[1]; }
    swaps.push(s);
    renderSwaps();
  }

  function sideboard(deck) {
    var errors = slot("sideboard-errors"), number = state.game_number;
    busy = true;
    renderOverlay();
    request("POST", cfg.urls.sideboard, { deck: deck }).then(function (res) {
      busy = false;
      errors.textContent = "";
      if (res.status === 200) {
        sideboardSent[number] = deck === null ? "ready" : "deck";
        if (deck !== null) { deckBase = deck; swaps = []; renderSwaps(); }
        applyState(res.body, true);
      } else {
        var b = res.body || {};
        errors.appendChild(h("li", { text: b.code === "bad_swap" ? T.bad_swap : b.detail || "HTTP " + res.status }));
        (b.violations || []).forEach(function (v) { errors.appendChild(h("li", { text: v.text || v.message })); });
        renderOverlay();
      }
    }, function () { busy = false; setNotice(T.offline, "bad"); renderOverlay(); });
  }

  // --- the game log ---------------------------------------------------------------------

  function where(e) { return e.cell ? { line: e.cell.line, row: e.cell.row } : {}; }
  function targetText(t) {
    if (!t) return "";
    if (t.zone === "hero") return seatName(t.seat);
    if (t.zone === "location") return fmt(T.log_location_of, { p: seatName(t.seat) });
    return fmt(T.log_cell, { line: t.line, row: t.row, p: seatName(t.seat) });
  }
  function names(list) { return (list || []).map(cardName).join(", "); }

  function describe(e) {
    var p = seatName(e.seat), c = e.card ? cardName(e.card) : "";
    switch (e.type) {
      case "setup": return fmt(T.log_setup, { n: logGameNumber, p: seatName(e.initiative) });
      case "draw":
        if (e.cards && e.cards.length) return fmt(T.log_draw_named, { p: p, cards: names(e.cards) });
        if (!e.count) return null;
        return e.count === 1 ? fmt(T.log_draw, { p: p }) : fmt(T.log_draw_n, { p: p, count: e.count });
      case "keep": return fmt(T.log_keep, { p: p });
      case "mulligan":
        return e.cards ? fmt(T.log_mulligan_named, { p: p, cards: names(e.cards), drawn: names(e.drawn) })
          : fmt(T.log_mulligan, { p: p, count: e.count });
      case "turn": return { head: fmt(T.log_turn, { n: e.turn, p: seatName(e.initiative) }) };
      case "phase": return e.phase === "combat" ? { head: T.log_combat, sub: true } : null;
      case "deck_empty": return fmt(T.log_deck_empty, { p: p });
      case "pass": return fmt(T.log_pass, { p: p });
      case "play":
        if (e.face_down && !e.card) return fmt(T.log_play_down, { p: p, line: e.cell.line, row: e.cell.row });
        if (e.cell) return fmt(T.log_play_cell, { p: p, card: c, line: e.cell.line, row: e.cell.row });
        if (e.zone === "location") return fmt(T.log_play_location, { p: p, card: c });
        return fmt(T.log_play_spell, { p: p, card: c });
      case "activate": return fmt(T.log_activate, { p: p, card: c });
      case "order": return fmt(T.log_order, { p: p, n: e.position, card: c });
      case "order_stays": return fmt(T.log_order_stays, { card: c });
      case "enter":
        return e.cell ? fmt(T.log_enter_cell, { card: c, line: e.cell.line, row: e.cell.row })
          : fmt(T.log_enter_location, { card: c, p: p });
      case "trap_revealed": return fmt(T.log_trap_revealed, { p: p, card: c });
      case "destroyed": return fmt(T.log_destroyed, { p: p, card: c });
      case "collision":
        return fmt(T.log_collision, {
          line: e.line, a: cardName(e.attacker.card), sa: e.attacker.strength,
          d: cardName(e.defender.card), sd: e.defender.strength,
        });
      case "hit_location":
        return fmt(T.log_hit_location, { line: e.line, a: cardName(e.attacker.card), card: cardName(e.location), n: e.damage, left: e.durability });
      case "hit_hero": return fmt(T.log_hit_hero, { line: e.line, a: cardName(e.attacker.card), p: p, n: e.hits_taken });
      case "recovery": return fmt(T.log_recovery, {});
      case "concede": return fmt(T.log_concede, { p: p });
      case "timeout": return fmt(T.log_timeout, { p: p });
      case "no_show": return e.both ? fmt(T.log_no_show_both, {}) : fmt(T.log_no_show, { p: p });
      case "game_over":
        var reason = T.reasons[e.reason] || e.reason;
        return e.winner === 0 || e.winner === 1 ? fmt(T.log_game_over, { p: seatName(e.winner), reason: reason })
          : fmt(T.log_game_drawn, { reason: reason });
      case "effect": return describeEffect(e);
      default: return null;
    }
  }

  function describeEffect(e) {
    var key = "log_" + e.effect, text = T[key];
    if (!text) return null;
    var t = e.target || {};
    return fmt(text, {
      source: cardName(e.source), n: e.amount, target: targetText(t),
      card: e.card ? cardName(e.card) : targetText(t), p: seatName(t.seat),
    });
  }

  var logGameNumber = 1;

  var logShown = { game: 0, seq: -1 };

  function renderLog(data) {
    var list = slot("log");
    if (!list) return;
    if (data.game_number === logShown.game && data.seq < logShown.seq) return; // a late, older answer
    logShown = { game: data.game_number, seq: data.seq };
    logGameNumber = data.game_number;
    var atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 30;
    list.textContent = "";
    (data.events || []).forEach(function (e) {
      var line = describe(e);
      if (!line) return;
      var item;
      if (typeof line === "object") item = h("li", { "class": line.sub ? "log-sub" : "log-head", text: line.head });
      else {
        var who = e.seat === 0 || e.seat === 1 ? " log-seat-" + (e.seat === me ? "me" : "them") : "";
        item = h("li", { "class": "log-line log-" + e.type + who, text: line });
      }
      list.appendChild(item);
    });
    if (!list.children.length) list.appendChild(h("li", { "class": "muted", text: T.log_empty }));
    if (atBottom || !eventsKey) list.scrollTop = list.scrollHeight;
  }

  function refreshLog() {
    var st = state, number = st.game_number;
    // Between games the new game has no events yet: show how the last one ended.
    if (st.game_status === "sideboarding" && number > 1) number -= 1;
    var key = number + "|" + (st.view && st.view.seq) + "|" + st.game_status;
    if (key === eventsKey || key === eventsAsked) return;
    eventsAsked = key;
    request("GET", cfg.urls.events + "?game=" + number).then(function (res) {
      if (eventsAsked === key) eventsAsked = "";
      if (res.status !== 200) return;
      renderLog(res.body);
      eventsKey = key;
    }, function () { eventsAsked = ""; });
  }

  // --- polling --------------------------------------------------------------------------

  function keyOf(st) {
    var v = st.view || {};
    return [st.game_number, v.seq, st.game_status, st.match_status, st.next_seq,
      st.clock && st.clock.deciding, st.clock && st.clock.since, st.wins_a, st.wins_b, st.draws].join("|");
  }

  function gameResult(g) {
    var reason = T.reasons[g.reason] || g.reason || "";
    return g.winner === 0 || g.winner === 1
      ? fmt(T.result_win, { name: seatName(g.winner), n: g.number, reason: reason })
      : fmt(T.result_draw, { n: g.number, reason: reason });
  }

  function applyState(st, force) {
    var key = keyOf(st);
    var moved = !state || state.game_number !== st.game_number || (state.view || {}).seq !== (st.view || {}).seq;
    if (state && st.game_number > state.game_number && st.game_status === "playing") {
      // A new game began at once (no sideboarding): say how the last one ended.
      var last = (st.games || [])[st.games.length - 2];
      if (last) setNotice(gameResult(last), "info");
    }
    state = st;
    showRefusals(st);
    if (key === stateKey && !force) return;
    stateKey = key;
    if (moved) { sel = null; mull = []; }
    root.classList.toggle("is-over", st.match_status === "final");
    renderStatus();
    [0, 1].forEach(renderSide);
    renderOverlay();
    renderChoices();
    renderClocks();
    root.setAttribute("data-seq", String((st.view || {}).seq));
  }

  var timer = null, asked = 0, answered = 0;
  function refresh(force) {
    clearTimeout(timer);
    var id = ++asked;
    return request("GET", cfg.urls.state).then(function (res) {
      if (id < answered) return; // an older answer arriving late: the newer one stands
      answered = id;
      if (res.status === 200) {
        if (slot("notice") && slot("notice").textContent === T.offline) setNotice(null);
        applyState(res.body, force);
        refreshLog(); // also retries a log that failed to load
      } else if (res.status === 409) {
        setText("decider", T.not_started);
      }
      schedule();
    }, function () {
      setNotice(T.offline, "bad");
      schedule();
    });
  }
  function schedule() {
    clearTimeout(timer);
    var every = streaming ? POLL_MS * 20 : document.hidden ? POLL_MS * 3 : POLL_MS;
    timer = setTimeout(refresh, every);
  }

  // Live updates: each answer the workers adjudicate arrives at once; the poll above is a slow
  // safety net while the stream is open, and the fallback while it is down.
  var streaming = false;
  function live() {
    if (!window.EventSource || !cfg.urls.stream) return;
    var source = new EventSource(cfg.urls.stream);
    source.addEventListener("state", function (ev) {
      var st;
      try { st = JSON.parse(ev.data); } catch (e) { return; }
      if (!streaming) { streaming = true; root.setAttribute("data-live", "stream"); schedule(); }
      if (slot("notice") && slot("notice").textContent === T.offline) setNotice(null);
      answered = ++asked; // newer than any poll still on its way
      applyState(st);
      refreshLog();
    });
    source.onerror = function () {
      // The server ends a stream every minute or so and EventSource reconnects by itself;
      // if it gave up (closed), open a new one a little later.
      streaming = false;
      root.setAttribute("data-live", "poll");
      schedule();
      if (source.readyState === EventSource.CLOSED) setTimeout(live, 5000);
    };
  }

  root.addEventListener("click", onClick);
  document.addEventListener("keydown", function (ev) {
    if (ev.key === "Escape" && sel && sel.kind !== "choose") { sel = null; renderChoices(); }
    if ((ev.key === "Enter" || ev.key === " ") && ev.target.hasAttribute && ev.target.hasAttribute("data-focus")) {
      ev.preventDefault();
      ev.target.click();
    }
  });
  setInterval(renderClocks, 250);
  renderSwaps();
  refresh(true);
  live();
})();
