/* Chronomagia board module (common interface: window.ResponsBoards[game].render(root, view, ctx)).
 *
 * Draws the engine's view (observation, judge_view or spectator_view): the time track of
 * 30 centuries in three epochs, each seat's hero, Life, armor, pool and battlefield, the
 * reader's hand and hero deck, and turns ctx.legal into buttons. Structured answers are
 * built here and validated whole by the engine: a redraw or a mass effect (any set of
 * cards, toggled then confirmed) and an attack split between the player and the terrain.
 * Plain ES5, no dependencies; every control is a <button>; it wraps to fit 390 px.
 */
(function () {
  "use strict";

  var EPOCH_COLORS = ["#c8e6c9", "#ffe0b2", "#d1c4e9"];
  // English labels of the engine's words (translated through ctx.t).
  var KINDS = { concentration: "Concentration", time: "Time", time_past: "Time to the past",
    time_future: "Time to the future", life: "Life", armor: "Armor" };
  var EFFECTS = { unsummon: "Unsummon", "return": "Return", trap: "Trap", mass_unsummon: "Mass unsummon",
    mass_return: "Mass return", time_shift: "Time shift", intuition: "Intuition", damage: "Damage",
    gain_life: "Gain life", concentration: "Concentration", draw: "Draw", armor: "Armor", hero_token: "Hero tokens",
    move_time: "Move time", time_forward: "Time forward", time_back: "Time back", token: "Tokens",
    boost: "Boost", shield: "Shield", discount: "Discount", damage_terrain: "Damage to a terrain" };
  var REASONS = { life: "Life ran out", end_of_time: "the end of time", turn_limit: "the turn limit",
    concede: "concession", timeout: "time ran out", no_show: "no-show", penalty: "penalty" };

  var kit = window.RespBoard, el = kit.el;  // the board toolkit (boards/kit.js)

  function epochOf(century) {
    return century <= 15 ? 1 : century <= 25 ? 2 : 3;
  }

  function render(root, view, ctx) {
    var t = ctx.t || function (s) { return s; };
    var fmt = ctx.fmt || function (s, v) { return s.replace(/\{(\w+)\}/g, function (m, k) { return v[k]; }); };
    var legal = ctx.readOnly ? [] : ctx.legal || [];
    var state = root.__chronomagia || (root.__chronomagia = { picked: {}, terrain: 0, seq: null });
    var decision = view.decision || {};
    if (state.seq !== decision.seq) {
      state.picked = {};
      state.terrain = 0;
      state.seq = decision.seq;
    }

    function cardName(name) {
      var data = name && ctx.card ? ctx.card(name) : null;
      return data && data.name ? data.name : name || t("face-down card");
    }
    function act(action) {
      if (!ctx.readOnly && ctx.act) ctx.act(action);
    }
    function rerender() {
      render(root, view, ctx);
    }
    function actionsFor(id) {
      return legal.filter(function (a) {
        return a.card === id || a.target === id;
      });
    }
    function label(a) {
      switch (a.type) {
        case "play": return t("Play");
        case "shadow": return t("Place as a shadow");
        case "activate": return t("Tap");
        case "sacrifice": return t("Sacrifice");
        case "meditate": return t("Take (meditate)");
        case "choose":
          if (a.epoch) return fmt(t("To epoch {epoch}"), { epoch: a.epoch });
          if (a["return"] === true) return t("Look and return");
          if (a["return"] === false) return t("Look");
          return t("Choose");
        default: return a.type;
      }
    }
    var mass = decision.kind === "choose" && legal.some(function (a) { return a.targets; });
    var redraw = decision.kind === "redraw" && legal.some(function (a) { return a.type === "redraw"; });

    function toggleButton(id, name) {
      var on = !!state.picked[id];
      return el("button", {
        type: "button",
        "aria-pressed": on ? "true" : "false",
        style: "margin:2px;" + (on ? "outline:3px solid #1565c0;" : ""),
        onclick: function () {
          if (on) delete state.picked[id];
          else state.picked[id] = true;
          rerender();
        },
        text: (on ? "✓ " : "") + t("Select")
      });
    }

    // A card drawn as a card (boards/kit.js): its live facts as marks, its buttons below it.
    function cardBox(item, owner, extra) {
      var name = item.card;
      var facts = [];
      if (item.face_down) facts.push(t("shadow"));
      if (item.tapped) facts.push(t("tapped"));
      if (item["new"]) facts.push(t("new"));
      if (item.shifted) facts.push(fmt(t("epoch {epoch}"), { epoch: item.epoch }));
      if (item.lives !== undefined) facts.push(fmt(t("{n} lives"), { n: item.lives }));
      if (item.time_counter !== undefined) facts.push(fmt(t("time counter {n}"), { n: item.time_counter }));
      if (item.trapped_by !== undefined) facts.push(t("trapped"));
      var controls = (extra || []).slice();
      if (mass && legal.some(function (a) { return a.targets && a.targets.length === 1 && a.targets[0] === item.id; })) {
        controls.push(toggleButton(item.id));
      } else {
        actionsFor(item.id).forEach(function (a) {
          controls.push(el("button", {
            "aria-label": label(a) + ": " + cardName(name),
            onclick: function () { act(a); }, text: label(a)
          }));
        });
      }
      return kit.card(ctx, { name: name, marks: facts, controls: controls,
        "class": (item.face_down ? "cm-shadow" : "") + (item.tapped ? " cm-tapped" : ""),
        last: kit.isLast(ctx, item.id), target: legal.some(function (a) { return a.target === item.id; }) });
    }

    root.innerHTML = "";
    root.classList.add("rb", "rb-chronomagia");
    var board = el("div", { "class": "chronomagia-board" });
    root.appendChild(board);

    // The time track: 30 centuries, the active one marked (C3.2).
    var track = el("div", { role: "img", "aria-label": fmt(t("Century {century}, epoch {epoch}"),
      { century: view.century, epoch: view.epoch }), style: "display:flex;flex-wrap:wrap;margin:4px 0" });
    for (var c = 1; c <= 30; c++) {
      track.appendChild(el("span", {
        style: "width:12px;height:14px;margin:1px;font-size:9px;text-align:center;background:" +
          EPOCH_COLORS[epochOf(c) - 1] + (c === view.century ? ";outline:2px solid #b71c1c;font-weight:bold" : ""),
        text: c === view.century ? "●" : ""
      }));
    }
    board.appendChild(el("div", {}, [
      el("div", { text: fmt(t("Century {century}, epoch {epoch} · turn {turn}"),
        { century: view.century, epoch: view.epoch, turn: view.turn }) +
        (view.active === 0 || view.active === 1 ? " · " + fmt(t("{name}'s turn"), {
          name: (ctx.names || [])[view.active] || view.seats[view.active].name }) : "") }),
      track
    ]));

    var me = view.seat === 0 || view.seat === 1 ? view.seat : null;
    var order = me === null ? [0, 1] : [1 - me, me];
    var names = ctx.names || [];
    order.forEach(function (index) {
      var side = view.seats[index];
      var hero = side.hero || {};
      var head = el("h2", { "class": "rb-side-title" }, [
        (names[index] || side.name) + (view.active === index ? " ◀" : "")
      ]);
      var stats = el("div", {
        text: fmt(t("Life {life} · armor {armor} · pool {pool} · deck {deck} · graveyard {grave}"), {
          life: side.life, armor: side.armor, pool: side.pool, deck: side.deck, grave: (side.graveyard || []).length
        })
      });
      // C10.5: the hero drawn as a card (its text, its tokens), in a zone of its own.
      var heroZone = kit.zone(ctx, { title: t("Hero"), key: "hero", cards: [kit.card(ctx, { name: hero.card,
        marks: [t("Hero tokens") + " " + hero.tokens].concat(hero.meditating ? [t("meditating")] : []),
        last: kit.isLast(ctx, hero.card) })] });
      var field = kit.zone(ctx, { title: t("Battlefield"), key: "field",
        cards: (side.field || []).map(function (item) { return cardBox(item, index); }) });
      var section = el("section", { "class": "cm-side", "aria-label": names[index] || side.name }, [head, stats, heroZone, field]);
      var hand = side.hand;
      if (Array.isArray(hand)) {
        section.appendChild(kit.zone(ctx, { title: t("Hand"), key: index === me ? "hand" : "hand-seen",
          cards: hand.map(function (item) {
            return cardBox(item, index, redraw && index === me ? [toggleButton(item.id)] : []);
          }) }));
      } else {
        section.appendChild(el("div", { text: fmt(t("Hand: {n} cards"), { n: hand }) }));
        (side.known_hand || []).forEach(function (item) { section.appendChild(cardBox(item, index)); });
      }
      if (Array.isArray(side.hero_deck) && side.hero_deck.length) {
        var heroDeck = el("details", {}, [el("summary", { text: fmt(t("Hero deck ({n})"), { n: side.hero_deck.length }) })]);
        side.hero_deck.forEach(function (item) { heroDeck.appendChild(cardBox(item, index)); });
        if (decision.kind === "meditation" && index === me) heroDeck.setAttribute("open", "");
        section.appendChild(heroDeck);
      }
      board.appendChild(section);
    });

    // The decision's other answers.
    var bar = el("div", { style: "display:flex;flex-wrap:wrap;gap:4px;margin-top:6px" });
    if (decision.kind === "order" && legal.length) {
      bar.appendChild(el("div", { role: "status", style: "width:100%;font-weight:bold",
        text: t("Your triggers happen together: choose which goes next (C6.7)") }));
    }
    if (decision.kind === "choose" && legal.length) {
      bar.appendChild(el("div", { role: "status", style: "width:100%;font-weight:bold",
        text: fmt(t("Choose the target of {effect} {amount}"),
          { effect: t(EFFECTS[decision.effect] || decision.effect), amount: decision.amount || "" }) }));
    }
    var picked = Object.keys(state.picked).map(Number);
    if (redraw) {
      bar.appendChild(el("button", { type: "button", onclick: function () { act({ type: "keep" }); }, text: t("Keep") }));
      bar.appendChild(el("button", {
        type: "button", disabled: picked.length ? null : "disabled",
        onclick: function () { if (picked.length) act({ type: "redraw", cards: picked }); },
        text: fmt(t("Redraw the selected cards ({n})"), { n: picked.length })
      }));
    }
    if (mass) {
      bar.appendChild(el("button", {
        type: "button", onclick: function () { act({ type: "choose", targets: picked }); },
        text: fmt(t("Choose the selected targets ({n})"), { n: picked.length })
      }));
    }
    var attacks = legal.filter(function (a) { return a.type === "attack"; });
    if (attacks.length) {
      var total = attacks[0].opponent + attacks[0].terrain;
      var most = 0;
      attacks.forEach(function (a) { most = Math.max(most, a.terrain); });
      state.terrain = Math.min(state.terrain, most);
      var split = el("div", {}, [
        el("span", { text: fmt(t("Attack {total}: {opponent} to the player, {terrain} to the terrain"),
          { total: total, opponent: total - state.terrain, terrain: state.terrain }) + " " })
      ]);
      if (most > 0) {
        split.appendChild(el("button", { type: "button", "aria-label": t("Less to the terrain"),
          onclick: function () { state.terrain = Math.max(0, state.terrain - 1); rerender(); }, text: "−" }));
        split.appendChild(el("button", { type: "button", "aria-label": t("More to the terrain"),
          onclick: function () { state.terrain = Math.min(most, state.terrain + 1); rerender(); }, text: "+" }));
      }
      split.appendChild(el("button", { type: "button",
        onclick: function () { act({ type: "attack", opponent: total - state.terrain, terrain: state.terrain }); },
        text: t("Attack") }));
      bar.appendChild(split);
    }
    legal.forEach(function (a) {
      var text = null;
      if (a.type === "collect") text = fmt(t("Collect {kind}"), { kind: t(KINDS[a.kind] || a.kind) });
      else if (a.type === "collect_time") {
        text = a.erode ? fmt(t("{kind}: erode {n} from the phenomenon"), { kind: t(KINDS[a.kind] || a.kind), n: a.erode })
          : fmt(t("{kind}: move time {move}"), { kind: t(KINDS[a.kind] || a.kind), move: (a.move > 0 ? "+" : "") + a.move });
      } else if (a.type === "hero") text = fmt(t("Hero ability {n}"), { n: a.ability + 1 });
      else if (a.type === "pass") {
        text = decision.kind === "meditation" ? t("Do not meditate")
          : decision.kind === "attack" ? t("Do not attack") : t("End the main phase");
      } else if (a.type === "flip") text = t("Flip the shadow");
      else if (a.type === "stay") text = t("Keep the shadow hidden");
      else if (a.type === "choose" && a.terrain !== undefined && a.target === undefined) {
        // C10.2: any part of an effect's damage may go to the opponent's terrain
        text = fmt(t("{opponent} to the player, {terrain} to the terrain"),
          { opponent: (decision.amount || 0) - a.terrain, terrain: a.terrain });
      } else if (a.type === "order") { // C6.7: the chooser puts one of their triggers next
        var trigger = (decision.triggers || [])[a.trigger] || {};
        text = fmt(t("Next: {card} — {effect} {amount}"), { card: trigger.card ? cardName(trigger.card) : "?",
          effect: t(EFFECTS[trigger.effect] || trigger.effect || ""), amount: trigger.amount || "" });
      }
      if (text) bar.appendChild(el("button", { type: "button", onclick: function () { act(a); }, text: text }));
    });
    board.appendChild(bar);
    if (view.result) {
      board.appendChild(el("div", { role: "status", style: "font-weight:bold;margin-top:6px",
        text: view.result.winner === null ? t("The game is a draw") :
          fmt(t("{name} wins ({reason})"), { name: names[view.result.winner] || view.seats[view.result.winner].name,
            reason: t(REASONS[view.result.reason] || view.result.reason) }) }));
    }
  }

  // --- the game log (log.js): Chronomagia's events in words (RULES.md, C4–C15) -------------

  function describeEffect(e, ctx) {
    var t = ctx.t, fmt = ctx.fmt;
    var v = { source: e.card ? ctx.cardName(e.card) : e.source !== null && e.source !== undefined ? ctx.cardName(e.source) : ctx.player(e.seat),
      p: ctx.player(e.seat), q: ctx.player(e.seat === 0 || e.seat === 1 ? 1 - e.seat : null), n: e.amount };
    switch (e.effect) {
      case "damage": return fmt(t("{source}: {n} damage to {q}."), v); // C13: to the opponent
      case "gain_life": return fmt(t("{source}: {p} gains {n} Life."), v); // C7.4
      case "concentration": return fmt(t("{source}: {p} gains {n} concentration."), v); // C7.2
      case "draw": return fmt(t("{source}: {p} draws cards: {n}."), v);
      case "armor": return fmt(t("{source}: {p} gets armor: {n}."), v); // C7.9
      case "hero_token": return fmt(t("{source}: {p} gets hero tokens: {n}."), v); // C10.5
      case "move_time": case "time_forward": case "time_back": return fmt(t("{source}: time moves ({n})."), v); // C8.2
      case "token": return fmt(t("{source}: {p} creates tokens: {n}."), v); // C11.4
      case "boost": return fmt(t("{source}: +{n}."), v);
      default:
        v.effect = EFFECTS[e.effect] ? t(EFFECTS[e.effect]) : String(e.effect || "").replace(/_/g, " ");
        return fmt(t("{source}: {effect} {n}."), v);
    }
  }

  function describeEvent(e, ctx) {
    var t = ctx.t, fmt = ctx.fmt, p = ctx.player(e.seat);
    var c = e.card !== undefined && e.card !== null ? ctx.cardName(e.card) : e.id !== undefined ? ctx.cardName(e.id) : "";
    function kind(k) { return KINDS[k] ? t(KINDS[k]) : String(k || "").replace(/_/g, " "); }
    switch (e.type) {
      // setup, turn, draw, keep: the shared describer's (log.js)
      case "redraw":
        if (e.cards && e.cards.length) return fmt(t("{p} redraws: {cards}."), { p: p, cards: ctx.cardNames(e.cards) });
        return fmt(t("{p} redraws cards: {count}."), { p: p, count: e.count || 0 });
      case "meditate":
        return e.card ? fmt(t("{p} meditates and takes {card} from the hero deck."), { p: p, card: c })
          : fmt(t("{p} meditates and takes a card from the hero deck."), { p: p });
      case "shadow":
        return e.card ? fmt(t("{p} places {card} face down as a shadow."), { p: p, card: c })
          : fmt(t("{p} places a card face down as a shadow."), { p: p });
      case "stay": return fmt(t("{p} keeps the shadow hidden."), { p: p });
      case "flip": return fmt(t("{p} flips the shadow: {card}."), { p: p, card: c });
      case "terrain_hit": return fmt(t("{card} takes {n} damage (C10.2)."), { card: c, n: e.amount });
      case "ordered": return fmt(t("{p} chooses which trigger goes next: {effect} (C6.7)."),
        { p: p, effect: t(EFFECTS[e.effect] || e.effect || "") });
      case "looked":
        return e.card ? fmt(t("{p} looks at a shadow: {card}."), { p: p, card: c }) : fmt(t("{p} looks at a shadow."), { p: p });
      case "shadow_returned": return fmt(t("A shadow goes back to {p}'s hand."), { p: p });
      case "collect": return fmt(t("{p} collects {kind}: {n}."), { p: p, kind: kind(e.kind), n: e.amount }); // C7
      case "concentration": return fmt(t("{p} puts cards into the pool: {count} (pool {pool})."), { p: p, count: e.count, pool: e.pool });
      case "hero": return fmt(t("{p} uses hero ability {n} (tokens: {tokens})."), { p: p, n: (e.ability || 0) + 1, tokens: e.tokens });
      case "activate": return fmt(t("{p} taps {card} for its ability."), { p: p, card: c });
      case "sacrifice": return fmt(t("{p} sacrifices {card}."), { p: p, card: c });
      case "spell": return fmt(t("{p} casts {card}."), { p: p, card: c });
      case "enters": return fmt(t("{card} enters {p}'s battlefield."), { p: p, card: c });
      case "leaves":
        if (e.to === "hand") return fmt(t("{card} returns to {p}'s hand."), { p: p, card: c });
        if (e.to === "graveyard") return fmt(t("{card} ({p}) goes to the graveyard."), { p: p, card: c });
        return fmt(t("{card} ({p}) leaves the game."), { p: p, card: c });
      case "eroded": return fmt(t("{card} erodes: {n} lives left."), { card: c, n: e.left });
      case "shifted": return fmt(t("{card} now lives in epoch {epoch} (C8.5)."), { card: c, epoch: e.epoch });
      case "trapped": return fmt(t("{card} is trapped by {p} (C13)."), { card: c, p: ctx.player(e.by) });
      case "attack": // C13: the attack split between the player and the terrain
        return fmt(t("{p} attacks: {opponent} to the player, {terrain} to the terrain."), { p: p, opponent: e.opponent, terrain: e.terrain });
      case "life_lost":
        return e.absorbed ? fmt(t("{p} loses {n} Life, armor absorbs {absorbed}: Life {life}."), { p: p, n: e.amount, absorbed: e.absorbed, life: e.life })
          : fmt(t("{p} loses {n} Life: Life {life}."), { p: p, n: e.amount, life: e.life });
      case "time": // C8
        var where = { century: e.century, epoch: e.epoch, p: p };
        if (e.moved === "forward") return fmt(t("{p} moves time forward: century {century}, epoch {epoch}."), where);
        if (e.moved === "back") return fmt(t("{p} moves time back: century {century}, epoch {epoch}."), where);
        return fmt(t("Time moves on: century {century}, epoch {epoch}."), where);
      case "time_frozen": return fmt(t("Time cannot move again this turn (C8.6: {n} moves a turn)."), { n: e.limit });
      case "epoch": return { head: fmt(t("Epoch {epoch} begins"), { epoch: e.epoch }), sub: true };
      case "fizzles":
        return fmt(t("{effect}: nothing to act on, no effect."), { effect: EFFECTS[e.effect] ? t(EFFECTS[e.effect]) : t("An effect") });
      case "effect": return describeEffect(e, ctx);
      default: return undefined;
    }
  }

  window.ResponsBoards = window.ResponsBoards || {};
  window.ResponsBoards.chronomagia = { render: render, describeEvent: describeEvent };
})();
