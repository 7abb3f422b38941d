// The game log's words: one line per event of the engine, in the reader's language
// (docs/ARCHITECTURE.md, "Board modules"). No dependencies, no build step.
//
// A game's events are its own, so its board module says them: ``describeEvent(event, ctx)``
// returns a line (a string), a heading ({head, sub}), null to leave the event out on purpose, or
// undefined for an event it does not know. The events every engine shares (engine/match.py: the
// end of a game and the site's actions) are said here, and any other event gets a plain line
// built from its type and card, never the raw JSON.
(function () {
  "use strict";

  function gettext(text) { return window.gettext ? window.gettext(text) : text; }
  function fill(text, values) {
    return String(text).replace(/\{(\w+)\}/g, function (m, k) { return values && k in values ? values[k] : m; });
  }

  // Every {id, card} pair the reader has been shown (in the events and the view): a later event
  // may name a card by its id alone.
  function collectIds(value, into, depth) {
    if (!value || typeof value !== "object" || depth > 8) return;
    if (Array.isArray(value)) { value.forEach(function (v) { collectIds(v, into, depth + 1); }); return; }
    if (typeof value.id === "number" && typeof value.card === "string") into[value.id] = value.card;
    Object.keys(value).forEach(function (k) { collectIds(value[k], into, depth + 1); });
  }

  // ctx for describeEvent: what a board's ctx holds (t, fmt, card, names, seat, lang) plus
  // player(seat), cardName(a name, an {card} object or an instance id), reason(word) and game.
  function context(base, events, view) {
    var ctx = {}, ids = {};
    Object.keys(base || {}).forEach(function (k) { ctx[k] = base[k]; });
    ctx.t = ctx.t || gettext;
    ctx.fmt = ctx.fmt || fill;
    collectIds(view, ids, 0);
    collectIds(events, ids, 0);
    ctx.ids = ids;
    ctx.player = function (seat) {
      return (ctx.names && (seat === 0 || seat === 1) && ctx.names[seat]) || ctx.t("a player");
    };
    ctx.cardName = function (what) {
      if (what && typeof what === "object") what = what.card !== undefined ? what.card : what.id;
      if (typeof what === "number") what = ids[what];
      if (typeof what !== "string" || !what) return ctx.t("a card");
      var c = ctx.card ? ctx.card(what) : null;
      return c && c.name ? c.name : what;
    };
    ctx.cardNames = function (list) { return (list || []).map(ctx.cardName).join(", "); };
    var reasons = (base && base.reasons) || {};
    ctx.reason = function (word) { return reasons[word] || String(word || "").replace(/_/g, " "); };
    return ctx;
  }

  // The events of engine/match.py every game has (the end, the site's own actions), and the
  // setup, turn, draw and keep most engines emit alike.
  function common(e, ctx) {
    var t = ctx.t, fmt = ctx.fmt, p = ctx.player(e.seat);
    switch (e.type) {
      case "game_over":
        return e.winner === 0 || e.winner === 1
          ? fmt(t("Game over: {p} wins ({reason})."), { p: ctx.player(e.winner), reason: ctx.reason(e.reason) })
          : fmt(t("Game over: a draw ({reason})."), { reason: ctx.reason(e.reason) });
      case "concede": return fmt(t("{p} concedes."), { p: p });
      case "timeout": return fmt(t("{p} has run out of time."), { p: p });
      case "no_show": return e.both ? t("Neither player came to the game.") : fmt(t("{p} did not come to the game."), { p: p });
      case "penalty_loss": return fmt(t("{p} loses the game: a judge's penalty."), { p: p });
      // What most engines say alike (a board says them its own way when its game differs).
      case "setup": return fmt(t("Game {n} begins: {p} goes first."), { n: ctx.game, p: ctx.player(e.first) });
      case "turn": return { head: fmt(t("Turn {n} — {p}"), { n: e.turn, p: p }) };
      case "draw":
        if (e.cards && e.cards.length) return fmt(t("{p} draws: {cards}."), { p: p, cards: ctx.cardNames(e.cards) });
        return e.count === 1 ? fmt(t("{p} draws a card."), { p: p }) : fmt(t("{p} draws cards: {count}."), { p: p, count: e.count || 0 });
      case "keep": return fmt(t("{p} keeps the opening hand."), { p: p });
      default: return undefined;
    }
  }

  // An event no one describes: its type as words, its player and card, never the raw JSON.
  function plain(e, ctx) {
    var what = String(e.type || "").replace(/_/g, " ");
    what = what.charAt(0).toUpperCase() + what.slice(1);
    if (typeof e.card === "string" || typeof e.card === "number") what += ": " + ctx.cardName(e.card);
    return e.seat === 0 || e.seat === 1 ? ctx.fmt(ctx.t("{p}: {what}"), { p: ctx.player(e.seat), what: what }) : what;
  }

  // The line for one event: a board module's, else the shared one, else the plain one.
  function describe(mod, e, ctx) {
    if (!e || typeof e !== "object") return null;
    var line;
    if (mod && typeof mod.describeEvent === "function") {
      try { line = mod.describeEvent(e, ctx); } catch (err) { line = undefined; } // a surprise shape: said plainly
      if (line !== undefined) return line;
    }
    line = common(e, ctx);
    return line !== undefined ? line : plain(e, ctx);
  }

  window.ResponsLog = { context: context, describe: describe, common: common };
})();
