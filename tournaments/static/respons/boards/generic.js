// The fallback board for a game without its own module (docs/ARCHITECTURE.md, "Board modules"):
// the view's zones of cards as the toolkit's zones of card faces (boards/kit.js: the text on
// click, the opponent's last move and the legal targets marked), its other lists as lists, its
// counters as plain values, and each legal action as a button labelled with the engine's own
// words for it (describe_action, ctx.described).
(function () {
  "use strict";

  var MAX_DEPTH = 4;

  var kit = window.RespBoard, h = kit.el; // the board toolkit (boards/kit.js)
  var aimed = []; // what the legal actions being drawn aim at (ids or names)

  // "hand_size" -> "Hand size": the view's keys are the engine's own words.
  function label(key) {
    var s = String(key).replace(/_/g, " ");
    return s.charAt(0).toUpperCase() + s.slice(1);
  }

  function cardName(ctx, id) {
    var c = ctx.card ? ctx.card(id) : null;
    return c && c.name ? c.name : String(id);
  }

  // A value of the view as text, when it is one: a card's name for a card, the number, the word.
  function plain(ctx, key, value) {
    if (value === null || value === undefined) return "–";
    if (typeof value === "boolean") return value ? "✓" : "–";
    if (typeof value === "number") return String(value);
    if (typeof value === "string") return /card|hero|name/.test(key) && key !== "name" ? cardName(ctx, value) : value;
    if (typeof value === "object" && !Array.isArray(value) && typeof value.card === "string") {
      var rest = Object.keys(value).filter(function (k) { return k !== "card" && (typeof value[k] !== "object" || value[k] === null); });
      return cardName(ctx, value.card) + (rest.length ? " (" + rest.map(function (k) { return label(k) + " " + plain(ctx, k, value[k]); }).join(", ") + ")" : "");
    }
    return null;
  }

  // A card of the view: a known card's name, or an object naming one ("card": a name, or null
  // for a face-down card) with what it carries.
  function isCard(ctx, item) {
    if (typeof item === "string") return !!(ctx.card && ctx.card(item));
    return !!item && typeof item === "object" && !Array.isArray(item) && "card" in item &&
      (item.card === null || typeof item.card === "string");
  }

  // A card's face: its numbers as stats, its flags and words as marks.
  function face(ctx, item) {
    if (typeof item === "string") return kit.card(ctx, { name: item, last: kit.isLast(ctx, item), target: aimed.indexOf(item) >= 0 });
    var stats = [], marks = [];
    Object.keys(item).forEach(function (k) {
      var v = item[k];
      if (k === "card" || k === "id") return;
      if (typeof v === "number") stats.push(label(k) + " " + v);
      else if (v === true) marks.push(label(k));
      else if (typeof v === "string") marks.push(label(k) + " " + plain(ctx, k, v));
    });
    var key = item.id !== undefined && item.id !== null ? item.id : item.card;
    return kit.card(ctx, { name: item.card || null, stats: stats, marks: marks, last: kit.isLast(ctx, key),
      target: key !== null && aimed.indexOf(key) >= 0, attrs: { "data-id": item.id === undefined ? null : String(item.id) } });
  }

  function zone(ctx, key, value, depth) {
    if (Array.isArray(value) && value.length && value.every(function (item) { return isCard(ctx, item); })) {
      return kit.zone(ctx, { title: label(key), key: key, cards: value.map(function (item) { return face(ctx, item); }) });
    }
    if (isCard(ctx, value)) return kit.zone(ctx, { title: label(key), key: key, cards: [face(ctx, value)] });
    if (Array.isArray(value)) {
      var list = h("ul", { "class": "generic-list" });
      value.forEach(function (item) {
        var text = typeof item === "string" ? cardName(ctx, item) : plain(ctx, key, item);
        list.appendChild(text !== null ? h("li", { text: text }) : h("li", {}, [fields(ctx, item, depth + 1)]));
      });
      if (!value.length) list.appendChild(h("li", { "class": "muted", text: ctx.t("empty") }));
      return h("div", { "class": "generic-zone" }, [h("h4", { text: label(key) + " (" + value.length + ")" }), list]);
    }
    return h("div", { "class": "generic-zone" }, [h("h4", { text: label(key) }), fields(ctx, value, depth + 1)]);
  }

  function fields(ctx, obj, depth) {
    var box = h("div", { "class": "generic-fields" });
    if (obj === null || typeof obj !== "object" || depth > MAX_DEPTH) {
      box.textContent = obj === null || obj === undefined ? "–" : typeof obj === "object" ? JSON.stringify(obj) : String(obj);
      return box;
    }
    var dl = h("dl", { "class": "generic-values" }), zones = [];
    Object.keys(obj).forEach(function (key) {
      var value = obj[key], text = isCard(ctx, value) && key !== "name" ? null : plain(ctx, key, value);
      if (text !== null) dl.appendChild(h("div", {}, [h("dt", { text: label(key) }), h("dd", { text: text })]));
      else zones.push(zone(ctx, key, value, depth));
    });
    if (dl.children.length) box.appendChild(dl);
    zones.forEach(function (z) { box.appendChild(z); });
    return box;
  }

  function actionText(ctx, action, index) {
    var said = ctx.described && ctx.described[index];
    if (said) return said;
    var parts = [label(action.type || "?")];
    if (typeof action.card === "string") parts.push(cardName(ctx, action.card));
    return parts.join(": ");
  }

  function render(root, view, ctx) {
    view = view || {};
    root.textContent = "";
    root.classList.add("rb", "rb-generic");
    var names = ctx.names || [];
    var seats = Array.isArray(view.seats) ? view.seats : [];
    var shared = {};
    aimed = [];
    (ctx.readOnly ? [] : ctx.legal || []).forEach(function (a) {
      [a.target].concat(Array.isArray(a.targets) ? a.targets : []).forEach(function (x) {
        if (typeof x === "number" || typeof x === "string") aimed.push(x);
      });
    });
    Object.keys(view).forEach(function (k) { if (k !== "seats" && k !== "viewer") shared[k] = view[k]; });
    root.appendChild(h("section", { "class": "generic-shared", "aria-label": ctx.t("The game") }, [fields(ctx, shared, 0)]));
    seats.forEach(function (seatView, s) {
      var title = names[s] || ctx.fmt(ctx.t("Seat {n}"), { n: s });
      root.appendChild(h("section", { "class": "generic-seat" + (s === ctx.seat ? " is-mine" : ""), "data-side": String(s), "aria-label": title }, [
        h("h3", { text: title + (s === ctx.seat ? " · " + ctx.t("you") : "") }),
        fields(ctx, seatView, 0),
      ]));
    });
    var legal = ctx.readOnly ? [] : ctx.legal || [];
    if (legal.length) {
      var box = h("div", { "class": "generic-actions", role: "group", "aria-label": ctx.t("Your move") });
      legal.forEach(function (action, i) {
        var b = h("button", { "class": "btn btn-small", "data-testid": "generic-action", text: actionText(ctx, action, i) });
        b.addEventListener("click", function () { ctx.act(action); });
        box.appendChild(b);
      });
      root.appendChild(box);
    }
  }

  window.ResponsBoards = window.ResponsBoards || {};
  window.ResponsBoards.generic = { render: render };
})();
