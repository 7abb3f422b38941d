/* Your War board module (engine/games/yourwar): draws the engine's observation, judge or
 * spectator view and builds the game's actions (common.md, "Per-game board modules").
 *
 * Plain ES5, no dependencies. Every control is a <button> with a text label; rows wrap and
 * scroll inside the board so that it fits a 390 px screen. Structured decisions are built
 * here and validated whole by the engine: the defender's blocks (pairs picked blocker then
 * attacker) and the attacker's damage split (Y7.6, +/- per blocker). Targets: a card with
 * several legal targets asks for one (units, then players).
 */
(function () {
  "use strict";

  var kit = window.RespBoard, el = kit.el;  // the board toolkit (boards/kit.js)

  // The engine's phase words (Y5, Y7) in the reader's language.
  var PHASES = { opening: "Opening hands", initial: "Initial phase", block: "Blocks", intervene: "Intervention",
    assign: "Damage assignment", final: "Final phase", discard: "Discard down to the hand limit", over: "Game over" };
  var VERBS = { play: "Play", build: "Build a base", discard: "Discard" };

  var ROW = "display:flex;flex-wrap:wrap;gap:4px;margin:4px 0;max-width:100%;";

  function render(root, view, ctx) {
    var t = ctx.t || function (s) { return s; };
    var fmt = ctx.fmt || function (s, v) {
      return s.replace(/\{(\w+)\}/g, function (m, k) { return v[k] === undefined ? m : v[k]; });
    };
    var legal = ctx.seat === null || ctx.readOnly ? [] : ctx.legal || [];
    var state = root._yourwar || (root._yourwar = { seq: null, picking: null, blocks: [], split: null });
    var decision = view.decision || {};
    if (state.seq !== decision.seq) {
      state.seq = decision.seq;
      state.picking = null;
      state.blocks = [];
      state.split = null;
    }
    var me = ctx.seat === null || ctx.seat === undefined ? 0 : ctx.seat;

    // A seat by the site's name for it (a practice game's bot by its game), else the view's.
    function seatName(seat) {
      return (ctx.names && ctx.names[seat]) || view.seats[seat].name;
    }
    function name(card) {
      var data = ctx.card ? ctx.card(card) : null;
      return (data && data.name) || card;
    }
    function act(action) {
      if (!ctx.readOnly) ctx.act(action);
    }
    function matching(test) {
      return legal.filter(test);
    }
    function unitById(id) {
      var found = null;
      view.seats.forEach(function (side) {
        side.field.forEach(function (u) { if (u.id === id) found = u; });
      });
      return found;
    }
    function targetLabel(target) {
      if (target === undefined) return t("no target");
      if (typeof target === "object") return fmt(t("player {name}"), { name: seatName(target.seat) });
      var unit = unitById(target);
      if (unit) return name(unit.card);
      var label = String(target);
      view.seats.forEach(function (side) {
        side.support.forEach(function (s) { if (s.id === target) label = name(s.card); });
      });
      return label;
    }
    // Several legal actions for one card (targets): ask which; one: send it.
    function choose(options, title) {
      if (options.length === 1) return act(options[0]);
      ask(title, options.map(function (a) { return { label: targetLabel(a.target), action: a }; }));
    }
    function ask(title, items) {
      state.picking = { title: title, items: items };
      redraw();
    }
    function redraw() {
      render(root, view, ctx);
    }

    // Legal targets now (highlighted) and the cards of the opponent's last action (marked).
    var targeted = [];
    legal.forEach(function (a) {
      [a.target, a.unit].forEach(function (id) { if (typeof id === "number" && a.type !== "attack") targeted.push(id); });
    });

    while (root.firstChild) root.removeChild(root.firstChild);
    root.classList.add("rb", "rb-yourwar");
    var phase = view.result ? t("game over") : t(PHASES[view.phase] || view.phase || "");
    root.appendChild(el("p", { "class": "yw-status" }, [
      fmt(t("Turn {turn}, {phase}"), { turn: view.turn, phase: phase }),
      view.active === 0 || view.active === 1 ? " · " + fmt(t("{name}'s turn"), { name: seatName(view.active) }) : "",
    ]));
    var asked = promptText();
    if (asked) root.appendChild(kit.prompt(asked));

    var order = me === 1 ? [0, 1] : [1, 0];
    order.forEach(function (seat) {
      root.appendChild(drawSide(seat));
    });

    if (state.picking) {
      var pick = state.picking;
      root.appendChild(kit.picker(ctx, {
        label: pick.title,
        choices: pick.items.map(function (item) {
          return { text: item.label, pick: function () { state.picking = null; act(item.action); } };
        }),
        cancel: function () { state.picking = null; redraw(); },
      }));
    }

    // What the reader is asked now, in words (Y5, Y7).
    function promptText() {
      if (!legal.length) return "";
      var kind = decision.kind;
      if (kind === "block") return t("Choose your blockers: a unit of yours, then the attacker it blocks (Y7.3).");
      if (kind === "assign") return t("Split each attacker's damage among its blockers (Y7.6).");
      if (view.phase === "discard") return t("Discard down to the hand limit (Y5.6).");
      if (view.phase === "opening") return t("Keep your opening hand or redeal it (Y4.3).");
      return t("Play cards, build a base, attack or end the phase (Y5.1).");
    }

    // The decision's own answers that are not a card's: keep, redeal, end, proceed.
    var simple = matching(function (a) {
      return a.type === "keep" || a.type === "redeal" || a.type === "end" || a.type === "proceed";
    });
    var words = { keep: t("Keep the hand"), redeal: t("Redeal"), end: t("End the phase"), proceed: t("Go on to damage") };
    if (simple.length) {
      root.appendChild(el("div", { style: ROW }, simple.map(function (a) {
        var label = words[a.type];
        if (a.type === "redeal") label = fmt(t("Redeal ({count} cards)"), { count: decision.redeal_deals });
        return el("button", { "class": "btn btn-small", text: label, onclick: function () { act(a); } });
      })));
    }
    if (decision.kind === "block" && legal.length) root.appendChild(drawBlocks());
    if (decision.kind === "assign" && legal.length) root.appendChild(drawSplit());

    function drawSide(seat) {
      var side = view.seats[seat];
      var box = el("section", {
        "aria-label": seatName(seat),
        style: "border:1px solid #ccc;border-radius:6px;padding:4px;margin:4px 0;overflow-x:auto;max-width:100%;box-sizing:border-box;"
      });
      var free = side.bases.filter(function (b) { return !b.used; }).length;
      box.appendChild(el("h2", { "class": "rb-side-title",
        text: fmt(t("{name}: health {health}, hand {hand}, deck {deck}, bases {free}/{bases}"), {
          name: seatName(seat), health: side.health, hand: side.hand_size, deck: side.deck_size,
          free: free, bases: side.bases.length
        })
      }));
      box.appendChild(kit.zone(ctx, { title: t("Field"), key: "field",
        cards: side.field.map(function (unit) { return drawUnit(seat, unit); }) }));
      if (side.support.length) {
        box.appendChild(kit.zone(ctx, { title: t("Support"), key: "support", cards: side.support.map(function (card) {
          return cardButton(card, card.icon_used ? [t("used") + " ⟳"] : []);
        }) }));
      }
      if (side.hand) {
        box.appendChild(kit.zone(ctx, { title: t("Hand"), key: seat === ctx.seat ? "hand" : "hand-seen", cards: side.hand.map(function (card) {
          var controls = ["play", "build", "discard"].map(function (type) {
            var options = matching(function (a) { return a.type === type && a.card === card; });
            if (!options.length) return null;
            return el("button", { "class": "btn btn-small", text: t(VERBS[type]),
              "aria-label": t(VERBS[type]) + ": " + name(card), onclick: function () { choose(options, name(card)); } });
          }).filter(Boolean);
          return kit.card(ctx, { name: card, controls: controls, "class": controls.length ? "is-playable" : "" });
        }) }));
      }
      if (side.destroyed.length) {
        var pile = el("details", {}, [el("summary", { text: fmt(t("Destroyed: {count}"), { count: side.destroyed.length }) })]);
        pile.appendChild(el("div", { style: ROW }, side.destroyed.map(function (card) {
          return cardButton(card, []);
        })));
        box.appendChild(pile);
      }
      return box;
    }

    function cardButton(card, marks) {
      var uses = matching(function (a) { return a.type === "use" && a.card === card.id; });
      var label = name(card.card);
      return kit.card(ctx, { name: card.card, marks: marks, last: kit.isLast(ctx, card.id), target: targeted.indexOf(card.id) >= 0,
        controls: uses.length ? [el("button", { "class": "btn btn-small", text: t("use"), "aria-label": t("use") + ": " + label,
          onclick: function () { choose(uses, label); } })] : [] });
    }

    function drawUnit(seat, unit) {
      var marks = [];
      if (unit.used) marks.push(t("used"));
      if (unit.sick) marks.push(t("new"));
      if (unit.attacking) marks.push(t("attacking"));
      if (unit.blocking !== undefined) marks.push(fmt(t("blocks {card}"), { card: targetLabel(unit.blocking) }));
      if (unit.guarding !== undefined) marks.push(fmt(t("guards {card}"), { card: targetLabel(unit.guarding) }));
      var stats = [unit.attack + "/" + unit.defense + (unit.damage ? " (−" + unit.damage + ")" : "")];
      var attack = matching(function (a) { return a.type === "attack" && a.unit === unit.id; });
      var uses = matching(function (a) { return a.type === "use" && a.card === unit.id; });
      var guards = matching(function (a) { return a.type === "guard" && a.colonel === unit.id; });
      var buttons = [];
      if (attack.length) buttons.push(el("button", { type: "button", text: t("Attack"), onclick: function () { act(attack[0]); } }));
      if (uses.length) buttons.push(el("button", { type: "button", text: t("use"), onclick: function () { choose(uses, name(unit.card)); } }));
      if (guards.length) {
        buttons.push(el("button", {
          type: "button", text: t("Bodyguard"),
          onclick: function () {
            ask(t("Bodyguard"), guards.map(function (g) { return { label: targetLabel(g.unit), action: g }; }));
          }
        }));
      }
      if (decision.kind === "block" && legal.length) {
        if (seat === me && !unit.used && !inBlocks(unit.id)) {
          buttons.push(el("button", {
            type: "button", "aria-pressed": state.blocker === unit.id ? "true" : "false",
            text: t("Block with"), onclick: function () { state.blocker = unit.id; redraw(); }
          }));
        }
        if (seat !== me && unit.attacking && state.blocker !== undefined && state.blocker !== null) {
          buttons.push(el("button", {
            type: "button", text: t("Block this"),
            onclick: function () { state.blocks.push([state.blocker, unit.id]); state.blocker = null; redraw(); }
          }));
        }
      }
      return kit.card(ctx, { name: unit.card, stats: stats, marks: marks, controls: buttons,
        last: kit.isLast(ctx, unit.id), target: targeted.indexOf(unit.id) >= 0 });
    }

    function inBlocks(id) {
      return state.blocks.some(function (pair) { return pair[0] === id; });
    }

    function drawBlocks() {
      var rows = state.blocks.map(function (pair) {
        return el("li", { text: fmt(t("{blocker} blocks {attacker}"), { blocker: targetLabel(pair[0]), attacker: targetLabel(pair[1]) }) });
      });
      return el("div", { role: "group", "aria-label": t("Blocks"), style: "margin:4px 0;" }, [
        el("ul", {}, rows),
        el("div", { style: ROW }, [
          el("button", {
            type: "button", text: state.blocks.length ? t("Confirm blocks") : t("No blocks"),
            onclick: function () { act({ type: "block", blocks: state.blocks }); }
          }),
          el("button", { type: "button", text: t("Reset"), onclick: function () { state.blocks = []; state.blocker = null; redraw(); } })
        ])
      ]);
    }

    function drawSplit() {
      var base = legal.filter(function (a) { return a.type === "assign"; })[0];
      if (!state.split) state.split = JSON.parse(JSON.stringify(base.split));
      // Each blocker's share in the kit's count picker (boards/kit.js): the attacker's damage
      // stays whole (Y7.6), so a share grows by what the attacker's next blocker gives up.
      var rows = state.split.map(function (triple, index) {
        var total = 0;
        state.split.forEach(function (other) { if (other[0] === triple[0]) total += other[2]; });
        function change(value) {
          var delta = value - triple[2];
          if (value < 0 || value > total) return;
          for (var i = 1; i < state.split.length; i++) {
            var other = state.split[(index + i) % state.split.length];
            if (other[0] === triple[0] && other[2] - delta >= 0) {
              other[2] -= delta;
              triple[2] = value;
              break;
            }
          }
          redraw();
        }
        var what = fmt(t("{attacker} to {blocker}"), { attacker: targetLabel(triple[0]), blocker: targetLabel(triple[1]) });
        return el("div", { style: ROW, "class": "yw-split" }, [
          el("span", { text: what }),
          kit.counter(ctx, { label: what, value: triple[2], min: 0, max: total, change: change }),
        ]);
      });
      return el("div", { role: "group", "aria-label": t("Damage split") }, rows.concat([
        el("button", { type: "button", text: t("Confirm damage"), onclick: function () { act({ type: "assign", split: state.split }); } })
      ]));
    }
  }

  // --- the game log (log.js): Your War's events in words (RULES.md, Y4–Y9) ----------------

  function describeEvent(e, ctx) {
    var t = ctx.t, fmt = ctx.fmt, p = ctx.player(e.seat), c = e.card !== undefined ? ctx.cardName(e.card) : "";
    switch (e.type) {
      case "setup": return fmt(t("Game {n}: the decks are shuffled."), { n: ctx.game });
      case "first": return fmt(t("Game {n} begins: {p} goes first."), { n: ctx.game, p: p }); // Y4.2
      case "draw":
        if (e.cards && e.cards.length) return fmt(t("{p} draws: {cards}."), { p: p, cards: ctx.cardNames(e.cards) });
        return e.count === 1 ? fmt(t("{p} draws a card."), { p: p }) : fmt(t("{p} draws cards: {count}."), { p: p, count: e.count || 0 });
      case "keep": return fmt(t("{p} keeps the opening hand."), { p: p });
      case "redeal": return fmt(t("{p} redeals the hand (redeal {n}, Y4.3)."), { p: p, n: e.redeals });
      case "turn": return { head: fmt(t("Turn {n} — {p}"), { n: e.turn, p: p }) };
      case "build": return fmt(t("{p} builds a base: {card}."), { p: p, card: c }); // Y6.1
      case "play":
        if (e.zone === "field") return fmt(t("{p} brings {card} into play."), { p: p, card: c });
        if (e.zone === "support") return fmt(t("{p} puts {card} into the support area."), { p: p, card: c });
        return fmt(t("{p} plays {card}."), { p: p, card: c });
      case "use": return fmt(t("{p} uses {card}."), { p: p, card: c });
      case "attack": return fmt(t("{p} sends {card} to attack."), { p: p, card: c }); // Y7.1
      case "combat":
        return { head: fmt(t("Combat: {p} attacks with {cards}"), { p: p, cards: ctx.cardNames(e.attackers) }), sub: true };
      case "guard": // a colonel's bodyguard
        return fmt(t("{p}: {unit} guards {card}."), { p: p, unit: ctx.cardName(e.unit), card: ctx.cardName(e.colonel) });
      case "blocks": // Y7.2
        if (!e.blocks || !e.blocks.length) return fmt(t("{p} does not block."), { p: p });
        return fmt(t("{p} blocks: {blocks}."), { p: p, blocks: e.blocks.map(function (b) {
          return fmt(t("{blocker} blocks {attacker}"), { blocker: ctx.cardName(b[0]), attacker: ctx.cardName(b[1]) });
        }).join("; ") });
      case "damage": return fmt(t("{card} takes {n} damage."), { card: c, n: e.amount }); // Y7.7
      case "hit": return fmt(t("{p} takes {n} damage: health {health}."), { p: p, n: e.amount, health: e.health }); // Y7.4
      case "heal": return fmt(t("{p} gains {n} health: health {health}."), { p: p, n: e.amount, health: e.health });
      case "destroyed": return fmt(t("{card} ({p}) is destroyed."), { p: p, card: c }); // Y7.9
      case "discard": return fmt(t("{p} discards {card}."), { p: p, card: c }); // Y5.6
      case "returned": return fmt(t("{card} returns to {p}'s hand."), { p: p, card: c });
      case "boost":
        if (e.attack) return fmt(t("{card}: +{n} attack until the end of the turn."), { card: ctx.cardName(e.target), n: e.attack });
        return fmt(t("{card}: +{n} defense until the end of the turn."), { card: ctx.cardName(e.target), n: e.defense || 0 });
      case "untap":
        if (e.target !== undefined) return fmt(t("{p}: {card} is available again."), { p: p, card: ctx.cardName(e.target) });
        return fmt(t("{p}: bases available again: {n}."), { p: p, n: e.bases || 0 });
      default: return undefined;
    }
  }

  window.ResponsBoards = window.ResponsBoards || {};
  window.ResponsBoards.yourwar = { render: render, describeEvent: describeEvent };
})();
