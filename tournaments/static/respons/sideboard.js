// The play page's sideboard picker between games (O4.2): one card of the side deck for one of
// the main deck or of the orders, swap by swap; the page sends the whole deck those swaps make.
// play.js makes one with RespSideboard(shell).
//
// shell: $ and slot (the page's look-ups), fmt, h (the kit's element builder), T (the page's
// strings), deck (the registered deck, or null for a spectator) and name(card) (a card of the
// deck in the reader's language).
(function () {
  "use strict";

  function copyDeck(d) { return JSON.parse(JSON.stringify(d)); }
  function bump(zone, name, by) {
    zone[name] = (zone[name] || 0) + by;
    if (zone[name] <= 0) delete zone[name];
  }
  function applySwap(d, s) {
    d.side = d.side || {}; d.main = d.main || {};
    var out = s.zone === "orders" ? d.orders[s.index] : s.card;
    if (s.zone === "orders") d.orders[s.index] = s.into; else { bump(d.main, out, -1); bump(d.main, s.into, 1); }
    bump(d.side, s.into, -1); bump(d.side, out, 1);
    return d;
  }

  window.RespSideboard = function (shell) {
    var $ = shell.$, slot = shell.slot, fmt = shell.fmt, h = shell.h, T = shell.T, deckName = shell.name;
    var deckBase = shell.deck, swaps = [];

    function swapped() { return swaps.reduce(applySwap, copyDeck(deckBase)); }
    function byName(a, b) { return deckName(a).localeCompare(deckName(b)); }
    function render() {
      var picker = $("[data-testid=swap-picker]");
      if (!picker || !deckBase) return;
      var d = swapped(), outSel = slot("swap-out"), inSel = slot("swap-in"), list = slot("swap-list");
      outSel.textContent = ""; inSel.textContent = ""; list.textContent = "";
      Object.keys(d.main || {}).sort(byName).forEach(function (name) {
        outSel.appendChild(h("option", { value: "main|" + name, text: fmt(T.swap_main, { card: deckName(name), n: d.main[name] }) }));
      });
      (d.orders || []).forEach(function (name, i) {
        outSel.appendChild(h("option", { value: "orders|" + i, text: fmt(T.swap_order, { n: i + 1, card: deckName(name) }) }));
      });
      var side = Object.keys(d.side || {}).sort(byName);
      side.forEach(function (name) {
        inSel.appendChild(h("option", { value: name, text: fmt(T.swap_side, { card: deckName(name), n: d.side[name] }) }));
      });
      if (!side.length) inSel.appendChild(h("option", { value: "", text: T.swap_empty }));
      $("[data-action=swap-add]", picker).disabled = !side.length;
      swaps.forEach(function (s) {
        list.appendChild(h("li", { text: fmt(T.swap_done, { out: deckName(s.out), "in": deckName(s.into) }) }));
      });
      $("[data-action=swap-reset]", picker).hidden = !swaps.length;
    }
    function add() {
      var out = slot("swap-out").value, into = slot("swap-in").value;
      if (!out || !into) return;
      var parts = out.split("|"), d = swapped(), s = { zone: parts[0], into: into };
      if (s.zone === "orders") { s.index = Number(parts[1]); s.out = d.orders[s.index]; } else { s.card = parts[1]; s.out = parts[1]; }
      swaps.push(s);
      render();
    }

    return {
      render: render,
      add: add,
      reset: function () { swaps = []; render(); },
      deck: swapped, // the whole deck the swaps make, to send
      // The server took this deck: it is the base of the next swaps.
      sent: function (deck) { deckBase = deck; swaps = []; render(); },
    };
  };
})();
