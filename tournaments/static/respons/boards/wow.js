/* World of Warcraft TCG board module (common interface: window.ResponsBoards[game].render(root, view, ctx)).
 *
 * Draws the engine's view (observation, judge_view or spectator_view): each seat's hero with
 * damage and ATK and its counters of other kinds ("rage ×2", W3.2), the hero row (equipment,
 * ongoing abilities, totems), the ally row, the
 * resource row (face-down resources as backs for the opponent), hand, deck and graveyard
 * sizes, the chain (top first) and the combat; and turns ctx.legal into buttons, each beside
 * the card it uses. A targeted action offers one button per target ("→ name").
 * Decisions: armor (which armors, and before or after the shields, W12.5), keep (which cards
 * stay under W13.1–W13.3, W13.4). "Choose resources" (W7.5) lets the player mark ready
 * resources; the next paying action then carries "pay": [ids]; off, payment is automatic.
 * Plain ES5, no dependencies; every control is a <button>; rows wrap to fit 390 px.
 */
(function () {
  "use strict";

  var WINDOWS = { ready: "Ready step", draw: "Draw step", action: "Action phase", attack: "Attack window", defend: "Defend window", end: "End phase",
    protect: "Protect?", discard: "Discard down to seven", armor: "Use armor?", mulligan: "Keep or mulligan",
    keep: "Keep which cards?", order: "Which of your triggers goes next?", target: "Choose the trigger's target" };
  var CHAIN_KINDS = { card: true, power: true, trigger: true, quest: true };  // what an interrupt may name (W8.8)
  var PAYING = ["play", "power", "complete", "strike"];  // the actions that may name resources (W7.5)
  var REASONS = { hero: "a hero fell", deck: "a deck ran out", turn_limit: "the turn limit",
    concede: "concession", timeout: "time ran out", no_show: "no-show", penalty: "penalty" };

  // W3.2: the counter kinds of the sample set in the reader's language; any other kind as written.
  function kindName(kind, t) {
    var known = { rage: t("rage"), charge: t("charge") };
    return known[kind] || String(kind).replace(/_/g, " ");
  }


  var kit = window.RespBoard, el = kit.el;  // the board toolkit (boards/kit.js)

  function render(root, view, ctx) {
    // A control of this board had the focus: it comes back to the new one (the board is redrawn).
    var hadFocus = !!document.activeElement && document.activeElement !== root && root.contains(document.activeElement);
    var t = ctx.t || function (s) { return s; };
    var fmt = ctx.fmt || function (s, v) { return s.replace(/\{(\w+)\}/g, function (m, k) { return v[k]; }); };
    var legal = ctx.readOnly ? [] : ctx.legal || [];
    var names = {};  // instance id -> card name, from everything the view shows

    function cardName(name) {
      var data = name && ctx.card ? ctx.card(name) : null;
      return data && data.name ? data.name : name || t("face-down card");
    }
    function cardText(name) {
      var data = name && ctx.card ? ctx.card(name) : null;
      return data && data.text ? data.text : "";
    }
    // W7.5: the resources the player chose to pay with; kept on the root between renders.
    var pay = root.wowPay = root.wowPay || { on: false, ids: [] };
    var mySide = view.seat === 0 || view.seat === 1 ? view.seats[view.seat] : null;
    var readyMine = ((mySide && mySide.resources) || []).filter(function (r) { return !r.exhausted; })
      .map(function (r) { return r.id; });
    pay.ids = pay.ids.filter(function (id) { return readyMine.indexOf(id) >= 0; });
    function rerender() { render(root, view, ctx); }
    function act(action) {
      if (ctx.readOnly || !ctx.act) return;
      if (pay.on && pay.ids.length && PAYING.indexOf(action.type) >= 0) {
        var sent = {}, key;
        for (key in action) sent[key] = action[key];
        sent.pay = pay.ids.slice();
        pay.ids = [];
        ctx.act(sent);
        return;
      }
      ctx.act(action);
    }
    function nameOf(id) {
      return id in names ? cardName(names[id]) : fmt(t("card {id}"), { id: id });
    }
    function itemName(id) {  // W8.8: a chain item, named by its chain id
      var found = ((view.chain && view.chain.items) || []).filter(function (i) { return i.id === id; })[0];
      var p = found ? found.payload || {} : {};
      return p.name ? cardName(p.name) : fmt(t("chain item {id}"), { id: id });
    }
    function triggerName(id) {  // W9.4: a waiting trigger, by the card it comes from (or its rule)
      var found = (decision.triggers || []).filter(function (x) { return x.item === id; })[0];
      if (!found) return itemName(id);
      return found.card ? cardName(found.card) : t(found.rule || "") || itemName(id);
    }
    function targetSuffix(a) {
      if (a.item !== undefined) return " → " + itemName(a.item);
      return a.target === undefined ? "" : " → " + nameOf(a.target);
    }
    function label(a) {
      switch (a.type) {
        case "play": return t("Play") + targetSuffix(a);
        case "resource": return a.face_up ? t("Place face up (quest)") : t("Place as a resource");
        case "power": return t("Use power") + targetSuffix(a);
        case "complete": return t("Complete the quest");
        case "strike": return t("Strike");
        case "protect": return t("Protect");
        case "discard": return t("Discard");
        case "search": return t("Take this card");  // W18 search
        case "attack": return t("Attack") + " → " + nameOf(a.defender);
        case "keep_cards": return t("Keep") + ": " + a.cards.map(nameOf).join(", ");
        case "order": return t("Next") + ": " + triggerName(a.item);  // W9.4: the controller orders their triggers
        case "target": return t("Target") + ": " + nameOf(a.target);  // W9.4: a trigger chooses its target
        default: return a.type;
      }
    }
    function owns(a, id) {
      return a.card === id || a.weapon === id || a.attacker === id;
    }
    function buttonsFor(id) {
      return legal.filter(function (a) { return owns(a, id); }).map(function (a) {
        return el("button", { type: "button", "class": "wow-act", onclick: function () { act(a); } }, [label(a)]);
      });
    }

    // First pass: learn every visible name by id, so that targets can be named.
    (view.seats || []).forEach(function (side) {
      [side.hero].concat(side.allies || [], side.hero_row || [], side.resources || []).forEach(function (c) {
        if (c && c.card) names[c.id] = c.card;
      });
      if (Array.isArray(side.hand)) side.hand.forEach(function (c) { names[c.id] = c.card; });
      [side.hero].concat(side.allies || [], side.hero_row || []).forEach(function (c) {
        (c && c.attached || []).forEach(function (a) { names[a.id] = a.card; });  // W8.3
      });
    });
    ((view.decision || {}).cards || []).forEach(function (c) { names[c.id] = c.card; });  // W18 search: the searcher's alone

    function cardBox(c, extra) {
      var bits = [];
      if (c.health !== undefined && c.health !== null) {
        bits.push(fmt(t("ATK {atk} · {left}/{health}"), { atk: c.atk, left: c.health - c.damage, health: c.health }));
      }
      if (c.exhausted) bits.push(t("exhausted"));
      if (c["new"]) bits.push(t("new"));
      if (c.token) bits.push(t("token"));  // W3.3
      if (c.shield) bits.push(fmt(t("shield {n}"), { n: c.shield }));
      Object.keys(c.counters || {}).forEach(function (kind) {  // W3.2: public counters of other kinds
        bits.push(fmt(t("{kind} ×{n}"), { kind: kindName(kind, t), n: c.counters[kind] }));
      });
      if (c.flipped) bits.push(t("flipped"));  // W1.7: the back is up
      var controls = [];
      if (pay.on && readyMine.indexOf(c.id) >= 0) {  // W7.5: mark a resource to pay with
        var chosen = pay.ids.indexOf(c.id) >= 0;
        controls.push(el("button", { "class": "wow-pay", "aria-pressed": chosen ? "true" : "false",
          onclick: function () {
            if (chosen) pay.ids.splice(pay.ids.indexOf(c.id), 1); else pay.ids.push(c.id);
            rerender();
          } }, [chosen ? t("Paying with this ✓") : t("Pay with this")]));
      }
      // The card's face (boards/kit.js): name, cost, type, the live numbers and marks, keywords,
      // its whole text on a click; the buttons of what the reader may do with it.
      var box = kit.card(ctx, {
        name: c.card || null, title: c.card ? null : t("face-down card"), stats: bits, controls: buttonsFor(c.id).concat(controls).concat(extra || []),
        "class": "wow-card" + (c.exhausted ? " wow-exhausted" : ""), last: isLast(c.id), target: targeted.indexOf(c.id) >= 0,
      });
      (c.attached || []).forEach(function (a) {  // W3.4, W8.3: attachments lie under their host
        box.appendChild(el("div", { "class": "wow-attached" }, [t("attached:"), cardBox(a)]));
      });
      return box;
    }
    function row(label, cards, key) {  // a zone the rules name (boards/kit.js): title, count, cards
      return kit.zone(ctx, { title: label, cards: cards, key: key, "class": "wow-row" });
    }
    // Legal targets now (highlighted) and the cards of the opponent's last action (marked).
    var targeted = [];
    legal.forEach(function (a) {
      [a.target, a.defender].forEach(function (id) { if (id !== undefined && id !== null) targeted.push(id); });
    });
    function isLast(id) { return kit.isLast(ctx, id); }

    while (root.firstChild) root.removeChild(root.firstChild);
    root.classList.add("rb", "rb-wow");
    var board = el("div", { "class": "wow-board" });
    root.appendChild(board);

    var decision = view.decision || {};
    var banner = [];
    if (view.result) {
      var winner = view.result.winner;
      banner.push(winner === null || winner === undefined ? t("Draw") :
        fmt(t("{name} wins"), { name: (ctx.names || [])[winner] || view.seats[winner].name }));
      banner.push(" (" + t(REASONS[view.result.reason] || view.result.reason) + ")");
    } else {
      banner.push(fmt(t("Turn {turn}"), { turn: view.turn }) + " · " + t(WINDOWS[view.phase] || view.phase));
      if (view.active === 0 || view.active === 1) {
        banner.push(" · " + fmt(t("{name}'s turn"), { name: (ctx.names || [])[view.active] || view.seats[view.active].name }));
      }
      if (decision.kind === "discard") banner.push(" · " + fmt(t("discard {n}"), { n: decision.count }));
      if (decision.kind === "armor") banner.push(" · " + fmt(t("armor against {n} damage?"), { n: decision.amount }));
      if (decision.kind === "search") banner.push(" · " + t("search your deck"));
      if (decision.kind === "armor" && decision.shield) banner.push(" · " + fmt(t("shield {n}"), { n: decision.shield }));
      if (decision.kind === "keep") banner.push(" · " + fmt(t("keep which cards? ({rule})"), { rule: decision.rule }));
      if (decision.kind === "order" || decision.kind === "target") banner.push(" · " + t(WINDOWS[decision.kind]) + " (W9.4)");
      if (pay.on && pay.ids.length) banner.push(" · " + fmt(t("paying with {n} chosen resources"), { n: pay.ids.length }));
    }
    board.appendChild(el("div", { "class": "wow-banner", role: "status", style: "font-weight:bold;margin:4px 0" }, banner));

    var order = view.seat === 1 ? [0, 1] : [1, 0];  // the reader's side at the bottom
    order.forEach(function (index) {
      var side = view.seats[index];
      var mine = view.seat === index;
      var section = el("section", { "class": "wow-side", "aria-label": side.name,
        style: "border-top:2px solid #ccc;padding:4px 0" });
      section.appendChild(el("h2", { "class": "rb-side-title",
        text: side.name + (view.active === index ? " ◆" : "") + " · " +
          fmt(t("deck {deck} · graveyard {grave}"), { deck: side.deck, grave: (side.graveyard || []).length }) +
          (Array.isArray(side.hand) ? "" : " · " + fmt(t("hand {n}"), { n: side.hand })) }));
      section.appendChild(row(t("Hero"), [cardBox(side.hero)].concat((side.hero_row || []).map(function (c) { return cardBox(c); }))));
      section.appendChild(row(t("Allies"), (side.allies || []).map(function (c) { return cardBox(c); }), "allies"));
      section.appendChild(row(t("Resources"), (side.resources || []).map(function (c) { return cardBox(c); }), "resources"));
      if ((side.removed || []).length) {  // W4.2: removed from the game, face up
        section.appendChild(row(t("Removed"), side.removed.map(function (n) { return el("span", { "class": "wow-removed", style: "margin:3px", text: cardName(n) }); })));
      }
      if (Array.isArray(side.hand) && (mine || ctx.readOnly)) {
        section.appendChild(row(t("Hand"), side.hand.map(function (c) { return cardBox(c); }), mine ? "hand" : "hand-seen"));
      }
      board.appendChild(section);
    });
    if (decision.kind === "search" && decision.cards && decision.cards.length) {  // W18: only the searcher gets them
      board.appendChild(row(t("Your deck: found"), decision.cards.map(function (c) { return cardBox(c); })));
    }

    var chain = (view.chain && view.chain.items) || [];
    if (chain.length) {
      var list = el("ol", { "class": "wow-chain", reversed: "reversed" });
      chain.slice().reverse().forEach(function (item) {
        var p = item.payload || {};
        var what = p.kind === "attack" ? fmt(t("attack: {a} → {d}"), { a: nameOf(p.attacker), d: nameOf(p.defender) }) :
          p.kind === "resource" ? t("a resource") + (p.name ? " (" + cardName(p.name) + ")" : "") :
          p.kind === "break_form" ? t("bear form ends") :
          (p.name ? cardName(p.name) : t("an effect")) + (p.item !== undefined ? " → " + itemName(p.item) :
            p.target !== undefined && p.target !== null ? " → " + nameOf(p.target) : "");
        list.appendChild(el("li", { text: ((ctx.names || [])[item.controller] || "") + ": " + what }));
      });
      board.appendChild(el("div", { style: "margin:4px 0" }, [el("strong", { text: t("Chain (top first)") }), list]));
    }
    if (view.combat) {
      board.appendChild(el("div", { "class": "wow-combat", style: "margin:4px 0",
        text: fmt(t("Combat: {a} attacks {d}"), { a: nameOf(view.combat.attacker), d: nameOf(view.combat.defender) }) }));
    }

    // W5.4: the opening hand is kept or shuffled back, as every game's board asks it: a prompt
    // and two buttons, Keep first, with the focus on it.
    var opening = decision.kind === "mulligan" ? legal.filter(function (a) { return a.type === "keep" || a.type === "mulligan"; }) : [];
    if (opening.length) {
      var rule = "W5.4";
      var openingBar = el("div", { "class": "wow-opening", role: "group", "aria-label": t("Your move"),
        style: "display:flex;flex-wrap:wrap;align-items:center;gap:6px 12px;margin:6px 0" });
      openingBar.appendChild(el("p", { "data-testid": "board-prompt", style: "margin:0;font-weight:600;flex:1 1 16rem",
        text: fmt(t("Keep your opening hand, or shuffle it back and draw seven new cards ({rule})."), { rule: rule }) }));
      var first = null;
      ["keep", "mulligan"].forEach(function (type) {
        var a = opening.filter(function (x) { return x.type === type; })[0];
        if (!a) return;
        var b = el("button", { type: "button", "class": type === "keep" ? "btn" : "btn btn-ghost", "data-testid": type,
          onclick: function () { act(a); } }, [fmt(t(type === "keep" ? "Keep ({rule})" : "Mulligan ({rule})"), { rule: rule })]);
        first = first || b;
        openingBar.appendChild(b);
      });
      board.appendChild(openingBar);
      var active = document.activeElement;
      if (first && (hadFocus || !active || active === document.body)) first.focus();
    }

    var loose = legal.filter(function (a) {
      if (opening.indexOf(a) >= 0) return false;  // asked above
      return ["keep", "mulligan", "pass", "no_protect", "armor", "keep_cards", "order", "target"].indexOf(a.type) >= 0 ||
        (a.type === "search" && a.card === undefined);
    });
    var paying = legal.some(function (a) { return PAYING.indexOf(a.type) >= 0; });
    if (loose.length || paying) {
      var bar = el("div", { "class": "wow-decide", style: "display:flex;flex-wrap:wrap;gap:6px;margin:6px 0" });
      loose.forEach(function (a) {
        var text = { keep: t("Keep"), mulligan: t("Mulligan"), pass: t("Pass priority"), no_protect: t("Do not protect"),
          search: t("Find nothing") }[a.type];
        if (a.type === "armor") {
          text = a.cards.length ? t("Use armor") + ": " + a.cards.map(nameOf).join(", ") : t("No armor");
          if (a.before_shields) text += " (" + t("before the shields") + ")";  // W12.5
        }
        if (a.type === "keep_cards" || a.type === "order" || a.type === "target") text = label(a);  // W13.4, W9.4
        bar.appendChild(el("button", { type: "button", onclick: function () { act(a); } }, [text]));
      });
      if (paying && readyMine.length) {  // W7.5: off = automatic payment (the default)
        bar.appendChild(el("button", { type: "button", "class": "wow-pay-mode", "aria-pressed": pay.on ? "true" : "false",
          onclick: function () { pay.on = !pay.on; pay.ids = []; rerender(); } },
          [pay.on ? t("Pay automatically") : t("Choose resources")]));
      }
      board.appendChild(bar);
    }
  }

  // --- the game log (log.js): WoW TCG's events in words (RULES.md, W5–W14) ----------------

  function describeEvent(e, ctx) {
    var t = ctx.t, fmt = ctx.fmt, p = ctx.player(e.seat);
    var c = e.card !== undefined && e.card !== null ? ctx.cardName(e.card) : e.id !== undefined ? ctx.cardName(e.id) : "";
    var on = e.target !== undefined && e.target !== null ? ctx.cardName(e.target) : null;
    switch (e.type) {
      // setup, turn, draw, keep: the shared describer's (log.js)
      case "pass": return e.auto ? null : fmt(t("{p} passes."), { p: p }); // W10.4: the automatic ones are left out
      case "mulligan": return fmt(t("{p} shuffles the hand back and draws a new one (W5.4)."), { p: p });
      case "resource": // W7.1: on the chain, face down unless a quest shown face up
        return e.card ? fmt(t("{p} plays a resource: {card}."), { p: p, card: c }) : fmt(t("{p} plays a face-down resource."), { p: p });
      case "resource_placed":
        return e.card ? fmt(t("{p}'s new resource is in place: {card}."), { p: p, card: c }) : fmt(t("{p}'s new resource is in place."), { p: p });
      case "play":
        return on ? fmt(t("{p} plays {card} on {target}."), { p: p, card: c, target: on }) : fmt(t("{p} plays {card}."), { p: p, card: c });
      case "power": // W9
        return on ? fmt(t("{p} uses the power of {card} on {target}."), { p: p, card: c, target: on })
          : fmt(t("{p} uses the power of {card}."), { p: p, card: c });
      case "complete": return fmt(t("{p} completes the quest {card}."), { p: p, card: c }); // W8.7
      case "enters":
        if (e.host !== undefined) return fmt(t("{card} is attached to {host} ({p})."), { p: p, card: c, host: ctx.cardName(e.host_card) }); // W8.3
        if (e.token) return fmt(t("A {card} token enters play ({p})."), { p: p, card: c }); // W3.3
        return fmt(t("{card} enters play ({p})."), { p: p, card: c });
      case "token_gone": return fmt(t("The {card} token leaves play and ceases to exist (W13.7)."), { card: c });
      case "return_to_hand": return fmt(t("{card} returns to {p}'s hand."), { p: p, card: c });
      case "removed": return fmt(t("{card} ({p}) is removed from the game."), { p: p, card: c });
      case "remove_from_combat": return fmt(t("{card} is removed from combat: no combat damage to or from it."), { card: on || c });
      case "interrupt": // W8.8: an interrupt counters a chain item
        return c ? fmt(t("{card} is interrupted: it leaves the chain with no effect (W8.8)."), { card: c })
          : t("A chain item is interrupted: it leaves the chain with no effect (W8.8).");
      case "searching": return fmt(t("{p} searches their deck."), { p: p }); // W18
      case "search":
        return e.card ? fmt(t("{p} finds {card} in their deck, reveals it and takes it into their hand."), { p: p, card: c })
          : fmt(t("{p} finds nothing in their deck."), { p: p });
      case "shuffle": return fmt(t("{p} shuffles their deck."), { p: p });
      case "reveal": // W18: known to both players from now on
        var shown = ctx.cardNames(e.cards);
        return e.zone === "hand" ? fmt(t("{p} reveals their hand: {cards}."), { p: p, cards: shown || "—" })
          : fmt(t("{p} reveals the top of their deck: {cards}."), { p: p, cards: shown || "—" });
      case "graveyard": return fmt(t("{card} ({p}) goes to the graveyard."), { p: p, card: c });
      case "propose": // W11.1: the attack goes on the chain first
        return fmt(t("{p} proposes an attack: {a} → {d}."), { p: p, a: ctx.cardName(e.attacker), d: ctx.cardName(e.defender) });
      case "attack":
        return fmt(t("Combat: {a} attacks {d}"), {
          a: e.attacker_card ? ctx.cardName(e.attacker_card) : ctx.cardName(e.attacker),
          d: e.defender_card ? ctx.cardName(e.defender_card) : ctx.cardName(e.defender) });
      case "protect": return fmt(t("{p} protects with {card} (W11.4)."), { p: p, card: c });
      case "strike": return fmt(t("{p} strikes with {card} (W11.5)."), { p: p, card: c });
      case "combat_end": return t("The combat ends.");
      case "damage":
        var hurt = on || c;
        if (e.put) return fmt(t("{card} gets damage counters: {n}."), { card: hurt, n: e.amount }); // W12.2
        return e.prevented ? fmt(t("{card} takes {n} damage ({m} prevented)."), { card: hurt, n: e.amount, m: e.prevented })
          : fmt(t("{card} takes {n} damage."), { card: hurt, n: e.amount });
      case "damage_pending": // W12.5: the armor question comes first
        return fmt(t("{card} is about to take {n} damage: armor may be used (W12.5)."), { card: on || c, n: e.amount });
      case "flip": return fmt(t("{p} flips the hero {card}: only its back works now (W1.7)."), { p: p, card: c });
      case "kept": // W13.4: the controller's choice; the others go to the graveyard
        return fmt(t("{p} keeps {cards} ({rule})."), { p: p, rule: e.rule,
          cards: (e.cards || []).map(function (id) { return ctx.cardName(id); }).join(", ") });
      case "heal": return fmt(t("{card} is healed by {n}."), { card: on || c, n: e.amount });
      case "counters": // W3.2: counters of another kind put (amount > 0) or removed
        var kind = kindName(e.kind, t);
        return e.amount > 0 ? fmt(t("{card} gets {kind} counters: {n} (now {total})."), { card: on || c, kind: kind, n: e.amount, total: e.total })
          : fmt(t("{card} loses {kind} counters: {n} (now {total})."), { card: on || c, kind: kind, n: -e.amount, total: e.total });
      case "shield": return fmt(t("{card} is shielded from the next {n} damage (W12.3)."), { card: on || c, n: e.amount });
      case "atk": return fmt(t("{card}: +{n} ATK."), { card: on || c, n: e.amount }); // W12.8
      case "ready": return fmt(t("{card} is readied."), { card: on || c });
      case "exhaust": return fmt(t("{card} is exhausted."), { card: on || c });
      case "interrupted": // W8.8: the target is no longer legal as it resolves
        if (e.attack) return fmt(t("The proposed attack is called off: it is no longer legal ({rule})."), { rule: e.rule }); // W11.1
        return c ? fmt(t("{card} does nothing: its target is no longer legal ({rule})."), { card: c, rule: e.rule })
          : fmt(t("An effect does nothing: its target is no longer legal ({rule})."), { rule: e.rule });
      default: return undefined;
    }
  }

  window.ResponsBoards = window.ResponsBoards || {};
  window.ResponsBoards.wow = { render: render, describeEvent: describeEvent };
})();
