// The Force of Will board (engine/games/fow, docs/ARCHITECTURE.md "Board modules"): both
// players' life, ruler (or J-ruler), stone and main deck counts, the field (magic stones
// apart), the graveyard, the reader's hand and the chase. Click-to-act: every card that a
// legal action names is a button; one action plays at once, several (targets, attack
// targets) open a small list of choices. Actions that name no card (pass, call, Judgment,
// keep) are buttons of their own. Labels go through ctx.t (Russian in djangojs.po).
(function () {
  "use strict";

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      var v = attrs[k];
      if (v === null || v === undefined || v === false) return;
      if (k === "text") node.textContent = v;
      else if (k === "class") node.className = v;
      else node.setAttribute(k, v === true ? "" : v);
    });
    if (tag === "button") node.setAttribute("type", "button");
    (children || []).forEach(function (c) { if (c) node.appendChild(typeof c === "string" ? document.createTextNode(c) : c); });
    return node;
  }

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
    function cardText(name) {
      var data = name && ctx.card ? ctx.card(name) : null;
      return data && data.text ? data.text : "";
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
    var PHASES = { mulligan: t("mulligan"), main: t("main phase"), end: t("end phase"), discard: t("discard down to 7") };
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

    function cardNode(c, extra) {
      var name = cardName(c.card);
      var bits = [];
      if (c.atk !== undefined) bits.push(c.atk + "/" + c.def_left);
      if (c.j_ruler) bits.push(t("J-ruler"));
      if (c.rested) bits.push(t("rested"));
      if (c.new) bits.push(t("new"));
      if (c.equips !== undefined) bits.push(fmt(t("equips {name}"), { name: cardName(byId[c.equips]) }));
      var label = name + (bits.length ? " (" + bits.join(", ") + ")" : "") + (extra || "");
      var actions = forCard[c.id] || [];
      if (!actions.length) return el("li", { "class": "fow-card" + (c.rested ? " is-rested" : ""), title: cardText(c.card), text: label });
      var b = el("button", { "class": "btn btn-small fow-card", title: cardText(c.card), text: label,
        "aria-label": label + ": " + actions.map(actionText).join("; ") });
      b.addEventListener("click", function () { if (actions.length === 1) ctx.act(actions[0]); else showChoices(actions); });
      return el("li", {}, [b]);
    }

    function list(title, cards) {
      var ul = el("ul", { "class": "fow-list", style: "display:flex;flex-wrap:wrap;gap:.25rem;list-style:none;padding:0" });
      cards.forEach(function (c) { ul.appendChild(cardNode(c)); });
      if (!cards.length) ul.appendChild(el("li", { "class": "muted", text: t("empty") }));
      return el("div", { "class": "fow-zone" }, [el("h4", { text: title + " (" + cards.length + ")" }), ul]);
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
      ].join(" · ") });
      var field = seat.field || [];
      var section = el("section", { "class": "fow-seat" + (s === ctx.seat ? " is-mine" : ""), "data-side": String(s), "aria-label": title }, [
        el("h3", { text: title }), head,
        forCard[ruler.id] && ruler.zone !== "field" ? el("ul", { style: "list-style:none;padding:0" }, [cardNode({ id: ruler.id, card: ruler.card, rested: ruler.rested }, "")]) : el("p", { text: rulerLine }),
        list(t("Field"), field.filter(function (c) { return !(ctx.card && ctx.card(c.card) && ctx.card(c.card).type === "magic_stone"); })),
        list(t("Magic stones"), field.filter(function (c) { return ctx.card && ctx.card(c.card) && ctx.card(c.card).type === "magic_stone"; })),
        Array.isArray(seat.hand) ? list(t("Hand"), seat.hand) : null,
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
      chaseList.appendChild(el("li", { text: fmt(t("{what} ({name})"), { what: what, name: names[item.controller] || item.controller }) + " · #" + item.id }));
    });
    root.appendChild(el("section", { "class": "fow-shared", "aria-label": t("The chase") }, [
      el("h3", { text: t("The chase") + (chase.length ? "" : " · " + t("empty")) }), chaseList,
      view.battle ? el("p", { text: fmt(t("Battle: {attacker} attacks {target}"), {
        attacker: cardName(byId[view.battle.attacker]),
        target: view.battle.target === null ? t("the player") : cardName(byId[view.battle.target]) }) }) : null,
      el("p", { "class": "muted", text: fmt(t("Turn {n} · {phase}"), { n: view.turn, phase: PHASES[view.phase] || view.phase || "" }) }),
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

  window.ResponsBoards = window.ResponsBoards || {};
  window.ResponsBoards["fow"] = { render: render };
})();
