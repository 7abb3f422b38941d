// The RESPONSE board (rules digest R3): both sides of the table, in the reader's orientation,
// drawn from the engine's view (a seat's observation, the judge view or the spectator view).
// No dependencies, no build step; the shell (play.js, judge.js) calls render() with the view
// and a ctx (docs/ARCHITECTURE.md, "Board modules").
//
// On the play page the seat whose decision it is walks through its choices here: a card of
// the hand (or a card with an action), then a highlighted cell, then targets, until one legal
// action is left, which is posted exactly as the API listed it. The rules stay with the engine:
// this module only highlights what the legal actions allow.
(function () {
  "use strict";

  var LINES = [1, 2, 3, 4, 5], ROWS = [1, 2, 3]; // R3.2: row 1 is the front, nearest the opponent
  var FACTION_VAR = { order: "var(--order)", technology: "var(--technology)", chaos: "var(--chaos)" };
  var TYPES = { hero: "Hero", unit: "Unit", spell: "Spell", trap: "Trap", enhancement: "Enhancement", location: "Location", order: "Order" };

  var h = window.RespBoard.el; // the board toolkit's element builder (boards/kit.js)
  function cssEscape(s) { return window.CSS && CSS.escape ? CSS.escape(s) : String(s).replace(/"/g, '\\"'); }
  function cellKey(seat, c) { return "c:" + seat + ":" + c.line + ":" + c.row; }
  function targetKey(t) {
    if (!t) return "";
    if (t.zone === "hero") return "hero:" + t.seat;
    if (t.zone === "location") return "loc:" + t.seat;
    return cellKey(t.seat, t);
  }

  // One board per root element: what it shows and the choice being built there.
  function Board(root) {
    this.root = root;
    this.view = {};
    this.ctx = null;
    this.seq = null;     // the view's seq: a new one drops the choice being built
    this.sel = null;     // the action being built: {kind, card, cands, slots, picks, source}
    this.mull = [];      // hand indices selected to put back (R5.2 mulligan)
    this.focusNext = null;
    this.lostFocus = null;
    var self = this;
    root.addEventListener("click", function (ev) { self.onClick(ev); });
    root.addEventListener("keydown", function (ev) {
      if (ev.key === "Escape" && self.sel && self.sel.kind !== "choose") {
        self.focusNext = self.sel.source;
        self.sel = null;
        self.draw();
        ev.preventDefault();
      }
    });
  }

  Board.prototype.t = function (text, values) {
    var c = this.ctx, s = c && c.t ? c.t(text) : text;
    return values ? (c && c.fmt ? c.fmt(s, values) : s) : s;
  };
  Board.prototype.card = function (name) {
    var c = this.ctx && this.ctx.card ? this.ctx.card(name) : null;
    return c || { name: name, type: "", factions: [] };
  };
  Board.prototype.me = function () { return this.ctx && (this.ctx.seat === 0 || this.ctx.seat === 1) ? this.ctx.seat : 0; };
  Board.prototype.player = function () { return !!this.ctx && !this.ctx.readOnly && (this.ctx.seat === 0 || this.ctx.seat === 1); };
  Board.prototype.legal = function () { return (this.ctx && this.ctx.legal) || []; };
  Board.prototype.seatName = function (s) { return (this.ctx && this.ctx.names && this.ctx.names[s]) || "?"; };
  Board.prototype.decision = function () {
    var d = this.view.decision;
    return this.player() && d && d.seat === this.ctx.seat && this.legal().length ? d : null;
  };

  // --- card tiles -----------------------------------------------------------------------

  Board.prototype.tile = function (name, opts, tag) {
    opts = opts || {};
    var self = this, c = this.card(name), kind = c.type || "";
    // The opponent's last move named this card (ctx.last, boards/kit.js): ringed and said in words.
    var last = !opts.down && this.lastOn(opts.side, name);
    var f = c.factions || [], f1 = FACTION_VAR[f[0]] || "#78716c", f2 = FACTION_VAR[f[1] || f[0]] || f1;
    var el = h(tag || "div", {
      "class": "tile t-" + kind + (opts.size ? " tile-" + opts.size : "") + (opts.down ? " is-down" : "") + (opts.used ? " is-used" : "") + (last ? " rb-last" : ""),
      style: "--f1:" + f1 + ";--f2:" + f2,
      "data-card": name,
      title: this.tooltip(name, opts),
    });
    var cost = c.cost === undefined || c.cost === null || kind === "hero" ? null : c.cost;
    var costEl = cost === null ? null : h("span", { "class": "tile-cost", text: String(cost) });
    var nameEl = h("span", { "class": "tile-name" + fit(c.name), text: c.name });
    var typeEl = h("span", { "class": "tile-type", text: this.typeName(kind) + (c.legendary ? " ★" : "") });
    if (opts.size === "hand") {
      // A hand card: cost and type on top, then the name across the card's full width.
      el.appendChild(h("span", { "class": "tile-head" }, [costEl, typeEl]));
      el.appendChild(nameEl);
    } else {
      el.appendChild(h("span", { "class": "tile-head" }, [costEl, nameEl]));
      el.appendChild(typeEl);
    }
    if (opts.size === "hand" && c.text) el.appendChild(h("span", { "class": "tile-text", text: c.text }));
    var stats = h("span", { "class": "tile-stats" });
    if (opts.down) stats.appendChild(h("span", { "class": "tile-flag", text: self.t("Face down") }));
    if (opts.used) stats.appendChild(h("span", { "class": "tile-flag", text: "✓" }));
    if (c.action !== undefined && c.action !== null && !opts.down) {
      stats.appendChild(h("span", { "class": "tile-act", title: self.t("Action: {cost} influence", { cost: c.action }), text: "⚡" + c.action }));
    }
    if (kind === "unit") {
      var s = opts.strength !== undefined ? opts.strength : c.strength, base = opts.printed !== undefined ? opts.printed : c.strength;
      var cls = "stat stat-str" + (s < base ? " is-hurt" : s > base ? " is-up" : "");
      stats.appendChild(h("span", { "class": cls, title: self.t("Strength"), text: "⚔ " + s }));
    } else if (kind === "location") {
      var d = opts.durability !== undefined ? opts.durability : c.durability, max = opts.max !== undefined ? opts.max : c.durability;
      stats.appendChild(h("span", { "class": "stat stat-dur" + (d < max ? " is-hurt" : ""), title: self.t("Durability"), text: "▣ " + d + (d !== max ? "/" + max : "") }));
    }
    el.appendChild(stats);
    if (last) el.appendChild(h("span", { "class": "tile-last", text: self.t("last played") }));
    return el;
  };

  // Whether the opponent's last move named this card on side s: by name, so only on the
  // opponent's side for a player (a card of the same name in the reader's hand is not it).
  Board.prototype.lastOn = function (s, name) {
    return (!this.player() || s !== this.me()) && window.RespBoard.isLast(this.ctx, name);
  };

  Board.prototype.typeName = function (kind) { return TYPES[kind] ? this.t(TYPES[kind]) : kind; };

  // Long words shrink the name rather than break mid-word ("Шестерёночный").
  function fit(text) {
    var longest = Math.max.apply(null, String(text).split(/[\s-]+/).map(function (w) { return w.length; }));
    return longest >= 13 ? " fit-3" : longest >= 11 ? " fit-2" : longest >= 9 ? " fit-1" : "";
  }

  Board.prototype.tooltip = function (name, opts) {
    var c = this.card(name), parts = [c.name];
    if (c.name !== name) parts[0] += " (" + name + ")";
    var line = this.typeName(c.type || "");
    if (c.cost !== undefined && c.cost !== null && c.type !== "hero") line += " · " + this.t("Cost") + " " + c.cost;
    if (c.strength !== undefined) line += " · " + this.t("Strength") + " " + c.strength;
    if (c.durability !== undefined) line += " · " + this.t("Durability") + " " + c.durability;
    if (c.influence !== undefined) line += " · " + this.t("Influence") + " " + c.influence;
    parts.push(line);
    if (c.text) parts.push(c.text);
    if (opts && opts.used) parts.push(this.t("Action used this turn"));
    return parts.join("\n");
  };

  Board.prototype.back = function (extra) {
    return h("div", { "class": "tile tile-back" + (extra ? " " + extra : ""), role: "img", "aria-label": this.t("Face-down card") },
      [h("span", { "class": "back-mark", text: "R", "aria-hidden": "true" })]);
  };

  // --- what may be chosen now -----------------------------------------------------------

  Board.prototype.sourceKey = function (a) {
    if (a.cell) return cellKey(this.me(), a.cell);
    return (a.zone === "hero" ? "hero:" : "loc:") + this.me();
  };
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
  Board.prototype.slotKey = function (a, s) { return s === "cell" ? cellKey(this.me(), a.cell) : targetKey((a.targets || [])[s]); };
  Board.prototype.remaining = function () {
    var self = this, sel = this.sel;
    return sel.cands.filter(function (a) {
      return sel.picks.every(function (k, i) { return self.slotKey(a, sel.slots[i]) === k; });
    });
  };
  Board.prototype.options = function () {
    var self = this, sel = this.sel;
    if (!sel || sel.picks.length >= sel.slots.length) return [];
    var s = sel.slots[sel.picks.length], seen = [];
    this.remaining().forEach(function (a) { var k = self.slotKey(a, s); if (k && seen.indexOf(k) === -1) seen.push(k); });
    return seen;
  };
  // What the page marks now: {options: keys, playable: card names, activatable: keys, targets:
  // keys of the places the legal actions may aim at}.
  Board.prototype.marks = function () {
    var self = this, d = this.decision(), m = { options: [], playable: [], activatable: [], targets: [] };
    if (d && !this.sel && (d.kind === "choose_cell" || d.kind === "choose_target")) {
      var cands = this.legal().filter(function (a) { return a.type === "choose"; });
      if (cands.length) this.sel = { kind: "choose", card: d.card, cands: cands, slots: [cands[0].cell ? "cell" : 0], picks: [] };
    }
    // A place some legal action aims at (R7.7: a card, a hero or a location as a target; a free
    // cell to play into is no target), as the other boards mark theirs (boards/kit.js).
    if (d) {
      this.legal().forEach(function (a) {
        (a.targets || []).forEach(function (tg) { var k = targetKey(tg); if (k && m.targets.indexOf(k) === -1) m.targets.push(k); });
      });
    }
    if (this.sel) m.options = this.options();
    else if (d && d.kind === "act") {
      this.legal().forEach(function (a) {
        if (a.type === "play" && m.playable.indexOf(a.card) === -1) m.playable.push(a.card);
        if (a.type === "activate") m.activatable.push(self.sourceKey(a));
      });
    }
    return m;
  };

  // --- drawing --------------------------------------------------------------------------

  Board.prototype.draw = function () {
    var root = this.root, active = document.activeElement;
    var hadFocus = active && root.contains(active) ? active.getAttribute("data-fid") : null;
    var v = this.view || {}, me = this.me(), them = 1 - me, m = this.marks(), d = this.decision();
    root.textContent = "";
    root.classList.add("rb", "rb-respons");
    root.classList.toggle("is-choosing", !!this.sel);
    root.classList.toggle("is-acting", !!d && d.kind === "act");
    var lines = me === 0 ? LINES.slice() : LINES.slice().reverse(); // R3.3: numbered as seat 0 sees them
    root.appendChild(this.side(them, "top", lines, m));
    var mid = h("div", { "class": "midline", "aria-hidden": "true" }, [
      h("span", { "class": "midline-label", text: this.t("Line") }),
      h("div", { "class": "midline-lines" }, lines.map(function (n) { return h("span", { "data-testid": "line-label", text: String(n) }); })),
      h("span"),
    ]);
    root.appendChild(mid);
    root.appendChild(this.side(me, "bottom", lines, m));
    if (this.player()) root.appendChild(this.bar(d));
    // The focus stays where the reader was (or moves on with the choice). A redraw that took
    // its button away (an action on its way, the opponent's turn) keeps it in mind, and the
    // focus comes back to the board once there is something to press again.
    var lost = !active || active === document.body ? this.lostFocus : null;
    var want = this.focusNext || hadFocus || lost;
    this.focusNext = null;
    this.lostFocus = null;
    if (!want) return;
    var el = root.querySelector('[data-fid="' + cssEscape(want) + '"]');
    if (!el || el.disabled) el = root.querySelector("button.is-option, button.is-playable, button.is-activatable, .board-bar button");
    if (el) el.focus();
    else this.lostFocus = want;
  };

  Board.prototype.side = function (s, where, lines, m) {
    var self = this, v = this.view || {}, sv = v.seats ? v.seats[s] : null, mine = this.player() && s === this.me();
    var deciding = !!v.decision && v.decision.seat === s && !v.result;
    var name = this.seatName(s);
    var el = h("section", {
      "class": "side side-" + where + (mine ? " is-mine" : "") + (deciding ? " is-deciding" : ""),
      "data-side": String(s), "data-testid": "side-" + where, "aria-label": name,
    });
    // The head: who, the counters, the orders (R5.1: left to right; backs for the opponent).
    var who = h("div", { "class": "side-who" }, [
      h("span", { "class": "seat-mark", "aria-hidden": "true" }),
      h("strong", { "class": "side-name", text: name }),
      mine ? h("span", { "class": "side-tag", text: this.t("you") }) : null,
      h("span", { "class": "side-initiative", "data-testid": "initiative-mark", hidden: !(sv && v.initiative === s),
        title: this.t("This player has the initiative"), role: "img", "aria-label": this.t("This player has the initiative"), text: "★" }),
    ]);
    var pips = h("span", { "class": "pips", "aria-hidden": "true" });
    for (var i = 1; i <= 6; i++) pips.appendChild(h("i", { "class": sv && i <= sv.hits_taken ? "on" : "" }));
    var chips = h("div", { "class": "chips" }, [
      h("span", { "class": "chip chip-influence", title: this.t("Influence (current / supply)") }, [
        h("span", { "class": "sr-only", text: this.t("Influence") + " " }), "✦ ",
        h("b", { "data-slot": "influence", text: sv ? sv.hero.influence + " / " + sv.hero.supply : "–" })]),
      h("span", { "class": "chip", title: this.t("Decisions left this turn") }, [this.t("Decisions") + " ",
        h("b", { "data-slot": "decisions", text: sv ? String(sv.decisions_left) : "–" })]),
      h("span", { "class": "chip chip-hits", title: this.t("Successful attacks on this hero (six win)") }, [this.t("Hits") + " ",
        h("b", { "data-slot": "hits", text: sv ? String(sv.hits_taken) : "0" }), pips]),
    ]);
    var orders = h("div", { "class": "orders", "data-testid": "orders-" + where });
    (sv ? sv.orders : []).forEach(function (o) {
      var t = o.state === "face_down" && !o.card ? self.back("tile-mini") : self.tile(o.card, { size: "mini", down: o.state === "face_down", side: s });
      if (o.state === "played") t.classList.add("is-played");
      if (o.state === "face_up") t.classList.add("is-revealed");
      t.setAttribute("data-testid", "order");
      orders.appendChild(h("div", { "class": "order-slot", title: self.t("Order {n}", { n: o.position }) + (o.state === "played" ? " · " + self.t("Played") : "") }, [t]));
    });
    el.appendChild(h("div", { "class": "side-head" }, [who, chips,
      h("div", { "class": "orders-wrap" }, [h("span", { "class": "zone-label", text: this.t("Orders") }), orders])]));

    // The hero, the location, the tactical grid, the abstract segment (R3.1).
    var hero = this.slot(sv, s, where, "hero", m), loc = this.slot(sv, s, where, "location", m);
    var grid = h("div", { "class": "tactical", "data-testid": "grid-" + where });
    var rows = where === "top" ? ROWS.slice().reverse() : ROWS.slice();
    var cells = {};
    (sv ? sv.cells : []).forEach(function (c) { cells[cellKey(s, c)] = c; });
    rows.forEach(function (row) {
      grid.appendChild(h("span", { "class": "row-label", "aria-hidden": "true", text: String(row),
        title: self.t(row === 1 ? "Row 1 — front" : row === 3 ? "Row 3 — back" : "Row 2") }));
      lines.forEach(function (line) { grid.appendChild(self.cell(s, line, row, cells[cellKey(s, { line: line, row: row })], m)); });
    });
    var abstract = h("div", { "class": "abstract" }, [
      h("div", { "class": "pile pile-deck", title: this.t("Cards left in the deck") }, [
        h("span", { "class": "pile-label", text: this.t("Deck") }), h("b", { "data-slot": "deck", text: sv ? String(sv.deck) : "–" })]),
      this.pile("Graveyard", sv ? sv.graveyard : [], s),
      this.pile("Space", sv ? sv.space : [], s),
    ]);
    el.appendChild(h("div", { "class": "side-body" }, [h("div", { "class": "heroic" }, [hero, loc]), grid, abstract]));

    // The hand: cards when the reader may see them, backs otherwise.
    var hand = h("div", { "class": "hand", "data-testid": "hand-" + where, "data-zone": where === "bottom" ? "hand" : "hand-seen" });
    var d = this.decision();
    if (sv && sv.hand) {
      sv.hand.forEach(function (cardName, index) {
        var mulligan = mine && d && d.kind === "mulligan";
        var playable = mine && !self.sel && m.playable.indexOf(cardName) !== -1;
        var selected = mine && self.sel && self.sel.source === "hand:" + index;
        var active = mulligan || playable || selected;
        var t = self.tile(cardName, { size: where === "bottom" ? "hand" : "mini", side: s }, active ? "button" : "div");
        t.setAttribute("data-index", String(index));
        t.setAttribute("data-testid", "hand-card");
        if (active) {
          t.setAttribute("data-fid", "hand:" + index);
          // Named by what it shows (cost, type, name, text): a label apart from the visible words
          // would hide them from a reader who speaks the button's name (WCAG 2.5.3).
        }
        if (playable) t.classList.add("is-playable");
        if (selected) { t.classList.add("is-selected"); t.setAttribute("aria-pressed", "true"); }
        if (mulligan) {
          var back = self.mull.indexOf(index) !== -1;
          t.setAttribute("aria-pressed", back ? "true" : "false");
          if (back) t.classList.add("is-putback");
        }
        // The card's whole text on a click or a key (boards/kit.js), beside the card: a button
        // holds no other control.
        var full = where === "bottom" && self.card(cardName).text;
        hand.appendChild(full ? h("div", { "class": "hand-card" }, [t, window.RespBoard.details(self.ctx, self.card(cardName).name, full)]) : t);
      });
    } else if (sv) {
      for (var k = 0; k < sv.hand_size; k++) hand.appendChild(this.back("tile-mini"));
    }
    // On a phone the bottom hand scrolls sideways: with no button in it, it takes the focus
    // itself so that a keyboard can scroll it (WCAG 2.1.1).
    if (where === "bottom" && !hand.querySelector("button")) {
      hand.setAttribute("tabindex", "0");
      hand.setAttribute("role", "group");
      hand.setAttribute("aria-label", this.t("Hand") + ": " + name);
    }
    el.appendChild(h("div", { "class": "hand-wrap" }, [
      h("span", { "class": "zone-label" }, [this.t("Hand") + " ", h("b", { "data-slot": "hand-size", text: String(sv ? sv.hand_size : 0) })]), hand]));
    return el;
  };

  // An interactive place (a highlighted option or a card with an action) is a button.
  Board.prototype.place = function (key, cls, attrs, m, label) {
    var option = m.options.indexOf(key) !== -1, activatable = m.activatable.indexOf(key) !== -1;
    var selected = this.sel && this.sel.source === key, target = m.targets.indexOf(key) !== -1;
    var active = option || activatable || selected;
    attrs["class"] = cls + (option ? " is-option" : "") + (activatable ? " is-activatable" : "") + (selected ? " is-selected" : "") +
      (target ? " rb-target" : "");
    attrs["data-key"] = key;
    if (active) { attrs["data-fid"] = key; attrs["aria-label"] = label; }
    if (selected) attrs["aria-pressed"] = "true";
    return h(active ? "button" : "div", attrs);
  };

  Board.prototype.cell = function (s, line, row, c, m) {
    var key = "c:" + s + ":" + line + ":" + row;
    var what = c ? (c.card ? this.card(c.card).name : this.t("Face-down card")) : this.t("empty");
    var label = this.t("Line {line}, row {row}: {card}", { line: line, row: row, card: what }) +
      (s === this.me() ? "" : " (" + this.seatName(s) + ")");
    var el = this.place(key, "cell", { "data-line": String(line), "data-row": String(row), "data-testid": "cell-" + s + "-" + line + "-" + row }, m, label);
    if (c) {
      var t = c.card
        ? this.tile(c.card, { size: "cell", strength: c.strength, printed: c.printed_strength, down: !c.face_up, used: c.used, side: s })
        : this.back("tile-cell");
      t.setAttribute("data-testid", "field-card");
      el.appendChild(t);
    }
    return el;
  };

  Board.prototype.slot = function (sv, s, where, zone, m) {
    var key = (zone === "hero" ? "hero:" : "loc:") + s, label, el;
    if (zone === "hero") label = this.t("Hero of {name}", { name: this.seatName(s) });
    else label = this.t("Location of {name}", { name: this.seatName(s) }) + (sv && sv.location ? ": " + this.card(sv.location.card).name : "");
    el = this.place(key, "slot slot-" + zone + (zone === "location" && !(sv && sv.location) ? " is-empty" : ""),
      { "data-slot": zone, "data-testid": zone + "-" + where }, m, label);
    el.appendChild(h("span", { "class": "slot-label", text: this.t(zone === "hero" ? "Hero" : "Location") }));
    if (sv && zone === "hero") {
      var t = this.tile(sv.hero.card, { size: "hero", side: s });
      t.appendChild(h("span", { "class": "hero-influence", title: this.t("Influence") }, [
        h("b", { text: String(sv.hero.influence) }), h("span", { text: "/" + sv.hero.supply })]));
      el.appendChild(t);
    }
    if (sv && zone === "location" && sv.location) {
      el.appendChild(this.tile(sv.location.card, { size: "cell", durability: sv.location.durability, max: sv.location.max, side: s }));
    }
    return el;
  };

  Board.prototype.pile = function (label, names, s) {
    var self = this, list = h("ol");
    if (!names.length) list.appendChild(h("li", { "class": "muted", text: this.t("empty") }));
    names.forEach(function (n) {
      var last = self.lastOn(s, n);
      list.appendChild(h("li", { "class": last ? "rb-last" : null, title: self.tooltip(n) }, [self.card(n).name,
        last ? h("span", { "class": "tile-last", text: self.t("last played") }) : null]));
    });
    return h("details", { "class": "pile pile-list" }, [
      h("summary", {}, [h("span", { "class": "pile-label", text: this.t(label) }), h("b", { text: String(names.length) })]), list]);
  };

  // The move bar under the table: what to do now, and the buttons of the choice being built.
  Board.prototype.bar = function (d) {
    var sel = this.sel, text = "", buttons = [];
    if (d && sel) {
      var name = this.card(sel.card || "").name;
      if (sel.kind === "choose") text = this.t(sel.slots[0] === "cell" ? "Choose a free cell for {card}." : "Choose a target for {card}.", { card: name });
      else if (!sel.slots.length) text = this.t(sel.kind === "activate" ? "Use the action of {card}?" : "Play {card}?", { card: name });
      else text = this.t(sel.slots[sel.picks.length] === "cell" ? "Choose a highlighted cell for {card}." : "Choose a highlighted target for {card}.", { card: name });
      if (sel.kind !== "choose" && !sel.slots.length) buttons.push(["confirm", this.t(sel.kind === "activate" ? "Use" : "Play"), "btn"]);
      if (sel.kind !== "choose") buttons.push(["cancel", this.t("Cancel"), "btn btn-ghost"]);
    } else if (d && d.kind === "mulligan") {
      text = this.t("Keep your opening hand, or select the cards to put back and mulligan.");
      buttons.push(["keep", this.t("Keep"), "btn"]);
      buttons.push(["mulligan", this.mull.length ? this.t("Mulligan {n}", { n: this.mull.length }) : this.t("Mulligan"), "btn btn-ghost", !this.mull.length]);
    } else if (d && d.kind === "act") {
      text = this.t("Play a card from your hand, use a card's action, or pass.") + " " + this.t("{n} decisions left", { n: d.decisions_left });
    }
    var bar = h("div", { "class": "board-bar", role: "group", "aria-label": this.t("Your move"), hidden: !text });
    bar.appendChild(h("p", { "class": "board-prompt", "data-testid": "board-prompt", text: text }));
    var box = h("div", { "class": "board-buttons" });
    buttons.forEach(function (b) {
      box.appendChild(h("button", { "class": b[2], "data-act": b[0], "data-testid": b[0], "data-fid": "btn:" + b[0], disabled: !!b[3], text: b[1] }));
    });
    bar.appendChild(box);
    return bar;
  };

  // --- acting ---------------------------------------------------------------------------

  Board.prototype.act = function (action) {
    if (!action || !this.ctx || !this.ctx.act) return;
    this.sel = null;
    this.mull = [];
    this.ctx.act(action);
  };

  Board.prototype.select = function (kind, card, cands, source) {
    this.sel = { kind: kind, card: card, cands: cands, slots: slotsOf(cands), picks: [], source: source };
    var first = this.options()[0];
    this.focusNext = first || "btn:confirm";
    this.draw();
  };

  Board.prototype.pick = function (key) {
    this.sel.picks.push(key);
    if (this.sel.picks.length >= this.sel.slots.length) { this.act(this.remaining()[0]); return; }
    this.focusNext = this.options()[0] || null;
    this.draw();
  };

  Board.prototype.mulliganAction = function () {
    var v = this.view, hand = ((v.seats || [])[this.me()] || {}).hand || [], self = this;
    var names = this.mull.map(function (i) { return hand[i]; }), wanted = names.slice().sort().join("\n");
    var listed = this.legal().filter(function (a) {
      return a.type === "mulligan" && a.cards.slice().sort().join("\n") === wanted;
    })[0];
    return listed || { type: "mulligan", cards: names }; // R5.2: any cards of the hand may go back
  };

  Board.prototype.onClick = function (ev) {
    var self = this, d = this.decision(), target = ev.target;
    if (!d) return;
    var button = target.closest("[data-act]");
    if (button) {
      var what = button.getAttribute("data-act");
      if (what === "cancel") { this.focusNext = this.sel && this.sel.source; this.sel = null; this.draw(); }
      else if (what === "confirm" && this.sel) this.act(this.remaining()[0]);
      else if (what === "keep") this.act(this.legal().filter(function (a) { return a.type === "keep"; })[0]);
      else if (what === "mulligan" && this.mull.length) this.act(this.mulliganAction());
      return;
    }
    var option = target.closest(".is-option");
    if (option && this.sel) { this.pick(option.getAttribute("data-key")); return; }
    var handCard = target.closest(".side-bottom .hand .tile[data-index]");
    if (handCard && this.player()) {
      var index = Number(handCard.getAttribute("data-index")), name = handCard.getAttribute("data-card");
      if (d.kind === "mulligan") {
        var at = this.mull.indexOf(index);
        if (at === -1) this.mull.push(index); else this.mull.splice(at, 1);
        this.focusNext = "hand:" + index;
        this.draw();
        return;
      }
      if (d.kind !== "act") return;
      if (this.sel && this.sel.source === "hand:" + index) { this.focusNext = "hand:" + index; this.sel = null; this.draw(); return; }
      var plays = this.legal().filter(function (a) { return a.type === "play" && a.card === name; });
      if (plays.length) this.select("play", name, plays, "hand:" + index);
      return;
    }
    var source = target.closest(".is-activatable");
    if (source && d.kind === "act") {
      var key = source.getAttribute("data-key");
      var uses = this.legal().filter(function (a) { return a.type === "activate" && self.sourceKey(a) === key; });
      var t = source.querySelector(".tile");
      if (uses.length) this.select("activate", t ? t.getAttribute("data-card") : "", uses, key);
    }
  };

  function render(root, view, ctx) {
    var board = root.__responsBoard;
    if (!board) board = root.__responsBoard = new Board(root);
    view = view || {};
    var seq = view.seq === undefined ? null : view.seq;
    if (seq !== board.seq || !ctx || !(ctx.legal || []).length) { board.sel = null; board.mull = []; }
    board.seq = seq;
    board.view = view;
    board.ctx = ctx;
    board.draw();
  }

  // --- the game log (log.js): RESPONSE's events in words ---------------------------------

  function targetText(tg, ctx) {
    if (!tg) return "";
    var p = ctx.player(tg.seat);
    if (tg.zone === "hero") return p;
    if (tg.zone === "location") return ctx.fmt(ctx.t("{p}'s location"), { p: p });
    return ctx.fmt(ctx.t("line {line}, row {row} ({p})"), { line: tg.line, row: tg.row, p: p });
  }

  // An ability's effect: its source card and what it touched (abilities.py).
  function describeEffect(e, ctx) {
    var t = ctx.t, tg = e.target || {};
    // These texts name a source card and a board place; an effect without them is said plainly.
    if (typeof e.source !== "string") return undefined;
    var v = {
      source: ctx.cardName(e.source), n: e.amount, target: targetText(tg, ctx),
      card: e.card ? ctx.cardName(e.card) : targetText(tg, ctx), p: ctx.player(tg.seat),
    };
    switch (e.effect) {
      case "damage": return ctx.fmt(t("{source}: {n} damage to {target}."), v);
      case "strengthen": return ctx.fmt(t("{source}: +{n} strength to {target}."), v);
      case "gain_influence": return ctx.fmt(t("{source}: {p} gains {n} influence."), v);
      case "destroy": return ctx.fmt(t("{source} destroys {target}."), v);
      case "return_to_hand": return ctx.fmt(t("{source} returns {card} to its owner's hand."), v);
      case "remove_to_space": return ctx.fmt(t("{source} removes {card} to space."), v);
      case "player_loses": return ctx.fmt(t("{source}: {p} loses the game."), v);
      case "you_win": return ctx.fmt(t("{source}: {p} wins the game."), v);
      default: return undefined;
    }
  }

  function describeEvent(e, ctx) {
    var t = ctx.t, fmt = ctx.fmt, p = ctx.player(e.seat), c = e.card ? ctx.cardName(e.card) : "";
    switch (e.type) {
      case "setup": // R5.1: the seat with the initiative begins
        return e.initiative === 0 || e.initiative === 1
          ? fmt(t("Game {n} begins: {p} has the initiative."), { n: ctx.game, p: ctx.player(e.initiative) }) : null;
      case "draw":
        if (e.cards && e.cards.length) return fmt(t("{p} draws: {cards}."), { p: p, cards: ctx.cardNames(e.cards) });
        if (!e.count) return null;
        return e.count === 1 ? fmt(t("{p} draws a card."), { p: p }) : fmt(t("{p} draws cards: {count}."), { p: p, count: e.count });
      case "keep": return fmt(t("{p} keeps the opening hand."), { p: p });
      case "mulligan":
        return e.cards ? fmt(t("{p} puts back {cards} and draws {drawn}."), { p: p, cards: ctx.cardNames(e.cards), drawn: ctx.cardNames(e.drawn) })
          : fmt(t("{p} puts cards back: {count}."), { p: p, count: e.count });
      case "turn":
        return { head: fmt(t("Turn {n} — {p} has the initiative"), { n: e.turn, p: ctx.player(e.initiative === 0 || e.initiative === 1 ? e.initiative : e.seat) }) };
      case "phase": return e.phase === "combat" ? { head: t("Combat"), sub: true } : null;
      case "deck_empty": return fmt(t("{p}'s deck is empty: an order is played (R6.2)."), { p: p });
      case "pass": return fmt(t("{p} passes."), { p: p });
      case "play":
        if (e.face_down && !e.card) return fmt(t("{p} plays a face-down card to line {line}, row {row}."), { p: p, line: e.cell.line, row: e.cell.row });
        if (e.cell) return fmt(t("{p} plays {card} to line {line}, row {row}."), { p: p, card: c, line: e.cell.line, row: e.cell.row });
        if (e.zone === "location") return fmt(t("{p} plays the location {card}."), { p: p, card: c });
        return fmt(t("{p} casts {card}."), { p: p, card: c });
      case "activate": return fmt(t("{p} uses the action of {card}."), { p: p, card: c });
      case "order": return fmt(t("{p} reveals order {n}: {card}."), { p: p, n: e.position, card: c });
      case "order_stays": return fmt(t("{card} stays in the order row: no room (R7.5)."), { card: c });
      case "enter":
        return e.cell ? fmt(t("{card} enters line {line}, row {row}."), { card: c, line: e.cell.line, row: e.cell.row })
          : fmt(t("{card} becomes {p}'s location."), { card: c, p: p });
      case "trap_revealed": return fmt(t("{p}'s trap {card} is revealed!"), { p: p, card: c });
      case "destroyed": return fmt(t("{card} ({p}) goes to the graveyard."), { p: p, card: c });
      case "collision":
        return fmt(t("Line {line}: {a} ({sa}) and {d} ({sd}) collide."), {
          line: e.line, a: ctx.cardName(e.attacker.card), sa: e.attacker.strength,
          d: ctx.cardName(e.defender.card), sd: e.defender.strength,
        });
      case "hit_location":
        return fmt(t("Line {line}: {a} hits {card} for {n} ({left} left)."),
          { line: e.line, a: ctx.cardName(e.attacker.card), card: ctx.cardName(e.location), n: e.damage, left: e.durability });
      case "hit_hero": return fmt(t("Line {line}: {a} hits {p}! Hits taken: {n}."), { line: e.line, a: ctx.cardName(e.attacker.card), p: p, n: e.hits_taken });
      case "recovery": return t("Recovery: influence and strength are restored, the initiative passes.");
      case "effect": return describeEffect(e, ctx);
      case "orders_laid": return fmt(t("{p} lays the orders face down: {count}."), { p: p, count: e.count });
      case "spell_resolved": return fmt(t("{card} resolves."), { card: c });
      case "trap_spent": return fmt(t("{p}'s trap {card} is spent."), { p: p, card: c });
      default: return undefined;
    }
  }

  window.ResponsBoards = window.ResponsBoards || {};
  window.ResponsBoards.respons = { render: render, describeEvent: describeEvent };
})();
