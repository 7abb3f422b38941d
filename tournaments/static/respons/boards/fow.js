// The Force of Will board (engine/games/fow, docs/ARCHITECTURE.md "Board modules"): both
// players' life, ruler (or J-ruler), stone and main deck counts, the field (magic stones
// apart), the graveyard, the reader's hand and the chase. Click-to-act: every card that a
// legal action names is a button; one action plays at once, several (targets, attack
// targets) open a small list of choices. Actions that name no card (pass, call, Judgment,
// keep) are buttons of their own. Labels go through ctx.t (Russian in djangojs.po).
(function () {
  "use strict";

  var kit = window.RespBoard, el = kit.el;  // the board toolkit (boards/kit.js)
  // The engine's phase words (F6) in the reader's language.
  var PHASES = { mulligan: "Keep or mulligan", draw: "Draw phase", recovery: "Recovery phase", main: "Main phase",
    end: "End phase", discard: "Discard down to seven" };

  function render(root, view, ctx) {
    var t = ctx.t || function (s) { return s; };
    var fmt = ctx.fmt || function (s, v) { return s.replace(/\{(\w+)\}/g, function (m, k) { return v[k]; }); };
    var legal = ctx.readOnly ? [] : ctx.legal || [];
    var names = ctx.names || [];
    view = view || {};
    root.textContent = "";
    root.classList.add("rb", "rb-fow");
    root.style.overflowX = "auto";
    root.style.maxWidth = "100%";

    var byId = {};  // instance id -> card name, from every zone of the view
    function cardName(name) {
      var data = name && ctx.card ? ctx.card(name) : null;
      return data && data.name ? data.name : String(name);
    }
    (view.seats || []).forEach(function (seat) {
      (seat.field || []).forEach(function (c) { byId[c.id] = c.card; });
      if (Array.isArray(seat.hand)) seat.hand.forEach(function (c) { byId[c.id] = c.card; });
      (seat.known_hand || []).forEach(function (c) { byId[c.id] = c.card; });
      if (seat.ruler) byId[seat.ruler.id] = seat.ruler.card;
    });
    (view.chase || []).forEach(function (item) { if (item.payload && item.payload.name) byId[item.payload.card || item.payload.source] = item.payload.name; });

    function targetText(action) {
      if (action.player !== undefined) return fmt(t("player {name}"), { name: names[action.player] || action.player });
      if (action.target !== undefined) return cardName(byId[action.target]);
      if (action.item !== undefined) return fmt(t("chase item {n}"), { n: action.item });
      return "";
    }
    var WORDS = {
      play: t("Play"), activate: t("Activate"), attack: t("Attack"), block: t("Block with"),
      discard: t("Discard"), mulligan: t("Shuffle back"),
    };
    function actionText(action) {
      var words = WORDS[action.type] || action.type;
      var target = targetText(action);
      var card = action.card !== undefined ? cardName(byId[action.card]) : "";
      return words + (card ? " " + card : "") + (target ? " → " + target : "") +
        (action.type === "activate" && action.ability ? " #" + (action.ability + 1) : "");
    }

    var forCard = {};
    var loose = [];
    legal.forEach(function (action) {
      if (action.type === "concede") return;
      if (action.card !== undefined) (forCard[action.card] = forCard[action.card] || []).push(action);
      else loose.push(action);
    });

    var choices = el("div", { "class": "fow-choices", role: "group", "aria-label": t("Choose") });
    function showChoices(list) {
      choices.textContent = "";
      list.forEach(function (action) {
        var b = el("button", { "class": "btn btn-small", text: actionText(action) });
        b.addEventListener("click", function () { ctx.act(action); });
        choices.appendChild(b);
      });
      var cancel = el("button", { "class": "btn btn-small", text: t("Cancel") });
      cancel.addEventListener("click", function () { choices.textContent = ""; });
      choices.appendChild(cancel);
      if (choices.firstChild) choices.firstChild.focus();
    }

    // Legal targets now (highlighted).
    var targeted = [];
    legal.forEach(function (a) { if (a.target !== undefined && a.target !== null) targeted.push(a.target); });

    // A card drawn as a card (boards/kit.js): its live numbers and marks; one button that plays
    // its one action at once or opens the list of its choices (targets, attack targets).
    function cardNode(c, extra) {
      var name = cardName(c.card);
      var stats = [], marks = [];
      if (c.atk !== undefined) stats.push(c.atk + "/" + c.def_left);
      if (c.j_ruler) marks.push(t("J-ruler"));
      if (c.rested) marks.push(t("rested"));
      if (c.new) marks.push(t("new"));
      if (c.equips !== undefined) marks.push(fmt(t("equips {name}"), { name: cardName(byId[c.equips]) }));
      if (extra) marks.push(extra);
      var actions = forCard[c.id] || [];
      var controls = [];
      if (actions.length) {
        var b = el("button", { "class": "btn btn-small fow-card", text: actions.length === 1 ? actionText(actions[0]) : t("Choose…"),
          "aria-label": name + ": " + actions.map(actionText).join("; ") });
        b.addEventListener("click", function () { if (actions.length === 1) ctx.act(actions[0]); else showChoices(actions); });
        controls.push(b);
      }
      return kit.card(ctx, { name: c.card, tag: "li", stats: stats, marks: marks, controls: controls,
        "class": c.rested ? "is-rested" : "", last: kit.isLast(ctx, c.id), target: targeted.indexOf(c.id) >= 0 });
    }

    function list(title, cards, key) {
      var ul = el("ul", { "class": "fow-list" });
      cards.forEach(function (c) { ul.appendChild(cardNode(c)); });
      if (!cards.length) ul.appendChild(el("li", { "class": "muted", text: t("empty") }));
      return el("div", { "class": "fow-zone rb-zone", role: "group", "aria-label": title, "data-zone": key || null }, [
        el("h3", { "class": "rb-zone-title", text: title + " (" + cards.length + ")" }), ul]);
    }

    // F4.4: a will pool, by attribute.
    function willText(will) {
      var keys = Object.keys(will || {}).filter(function (k) { return will[k]; });
      return keys.length ? keys.map(function (k) { return will[k] + " " + t(k); }).join(", ") : t("empty");
    }

    var order = ctx.seat === 0 || ctx.seat === 1 ? [1 - ctx.seat, ctx.seat] : [0, 1];
    order.forEach(function (s) {
      var seat = (view.seats || [])[s];
      if (!seat) return;
      var title = (names[s] || seat.name || fmt(t("Seat {n}"), { n: s })) + (s === ctx.seat ? " · " + t("you") : "");
      var ruler = seat.ruler || {};
      var rulerLine = fmt(t("Ruler: {name}"), { name: cardName(ruler.card) }) +
        (ruler.zone === "field" ? " · " + t("J-ruler on the field") : "") + (ruler.rested ? " · " + t("rested") : "");
      var head = el("p", { "class": "fow-stats", text: [
        fmt(t("Life {n}"), { n: seat.life }),
        fmt(t("Deck {n}"), { n: seat.deck }),
        fmt(t("Stone deck {n}"), { n: seat.stone_deck }),
        fmt(t("Hand {n}"), { n: Array.isArray(seat.hand) ? seat.hand.length : seat.hand }),
        fmt(t("Graveyard {n}"), { n: (seat.graveyard || []).length }),
      ].join(" · ") });
      var more = [fmt(t("Will pool: {will}"), { will: willText(seat.will) })];
      if (seat.called) more.push(t("called a magic stone this turn"));
      if (ruler.judgment_lost) more.push(t("Judgment no longer possible"));
      else if (ruler.judged_this_turn) more.push(t("Judgment done this turn"));
      if ((seat.removed || []).length) more.push(fmt(t("Removed: {cards}"), { cards: seat.removed.map(cardName).join(", ") }));
      var field = seat.field || [];
      var section = el("section", { "class": "fow-seat" + (s === ctx.seat ? " is-mine" : ""), "data-side": String(s), "aria-label": title }, [
        el("h2", { "class": "rb-side-title", text: title + (view.active === s ? " · " + t("their turn") : "") }), head,
        el("p", { "class": "fow-stats", text: more.join(" · ") }),
        // F7.1: the ruler in its zone is a card like any other (its text, its Judgment); as a
        // J-ruler it stands on the field and is drawn there.
        ruler.zone !== "field" ? list(t("Ruler"), [{ id: ruler.id, card: ruler.card, rested: ruler.rested }], "ruler") : el("p", { text: rulerLine }),
        list(t("Field"), field.filter(function (c) { return !(ctx.card && ctx.card(c.card) && ctx.card(c.card).type === "magic_stone"); })),
        list(t("Magic stones"), field.filter(function (c) { return ctx.card && ctx.card(c.card) && ctx.card(c.card).type === "magic_stone"; })),
        Array.isArray(seat.hand) ? list(t("Hand"), seat.hand, s === ctx.seat ? "hand" : "hand-seen") : null,
        el("details", {}, [el("summary", { text: fmt(t("Graveyard ({n})"), { n: (seat.graveyard || []).length }) }),
          el("p", { text: (seat.graveyard || []).map(cardName).join(", ") || t("empty") })]),
      ]);
      root.appendChild(section);
    });

    var chase = view.chase || [];
    var chaseList = el("ol", { "class": "fow-chase" });
    chase.slice().reverse().forEach(function (item) {
      var p = item.payload || {};
      var what = p.kind === "judgment" ? t("Judgment") : cardName(p.name);
      var on = p.target !== undefined && p.target !== null ? " → " + cardName(byId[p.target]) :
        p.player !== undefined && p.player !== null ? " → " + (names[p.player] || p.player) :
        p.item !== undefined && p.item !== null ? " → " + fmt(t("chase item {n}"), { n: p.item }) : "";
      chaseList.appendChild(el("li", { text: fmt(t("{what} ({name})"), { what: what, name: names[item.controller] || item.controller }) + on + " · #" + item.id }));
    });
    root.appendChild(el("section", { "class": "fow-shared", "aria-label": t("The chase") }, [
      el("h2", { "class": "rb-side-title", text: t("The chase") + (chase.length ? "" : " · " + t("empty")) }), chaseList,
      view.battle ? el("p", { text: fmt(t("Battle: {attacker} attacks {target}"), {
        attacker: cardName(byId[view.battle.attacker]),
        target: view.battle.target === null ? t("the player") : cardName(byId[view.battle.target]) }) }) : null,
      el("p", { "class": "fow-turn", text: fmt(t("Turn {n} · {phase}"), { n: view.turn, phase: PHASES[view.phase] ? t(PHASES[view.phase]) : view.phase || "" }) +
        (view.priority === 0 || view.priority === 1 ? " · " + fmt(t("priority: {name}"), { name: names[view.priority] || view.priority }) : "") }),
    ]));

    if (loose.length) {
      var bar = el("div", { "class": "fow-actions", role: "group", "aria-label": t("Your move") });
      var LOOSE = { pass: t("Pass"), keep: t("Keep the hand"), call: t("Call a magic stone"), judgment: t("Judgment") };
      loose.forEach(function (action) {
        var text = LOOSE[action.type] || actionText(action);
        if (action.type === "mulligan") text = fmt(t("Shuffle back {n} cards"), { n: action.cards.length });
        var b = el("button", { "class": "btn btn-small", "data-testid": "fow-action", text: text });
        b.addEventListener("click", function () { ctx.act(action); });
        bar.appendChild(b);
      });
      root.appendChild(bar);
    }
    root.appendChild(choices);
  }

  // --- the game log (log.js): Force of Will's events in words (RULES.md, F5–F12) -----------

  function describeEvent(e, ctx) {
    var t = ctx.t, fmt = ctx.fmt, p = ctx.player(e.seat);
    var c = e.card !== undefined && e.card !== null ? ctx.cardName(e.card) : e.id !== undefined ? ctx.cardName(e.id) : "";
    // What a chant or an ability aims at: a card on the field, or a player.
    var aim = e.target !== undefined && e.target !== null ? ctx.cardName(e.target)
      : e.player === 0 || e.player === 1 ? ctx.player(e.player) : null;
    switch (e.type) {
      // setup, turn, draw, keep: the shared describer's (log.js)
      case "mulligan": return fmt(t("{p} puts cards back: {count}."), { p: p, count: e.count || 0 });
      case "call": return fmt(t("{p} calls a magic stone: {card}."), { p: p, card: c });
      case "will": return fmt(t("{p} rests magic stones for will: {cards}."), { p: p, cards: ctx.cardNames(e.stones) });
      case "play":
        return aim ? fmt(t("{p} plays {card} on {target}."), { p: p, card: c, target: aim }) : fmt(t("{p} plays {card}."), { p: p, card: c });
      case "activate":
        return aim ? fmt(t("{p} activates {card} on {target}."), { p: p, card: c, target: aim })
          : fmt(t("{p} activates {card}."), { p: p, card: c });
      case "judgment": return fmt(t("{p} calls Judgment with {card}."), { p: p, card: c });
      case "j_ruler": return fmt(t("{card} becomes {p}'s J-ruler."), { p: p, card: c });
      case "resolves": return fmt(t("{card} resolves."), { card: c });
      case "cancelled": return fmt(t("{card} cancels an item of the chase."), { card: ctx.cardName(e.by) });
      // A pass the engine made for a seat with nothing else to do (F8.3) would fill the log: left out.
      case "pass": return e.auto ? null : fmt(t("{p} passes."), { p: p });
      case "end_phase": return { head: fmt(t("End phase — {p}"), { p: p }), sub: true };
      case "attack": // F9.1
        return e.target === null || e.target === undefined
          ? fmt(t("{p} attacks the opponent with {card}."), { p: p, card: ctx.cardName(e.attacker) })
          : fmt(t("{p} attacks {target} with {card}."), { p: p, card: ctx.cardName(e.attacker), target: ctx.cardName(e.target) });
      case "block": return fmt(t("{p} blocks with {card}."), { p: p, card: ctx.cardName(e.blocker) });
      case "no_block": return fmt(t("{p} does not block."), { p: p });
      case "no_damage": return fmt(t("{card} deals no damage: its target has left the field (F9.7)."), { card: ctx.cardName(e.attacker) });
      case "battle_damage":
        return fmt(t("Battle: {a} deals {dealt} to {d} and takes {taken}."), {
          a: ctx.cardName(e.attacker), d: ctx.cardName(e.defender), dealt: e.dealt, taken: e.taken });
      case "damage": return fmt(t("{card} takes {n} damage."), { card: ctx.cardName(e.id), n: e.amount });
      case "pump": return fmt(t("{card}: {atk} ATK, {def} DEF until the end of the turn."), {
        card: ctx.cardName(e.id), atk: (e.atk >= 0 ? "+" : "") + e.atk, def: (e["def"] >= 0 ? "+" : "") + e["def"] });
      case "destroyed": return fmt(t("{card} ({p}) is destroyed."), { p: p, card: c });
      case "discard": return fmt(t("{p} discards {card}."), { p: p, card: c });
      case "leaves":
        if (e.to === "hand") return fmt(t("{card} returns to {p}'s hand."), { p: p, card: c });
        if (e.to === "ruler_zone") return fmt(t("{card} goes back to {p}'s ruler zone (F7.4)."), { p: p, card: c });
        return fmt(t("{card} ({p}) goes to the graveyard."), { p: p, card: c });
      case "life_lost": return fmt(t("{p} loses {n} life: life {life}."), { p: p, n: e.amount, life: e.life });
      case "life_gained": return fmt(t("{p} gains {n} life: life {life}."), { p: p, n: e.amount, life: e.life });
      case "deck_out": return fmt(t("{p} cannot draw: the deck is empty (F12.1)."), { p: p });
      default: return undefined;
    }
  }

  window.ResponsBoards = window.ResponsBoards || {};
  window.ResponsBoards["fow"] = { render: render, describeEvent: describeEvent };
})();
