// The play page of an online match: the shell around the game's board. No dependencies, no
// build step.
//
// The server pushes every new answer of GET /api/matches/{id}/game/ over a Server-Sent Events
// stream (.../game/stream/); polling once a second is only the fallback while the stream is
// down. The shell keeps what every game shares (status bar, clocks, Pass and Concede, refusals,
// the log, sideboarding) and hands the view to the game's board module (boards/<game>.js, or
// boards/generic.js; docs/ARCHITECTURE.md "Board modules"), which draws the table, walks the
// player through a choice and gives back one of the legal actions the API listed. The shell
// posts it as it is, with seq = next_seq. The rules stay with the engine.
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
  var h = window.RespBoard.el; // the board toolkit's element builder (boards/kit.js)
  function slot(name, el) { return $('[data-slot="' + name + '"]', el); }
  function setText(name, text, el) { var s = slot(name, el); if (s) s.textContent = text; }
  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function clockText(seconds) {
    var s = Math.max(0, Math.floor(seconds)), hh = Math.floor(s / 3600), mm = Math.floor((s % 3600) / 60);
    return (hh ? hh + ":" + pad(mm) : String(mm)) + ":" + pad(s % 60);
  }
  function card(name) { return CARDS[name] || { n: name, t: "", f: [] }; }
  // Another game may list a card as an object ({"id": 3, "card": "..."}) rather than its name.
  function cardName(name) { return card(name && typeof name === "object" ? name.card : name).n; }
  function seatName(s) { return cfg.names[s] || "?"; }
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

  // --- rendering the table --------------------------------------------------------------

  function view() { return (state && state.view) || {}; }
  function seatView(s) { var v = view(); return v.seats ? v.seats[s] : null; }

  function renderStatus() {
    var v = view(), d = v.decision, st = state;
    setText("game", fmt(T.game_of, { n: st.game_number, best_of: cfg.best_of }));
    setText("score", st.wins_a + " – " + st.wins_b);
    setText("draws", st.draws ? " · " + fmt(T.match_draws, { n: st.draws }) : "");
    setText("turn", v.turn ? fmt(T.turn, { n: v.turn }) : "");
    // Only the phases the shell can name in the reader's language; a game's own (Your War's
    // "discard") its board module shows.
    setText("phase", v.phase ? T.phases[v.phase] || "" : "");
    setText("initiative", v.initiative === 0 || v.initiative === 1 ? T.initiative + ": " + seatName(v.initiative) : "");
    var decider = slot("decider"), text = "";
    if (st.match_status === "final") text = "";
    else if (st.game_status === "sideboarding") text = T.next_game;
    else if (d && player && decidingSeat() === me) text = T.your_decision;
    else if (d && decidingSeat() !== null) text = fmt(T.waiting_for, { name: seatName(decidingSeat()) });
    decider.textContent = text;
    decider.classList.toggle("is-you", !!d && player && decidingSeat() === me && st.game_status === "playing");
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

  function clockLeft(s) {
    var c = state.clock, running = state.game_status === "playing" && state.match_status !== "final";
    var used = (c.used && c.used[s]) || 0;
    if (running && c.deciding === s && c.since) used += Math.max(0, (now() - Date.parse(c.since)) / 1000);
    return c.limit - used;
  }

  function renderClocks() {
    if (!state || !state.clock) return;
    var c = state.clock, running = state.game_status === "playing" && state.match_status !== "final";
    [0, 1].forEach(function (s) {
      var ticking = running && c.deciding === s && c.since;
      var left = clockLeft(s), out = slot("clock-" + s);
      if (!out) return;
      out.textContent = left > 0 ? clockText(left) : T.clock_out;
      var box = out.closest(".clock");
      box.classList.toggle("is-running", !!ticking);
      box.classList.toggle("is-low", left > 0 && left < 60);
    });
    var round = (Date.parse(c.round_ends_at) - now()) / 1000;
    setText("round-left", round > 0 ? clockText(round) : T.round_over);
    if (c.sideboard_until) setText("sideboard-left", clockText((Date.parse(c.sideboard_until) - now()) / 1000));
    seats.render();
  }

  // --- presence (presence.js): whether the other seat is connected, what its absence costs.
  var seats = window.RespPresence({
    cfg: cfg, T: T, slot: slot, fmt: fmt, now: now, clockText: clockText, pad: pad,
    seatName: seatName, clockLeft: clockLeft, request: request,
    state: function () { return state; }, watching: player ? [1 - me] : [0, 1],
  });

  // --- the board: drawn by the game's module (boards/<game>.js, or boards/generic.js) ------

  var boardRoot = $("[data-slot=board]");
  function boardModule() {
    var all = window.ResponsBoards || {};
    return all[cfg.board.game] || all.generic || null;
  }
  function gettext(text) { return window.gettext ? window.gettext(text) : text; }
  // What a board module sees of a card: the site's summary, in the reader's language.
  function cardData(name) { return window.RespBoard.cardData(CARDS, name); }
  // The seat whose decision it is. A game may show a seat that does not decide a "wait" request
  // of its own (Chronomagia does): the deciding seat is then the clock's.
  function decidingSeat() {
    var d = view().decision, clock = state && state.clock;
    if (!d) return null;
    if (d.kind !== "wait") return d.seat;
    return clock && (clock.deciding === 0 || clock.deciding === 1) && clock.deciding !== me ? clock.deciding : null;
  }
  function legal() { return (state && state.legal_actions) || []; }
  function myDecision() {
    var d = view().decision;
    return player && state && state.game_status === "playing" && d && decidingSeat() === me && legal().length ? d : null;
  }
  function renderBoard() {
    var mod = boardModule();
    if (!mod || !boardRoot || !state) return;
    var deciding = !!myDecision() && !busy;
    mod.render(boardRoot, view(), {
      seat: player ? me : null,
      legal: deciding ? legal() : [],
      described: deciding ? state.legal_described || [] : [],
      act: function (action) { if (player) submit(action); },
      card: cardData,
      t: gettext,
      fmt: fmt,
      lang: cfg.lang,
      readOnly: !player,
      names: cfg.names.slice(),
      last: lastCards.slice(),
    });
  }

  // The cards the opponent's last action named (instance ids and card names, from the game's
  // log): the board marks them (boards/kit.js, isLast). A spectator sees the last action's.
  var lastCards = [];
  function lastOf(events) {
    var other = player ? 1 - me : null, found = null, out = [];
    (events || []).forEach(function (e) {
      if (e.a !== null && e.a !== undefined && (e.seat === 0 || e.seat === 1) && (other === null || e.seat === other)) found = e.a;
    });
    if (found === null) return out;
    (events || []).forEach(function (e) {
      if (e.a !== found || (other !== null && e.seat !== other)) return;
      ["id", "card", "target", "attacker", "unit"].forEach(function (k) {
        if ((typeof e[k] === "number" || typeof e[k] === "string") && out.indexOf(e[k]) < 0) out.push(e[k]);
      });
    });
    return out;
  }

  // A decision for a reader whose focus was lost (its button went away with the last move):
  // the focus comes back to the board's first control, or to Pass, so a keyboard player goes
  // on from there rather than from the top of the page.
  function refocus() {
    var active = document.activeElement;
    if (!myDecision() || busy || (active && active !== document.body)) return;
    var b = (boardRoot && boardRoot.querySelector("button:not([disabled])")) || button("pass");
    if (b && !b.hidden && !b.disabled) b.focus();
  }

  function button(name) { return $('[data-action="' + name + '"]'); }
  function show(name, visible, enabled) {
    var b = button(name);
    if (!b) return;
    b.hidden = !visible;
    b.disabled = busy || enabled === false;
  }

  // The move box: whose decision it is, Pass and Concede; the board module draws the rest.
  function renderTurnbox() {
    var prompt = slot("prompt");
    if (!prompt || !state) return;
    var d = myDecision(), v = view(), text = "";
    var st = state, playing = st.game_status === "playing" && st.match_status !== "final";
    if (player && !playing) {
      text = st.match_status === "final" ? T.match_finished : st.game_status === "sideboarding" ? T.next_game : "";
    } else if (d) {
      text = T.your_decision;
    } else {
      text = decidingSeat() !== null ? fmt(T.prompt_wait, { name: seatName(decidingSeat()) }) : "";
    }
    prompt.textContent = text;
    if (!player) return;
    show("pass", !!d && d.kind === "act", legal().some(function (a) { return a.type === "pass"; }));
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
    renderBoard(); // nothing more to choose while this one is on its way
    renderTurnbox();
    setNotice(T.sending, "info");
    var seq = state.next_seq, body = { seq: seq, action: action }, d = (state.view || {}).decision;
    // Bound to the decision it answers (O3.2): refused as stale once a worker has moved past
    // it, never applied to a later one. A concede answers none (O3.5).
    if (action.type !== "concede" && d && decidingSeat() === me) body.decision = d.seq;
    post(body, 4).then(function (res) {
      busy = false;
      // Drawn again at once: a state that arrived while busy was drawn with nothing to choose,
      // and the refresh below may be overtaken by a stream event that changes nothing.
      renderBoard();
      renderTurnbox();
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
      renderBoard();
      renderTurnbox();
    });
  }

  function onClick(ev) {
    var actionBtn = ev.target.closest("[data-action]");
    if (actionBtn) onButton(actionBtn.getAttribute("data-action"));
  }

  function onButton(name) {
    if (busy) return;
    if (name === "pass") { submit(legal().filter(function (a) { return a.type === "pass"; })[0]); return; }
    if (name === "concede") {
      if (window.confirm(T.concede_confirm)) submit({ type: "concede" }); // O3.5: at any moment
      return;
    }
    if (name === "sideboard-ready") sideboard(null);
    if (name === "sideboard-deck") sideboard(picker.deck());
    if (name === "swap-add") picker.add();
    if (name === "swap-reset") picker.reset();
  }


  // --- the sideboard picker (sideboard.js): the swaps the player made, the deck they make.
  var picker = window.RespSideboard({
    $: $, slot: slot, fmt: fmt, h: h, T: T, deck: cfg.deck || null,
    // A card of the deck in the reader's language: the deck may spell it in another.
    name: function (name) { return (cfg.deck_names || {})[name] || card(name).n; },
  });

  function sideboard(deck) {
    var errors = slot("sideboard-errors"), number = state.game_number;
    busy = true;
    renderOverlay();
    request("POST", cfg.urls.sideboard, { deck: deck }).then(function (res) {
      busy = false;
      errors.textContent = "";
      if (res.status === 200) {
        sideboardSent[number] = deck === null ? "ready" : "deck";
        if (deck !== null) picker.sent(deck);
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

  // Each event in words (log.js): the game's board module says its own events, log.js the ones
  // every game shares; the shell knows no game's events.
  function describe(events) {
    var ctx = window.ResponsLog.context({
      seat: player ? me : null, names: cfg.names.slice(), card: cardData, t: gettext, fmt: fmt,
      lang: cfg.lang, game: logGameNumber, reasons: T.reasons,
    }, events, view());
    var mod = boardModule();
    return function (e) { return window.ResponsLog.describe(mod, e, ctx); };
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
    var say = window.ResponsLog ? describe(data.events || []) : function () { return null; };
    (data.events || []).forEach(function (e) {
      var line = say(e);
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
    var last = lastOf(data.events);
    if (last.join("|") !== lastCards.join("|")) { lastCards = last; renderBoard(); }
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
    if (state && st.game_number > state.game_number && st.game_status === "playing") {
      // A new game began at once (no sideboarding): say how the last one ended.
      var last = (st.games || [])[st.games.length - 2];
      if (last) setNotice(gameResult(last), "info");
    }
    state = st;
    if (st.presence) seats.set(st.presence);
    showRefusals(st);
    if (key === stateKey && !force) return;
    stateKey = key;
    root.classList.toggle("is-over", st.match_status === "final");
    renderStatus();
    renderBoard();
    renderOverlay();
    renderTurnbox();
    renderClocks();
    refocus();
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
        setText("decider", res.body && res.body.setting_up ? T.setting_up : T.not_started);
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

  // At a phone's width the move box rides along the bottom of the screen: the page keeps its
  // height free below the board and scrolls a focused or revealed control above it (play.css).
  var turnbox = $("[data-testid=turnbox]");
  if (turnbox && window.ResizeObserver) {
    new ResizeObserver(function () {
      document.documentElement.style.setProperty("--turnbox-h", turnbox.offsetHeight + "px");
    }).observe(turnbox);
  }

  root.addEventListener("click", onClick);
  setInterval(renderClocks, 250);
  picker.render();
  refresh(true);
  live();
  seats.heartbeat();
})();
