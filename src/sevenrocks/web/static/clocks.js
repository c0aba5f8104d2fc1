// Turn clocks (docs/web.md, "Time controls"): the countdown of the seat on turn, which the server
// keeps (each state says its time left when it was sent; the page counts down from there), and the
// mark of a seat away, whose turns the stand-in bot plays until its player acts again.
"use strict";

(() => {
  const { el, t } = SR;
  let held = null;     // the latest state's clock (null: an untimed table)
  let heldAt = 0;      // when it arrived (performance.now())
  let ticker = null;

  // "1:05": minutes and seconds, rounded up (a clock shows 0:00 only once it has run out).
  function clockText(seconds) {
    const whole = Math.max(0, Math.ceil(seconds - 1e-6));
    return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
  }

  // The seat on turn's placement time and reserve left now.
  function left() {
    const spent = (performance.now() - heldAt) / 1000;
    const move = held.move_left - spent;
    const reserve = held.reserve_left + Math.min(0, move);
    return { move: Math.max(0, move), reserve: Math.max(0, reserve) };
  }

  function label() {
    const now = left();
    if (now.move > 0) {
      return held.reserve > 0
        ? t("{time} left (reserve {reserve})", { time: clockText(now.move), reserve: clockText(now.reserve) })
        : t("{time} left", { time: clockText(now.move) });
    }
    return t("reserve {time}", { time: clockText(now.reserve) });
  }

  function tick() {
    const nodes = document.querySelectorAll(".turn-clock");
    if (!held || held.seat === null || !nodes.length) return;
    const text = label();
    const now = left();
    for (const node of nodes) {
      node.textContent = " · " + text;
      node.classList.toggle("in-reserve", now.move <= 0);
      node.classList.toggle("low", now.move + now.reserve <= 10);
    }
  }

  // A state arrived: hold its clock; `seat` is this browser's seat (null: a spectator), `send` its
  // connection's, for the "I'm back" button of a seat away (one node, kept while the page redraws).
  let banner = null;
  function update(clock, seat = null, send = null) {
    held = clock || null;
    heldAt = performance.now();
    if (held && !ticker) ticker = setInterval(tick, 250);
    if (!held && ticker) { clearInterval(ticker); ticker = null; }
    const away = Boolean(held && seat !== null && seat !== undefined && send && held.away.includes(seat));
    if (away && !banner) {
      banner = el("div", { id: "away-banner", class: "away-banner", role: "status" },
        t("Your time ran out: a bot plays for you."), " ",
        el("button", { id: "back", type: "button", class: "primary", onclick: () => send({ type: "back" }) }, t("I'm back")));
      document.body.append(banner);
    }
    if (banner) banner.hidden = !away;
  }

  // What a seat's box shows of the clocks: the countdown if the seat is on turn, "away" if the
  // stand-in plays for it (null: nothing).
  function badge(seat) {
    if (!held) return null;
    if (held.away.includes(seat)) {
      return el("span", { class: "away-mark", "data-seat": seat, title: t("The time ran out: a bot plays this seat until its player acts again.") },
        " · " + t("away: a bot stands in"));
    }
    if (held.seat !== seat) return null;
    const node = el("span", { class: "turn-clock", "data-seat": seat, role: "timer", "aria-live": "off" }, " · " + label());
    return node;
  }

  // The time control in words ("30 s per placement + 2:00 reserve").
  function controlText(clock) {
    if (!clock) return "";
    if (!clock.reserve) return t("{seconds} s per placement", { seconds: clock.per_move });
    return t("{seconds} s per placement + {reserve} reserve", { seconds: clock.per_move, reserve: clockText(clock.reserve) });
  }

  // Mark the log's moves the stand-in made: `items` the log's entries, `moves` whether each is a
  // move (counted from 0 in the hand, as the clock's stand_ins count them).
  function markLog(items, moves) {
    const made = new Set((held && held.stand_ins) || []);
    if (!made.size) return;
    let move = -1;
    items.forEach((item, i) => {
      if (!moves[i]) return;
      move += 1;
      if (made.has(move)) item.append(el("span", { class: "stand-in-mark" }, " " + t("(played by the stand-in)")));
    });
  }

  SR.turnClock = { update, badge, controlText, clockText, markLog };
  setTimeout(tick, 0);
})();
