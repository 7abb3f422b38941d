// The play page's presence line: whether the other seat is connected (api.md "Presence") and
// what its absence costs (O1.2, O2.1). play.js makes one with RespPresence(shell) and hands it
// the "presence" of each game answer; the page's own heartbeat reads it between answers.
//
// shell: cfg, T (the page's strings), slot, fmt, now, clockText, pad, seatName, clockLeft,
// request, state() (the last game answer) and watching (the seats whose presence is said).
(function () {
  "use strict";

  window.RespPresence = function (shell) {
    var cfg = shell.cfg, T = shell.T, slot = shell.slot, fmt = shell.fmt, now = shell.now;
    var clockText = shell.clockText, seatName = shell.seatName;
    // The newest "presence" of a game answer or of the heartbeat: each seat's last sign of
    // life; a seat is away once it is older than away_after (counted here, so it shows live).
    var presence = null;

    function presenceOf(s) { return presence && presence.seats ? presence.seats[s] : null; }
    function isAway(s) {
      var p = presenceOf(s);
      if (!p || p.bot) return false;
      if (!p.seen_at) return !p.connected;
      return (now() - Date.parse(p.seen_at)) / 1000 > presence.away_after;
    }
    // Whether the seat has come to the game (O1.1): the answer says so, or a newer heartbeat
    // has seen it (a seat is seen from its first read on).
    function came(s) {
      var p = presenceOf(s);
      return !!((shell.state().clock.present || [])[s] || (p && (p.seen_at || p.bot)));
    }
    function localTime(iso) {
      var d = new Date(iso);
      try { return d.toLocaleTimeString(cfg.lang, { hour: "2-digit", minute: "2-digit" }); }
      catch (e) { return shell.pad(d.getHours()) + ":" + shell.pad(d.getMinutes()); }
    }
    function seatLine(s, running, c) {
      var p = presenceOf(s), name = seatName(s), state = shell.state();
      if (!isAway(s)) return { text: fmt(T.presence_connected, { name: name }) };
      if (!p.seen_at) return { text: fmt(T.presence_away, { name: name }), away: true };
      var line = fmt(T.presence_away_since, {
        name: name, time: localTime(p.seen_at), "for": clockText((now() - Date.parse(p.seen_at)) / 1000),
      });
      // What their absence costs them (O2.1): their clock runs whenever they are to decide.
      if (running && c.deciding === s && c.since) line += " " + fmt(T.presence_clock, { name: name, time: clockText(shell.clockLeft(s)) });
      else if (running) line += " " + fmt(T.presence_next, { name: name });
      else if (state.game_status === "sideboarding" && c.sideboard_until) {
        line += " " + fmt(T.presence_sideboard, { time: clockText((Date.parse(c.sideboard_until) - now()) / 1000) });
      }
      return { text: line, away: true };
    }

    function render() {
      var out = slot("presence"), state = shell.state();
      if (!out || !state) return;
      var c = state.clock || {}, final = state.match_status === "final";
      var running = state.game_status === "playing" && !final;
      var lines = [], away = false;
      // O1.2: no clock runs until both players are here; an absent one loses at present_by.
      if (running && c.present_by && shell.watching.some(function (s) { return !came(s); })) {
        lines.push(fmt(T.waiting_present, { time: clockText((Date.parse(c.present_by) - now()) / 1000) }));
        away = true;
      } else if (!final) {
        shell.watching.forEach(function (s) {
          var p = presenceOf(s);
          if (!p || p.bot) return;
          var said = seatLine(s, running, c);
          lines.push(said.text);
          away = away || !!said.away;
        });
      }
      var text = lines.join(" ");
      out.hidden = !text;
      if (out.textContent !== text) out.textContent = text;
      out.classList.toggle("is-away", away);
      out.classList.toggle("is-connected", !away && !!text);
    }

    function heartbeat() {
      if (!cfg.urls.presence) return;
      shell.request("GET", cfg.urls.presence).then(function (res) {
        if (res.status === 200 && res.body && res.body.seats) { presence = res.body; render(); }
      }, function () { /* the stream or the poll says the connection is lost */ }).then(function () {
        var every = Math.max(2, Math.min(15, ((presence && presence.away_after) || 45) / 3));
        setTimeout(heartbeat, every * 1000);
      });
    }

    return {
      render: render,
      heartbeat: heartbeat,
      set: function (p) { presence = p; },
    };
  };
})();
