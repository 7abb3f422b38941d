// The board toolkit every board module draws with (docs/ARCHITECTURE.md, "Board modules"):
// window.RespBoard, loaded before the game's module on the play page, the judges' viewer and
// the spectators' pages. It holds what every board shares, so a module keeps only its game's
// own layout: the element builder, a card's face (name, cost, type, stats, keywords, its
// whole text behind a disclosure that opens by click, tap or keyboard), a zone (title, count,
// cards), a target picker, a count picker, the prompt line, and the card summary a page hands
// to ctx.card. Plain ES5, no dependencies, no build step; styled by boards/kit.css.
(function () {
  "use strict";

  // An element with attributes and children. An absent attribute (null, undefined, false) is
  // not set: setAttribute would write the word, and disabled="null" disables a button all the
  // same. "text", "class" and "style" (a CSS string) are set as such, "on<event>" functions
  // are listeners, a button is type="button" unless told; children may be strings, elements,
  // nested arrays or falsy (left out).
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    var key, v;
    attrs = attrs || {};
    for (key in attrs) {
      if (!Object.prototype.hasOwnProperty.call(attrs, key)) continue;
      v = attrs[key];
      if (v === null || v === undefined || v === false) continue;
      if (key === "text") node.textContent = v;
      else if (key === "class") node.className = v;
      else if (key === "style") node.style.cssText = v;
      else if (key.indexOf("on") === 0 && typeof v === "function") node.addEventListener(key.slice(2), v);
      else node.setAttribute(key, v === true ? "" : v);
    }
    if (tag === "button" && !node.hasAttribute("type")) node.setAttribute("type", "button");
    append(node, children);
    return node;
  }
  function append(node, children) {
    (children || []).forEach(function (c) {
      if (Array.isArray(c)) append(node, c);
      else if (c || c === 0) node.appendChild(typeof c === "object" ? c : document.createTextNode(String(c)));
    });
  }

  function same(s) { return s; }
  function fill(text, values) {
    return String(text).replace(/\{(\w+)\}/g, function (m, k) { return values && k in values ? values[k] : m; });
  }
  function tOf(ctx) { return (ctx && ctx.t) || same; }
  function fmtOf(ctx) { return (ctx && ctx.fmt) || fill; }

  // The card summary of the page's card data (selectors/play.py, play_cards) as ctx.card gives it.
  function cardData(cards, name) {
    var c = cards && cards[name];
    if (!c) return null;
    return {
      name: c.n, type: c.t, cost: c.c, factions: c.f || [], text: c.x, strength: c.s,
      durability: c.d, influence: c.i, legendary: !!c.l, action: c.a, keywords: c.k || [], stats: c.st || {},
    };
  }

  // The card sets' words for a card type, a keyword and a will attribute, in English (the
  // reader's language through ctx.t); a word not listed is shown as written.
  var TYPES = { hero: "Hero", unit: "Unit", spell: "Spell", trap: "Trap", enhancement: "Enhancement",
    location: "Location", order: "Order", ally: "Ally", ability: "Ability", armor: "Armor", item: "Item", quest: "Quest",
    weapon: "Weapon", ruler: "Ruler", resonator: "Resonator", chant: "Chant", addition: "Addition", regalia: "Regalia",
    magic_stone: "Magic stone", event: "Event", phenomenon: "Phenomenon", shadow: "Shadow", terrain: "Terrain",
    thoughtform: "Thoughtform", artillery: "Artillery", base: "Base", medal: "Medal", support: "Support" };
  var KEYWORDS = { bear_form: "Bear form", colonel: "Colonel", elusive: "Elusive", fast: "Fast", feral: "Feral",
    ferocity: "Ferocity", flying: "Flying", instant: "Instant", leader: "Leader", long_range: "Long range", melee: "Melee",
    off_hand: "Off-hand", ongoing: "Ongoing", protector: "Protector", quickcast: "Quickcast", ranged: "Ranged",
    stealth: "Stealth", swiftness: "Swiftness", totem: "Totem", two_handed: "Two-handed", unique: "Unique",
    unlimited: "Unlimited" };
  var WILL = { light: "light", fire: "fire", water: "water", wind: "wind", darkness: "darkness" };
  function typeName(ctx, type) {
    if (!type) return "";
    var t = tOf(ctx), word = TYPES[type];
    return word ? t(word) : String(type).replace(/_/g, " ");
  }
  // "leader 1" -> "Leader 1": the word through the catalog, its number as printed.
  function keywordName(ctx, keyword) {
    var t = tOf(ctx), m = String(keyword).match(/^(\S+)(\s+.*)?$/), word = m ? KEYWORDS[m[1]] : null;
    return word ? t(word) + (m[2] || "") : String(keyword).replace(/_/g, " ");
  }

  // A cost as printed: a number, or a will cost by attribute ({"light": 1, "any": 1}: "1 light + 1").
  function costText(ctx, cost) {
    var t = tOf(ctx);
    if (cost === null || cost === undefined || cost === "") return "";
    if (typeof cost === "object") {
      return Object.keys(cost).map(function (k) { return cost[k] + (WILL[k] ? " " + t(WILL[k]) : ""); }).join(" + ");
    }
    return String(cost);
  }

  // The printed numbers of a card, in words the reader knows.
  function printedStats(ctx, data) {
    var t = tOf(ctx), out = [], st = (data && data.stats) || {};
    if (!data) return out;
    if (data.strength !== undefined && data.strength !== null) out.push(t("Strength") + " " + data.strength);
    if (data.durability !== undefined && data.durability !== null) out.push(t("Durability") + " " + data.durability);
    if (st.atk !== undefined) out.push(t("ATK") + " " + st.atk);
    if (st.def !== undefined) out.push(t("DEF") + " " + st.def);
    if (st.health !== undefined) out.push(t("Health") + " " + st.health);
    return out;
  }

  // A card drawn as a card: name and cost on top, type, stats (the live ones the board passes,
  // else the printed ones), keywords and marks, and the card's whole text behind a disclosure
  // (a <details>: opens by click, tap, Enter or Space, never by hover alone). opts: name (the
  // card's canonical name, for ctx.card), title (a name to show instead, e.g. a face-down card),
  // stats (strings), marks (strings: exhausted, new...), last (the opponent's last action named
  // it), target (a legal target now), tag ("div" or "li"), class, controls (elements, e.g. the
  // buttons of its actions), attrs (more attributes of the face).
  function card(ctx, opts) {
    var t = tOf(ctx);
    var data = opts.name && ctx && ctx.card ? ctx.card(opts.name) : null;
    var title = opts.title || (data && data.name) || opts.name || t("face-down card");
    var cost = data ? costText(ctx, data.cost) : "";
    var stats = opts.stats && opts.stats.length ? opts.stats : printedStats(ctx, data);
    var words = [].concat(data && data.keywords ? data.keywords.map(function (k) { return keywordName(ctx, k); }) : [], opts.marks || []);
    var cls = "rb-card" + (opts["class"] ? " " + opts["class"] : "") + (opts.last ? " rb-last" : "") +
      (opts.target ? " rb-target" : "") + (data ? "" : " rb-card-blank");
    var attrs = { "class": cls, "data-card": opts.name || null };
    Object.keys(opts.attrs || {}).forEach(function (k) { attrs[k] = opts.attrs[k]; });
    var face = el(opts.tag || "div", attrs, [
      el("div", { "class": "rb-card-head" }, [
        el("span", { "class": "rb-card-name", text: title }),
        cost ? el("span", { "class": "rb-card-cost", title: t("Cost"), "aria-label": t("Cost") + " " + cost, text: cost }) : null,
      ]),
      data && data.type ? el("div", { "class": "rb-card-type", text: typeName(ctx, data.type) }) : null,
      stats.length ? el("div", { "class": "rb-card-stats", text: stats.join(" · ") }) : null,
      words.length ? el("div", { "class": "rb-card-words", text: words.join(" · ") }) : null,
      opts.last ? el("div", { "class": "rb-card-last", text: t("last played") }) : null,
    ]);
    if (data && data.text) face.appendChild(details(ctx, title, data.text));
    if (opts.controls && opts.controls.length) face.appendChild(el("div", { "class": "rb-card-controls" }, opts.controls));
    return face;
  }

  // A card's whole text, folded: the summary is a real control reachable by Tab.
  function details(ctx, title, text) {
    var t = tOf(ctx);
    return el("details", { "class": "rb-card-text" }, [
      el("summary", { "aria-label": fmtOf(ctx)(t("Text of {card}"), { card: title }), text: t("Text") }),
      el("p", { text: text }),
    ]);
  }

  // A zone the rules name: its title, how many cards it holds and the cards (or only the count
  // when its cards are hidden).
  function zone(ctx, opts) {
    var cards = opts.cards || [];
    var count = opts.count !== undefined && opts.count !== null ? opts.count : cards.length;
    // A group, not a landmark: both sides have zones of the same names. Its title is a heading
    // under the side's (h2).
    return el("div", { "class": "rb-zone" + (opts["class"] ? " " + opts["class"] : ""), role: "group",
      "aria-label": opts.title, "data-zone": opts.key || null }, [
      el("h3", { "class": "rb-zone-title" }, [opts.title, " ", el("span", { "class": "rb-zone-count", text: "(" + count + ")" })]),
      cards.length ? el("div", { "class": "rb-zone-cards" }, cards) : null,
    ]);
  }

  // The prompt line: what the reader is asked now, in words.
  function prompt(text, attrs) {
    var a = { "class": "rb-prompt", "data-testid": "board-prompt", role: "status", text: text };
    Object.keys(attrs || {}).forEach(function (k) { a[k] = attrs[k]; });
    return el("p", a);
  }

  // A target picker: one button per choice ({text, pick, pressed}) and Cancel.
  function picker(ctx, opts) {
    var t = tOf(ctx);
    var box = el("div", { "class": "rb-picker", role: "group", "aria-label": opts.label || t("Choose a target") }, [
      opts.label ? el("span", { "class": "rb-picker-label", text: opts.label }) : null,
    ]);
    (opts.choices || []).forEach(function (c) {
      box.appendChild(el("button", { "class": "btn btn-small rb-choice", "aria-pressed": c.pressed === undefined ? null : String(!!c.pressed),
        onclick: c.pick, text: c.text }));
    });
    if (opts.cancel) box.appendChild(el("button", { "class": "btn btn-small btn-ghost", onclick: opts.cancel, text: t("Cancel") }));
    return box;
  }

  // A count picker (a split of damage, a number of cards): − value +, within min and max.
  function counter(ctx, opts) {
    var t = tOf(ctx), fmt = fmtOf(ctx);
    var value = opts.value, min = opts.min === undefined ? 0 : opts.min, max = opts.max;
    return el("span", { "class": "rb-counter", role: "group", "aria-label": opts.label }, [
      el("button", { "class": "btn btn-small", "aria-label": fmt(t("Less: {what}"), { what: opts.label }),
        disabled: value <= min, onclick: function () { opts.change(value - 1); }, text: "−" }),
      el("output", { "class": "rb-counter-value", text: String(value) }),
      el("button", { "class": "btn btn-small", "aria-label": fmt(t("More: {what}"), { what: opts.label }),
        disabled: max !== undefined && max !== null && value >= max, onclick: function () { opts.change(value + 1); }, text: "+" }),
    ]);
  }

  // Whether the opponent's last action named this card (an instance id or a card's name):
  // ctx.last, when the page gives it, lists them (play.js, from the game's log).
  function isLast(ctx, key) {
    var last = ctx && ctx.last;
    return !!last && key !== undefined && key !== null && (last.indexOf(key) >= 0 || last.indexOf(String(key)) >= 0);
  }

  window.RespBoard = {
    isLast: isLast,
    el: el, card: card, details: details, zone: zone, prompt: prompt, picker: picker, counter: counter,
    cardData: cardData, typeName: typeName, keywordName: keywordName, costText: costText, fmt: fill,
  };
})();
