// The Sausage table page: one WebSocket to the server, which is authoritative; this page only sends
// intents. Queues are blind: the page shows each queue's length and its known tail, never an order.
"use strict";

(() => {
  const { el, esc, tileSvg, backSvg, t, tn, ltr, LANG } = SR;
  // the connection: the table, the link, the seat's session (common.js)
  const link = SR.tableLink({ receive: (message) => receive(message), toast: (text, kind) => toast(text, kind) });
  const { tableId, admin, send } = link;
  const invitations = SR.seatInvitations({ link, render: () => render(), toast: (text, kind) => toast(text, kind) });
  let welcome = null;
  let state = null;
  let toastTimer = null;
  let hiddenOverlayFor = null;

  const $ = (id) => document.getElementById(id);
  const cap = (text) => text.charAt(0).toUpperCase() + text.slice(1);
  // The server's words name tiles and moves ("4-6:cut"): keep them left to right in any language.
  const bidi = (text) => String(text || "").replace(/[0-6]-[0-6](?::(?:top|bottom|cut))?/g, (m) => ltr(m));

  function receive(message) {
    if (message.type === "welcome") {
      welcome = message;
      $("role").textContent = message.seat === null ? t("Watching table {table}", { table: message.table }) : t("Table {table} · you are seat {seat}", { table: message.table, seat: message.seat });
      if (message.admin && !invitations.loaded) invitations.load();
    } else if (message.type === "state") {
      const previous = state;
      state = message;
      SR.turnClock.update(state.clock, state.seat, send);   // the turn clock (clocks.js)
      announce(previous, state);
      render();
    } else if (message.type === "seats") {
      if (!state) return;
      state = { ...state, seats: message.seats };
      render();
    } else if (message.type === "error") {
      toast(message.message, "error");   // refusals are said by the connection (common.js)
    }
  }

  function seatName(seat) {
    const info = state.seats[seat];
    if (state.seat === seat) return t("seat {seat} · {name} (you)", { seat, name: info.name });
    return t("seat {seat} · {name}", { seat, name: info.name });
  }

  // What happened since the last state, for screen readers and the toast: the new turns' words.
  function announce(previous, next) {
    if (!previous || next.hand_number < 0) return;
    const fresh = previous.hand_number === next.hand_number ? next.turns.slice(previous.turns.length) : next.turns;
    const lines = fresh.filter((turn) => turn.seat !== next.seat || turn.went === "back" || turn.went === "aside").map((turn) => bidi(cap(turn.text)));
    if (next.over_text && !previous.over_text) lines.push(next.over_text);
    if (lines.length) {
      $("announce").textContent = lines.join(". ");
      toast(lines.slice(-3).join(" · "));
    }
  }

  function toast(text, kind = "") {
    const node = $("toast");
    node.textContent = text;
    node.className = `toast ${kind}`;
    node.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { node.hidden = true; }, kind === "error" ? 4000 : 2600);
  }

  // ------------------------------------------------------------------------ drawing
  function render() {
    if (!state) return;
    renderScore();
    renderQueues();
    renderTable();
    renderTurn();
    renderLog();
    renderAdmin();
    renderOverlay();
  }

  function renderScore() {
    const deal = state.hand_number >= 0 ? " · " + t("deal {number}", { number: state.hand_number + 1 }) : "";
    $("scoreline").replaceChildren(
      ...[0, 1].map((seat) => el("span", { class: `team${seat}`, id: `score-${seat}` }, `${cap(seatName(seat))}: ${SR.num(state.scores[seat])}`)),
      el("span", { class: "muted" }, t("target {target}", { target: state.target }) + deal));
  }

  // Each seat's queue: its length, the tiles nobody has turned (face down: nobody knows their
  // order, its own seat included), then the known tail, front first.
  function renderQueues() {
    const box = $("queues");
    box.replaceChildren(...state.queues.map((queue) => {
      const seat = queue.seat;
      const info = state.seats[seat];
      // a bot named by its level says it once
      const who = info.kind === "bot" ? (info.named === false ? "" : info.level || t("{bot} bot", { bot: info.bot })) : (info.connected ? t("connected") : t("away"));
      const turn = state.turn === seat && !state.hand_over;
      const tiles = el("div", { class: "backs sausage-queue", dir: "ltr" });
      const front = turn && state.turned && !queue.tail.includes(state.turned);
      if (front) tiles.append(el("span", { class: "turned-tile", html: tileSvg(state.turned, 14) }));
      const faceDown = queue.hidden;
      for (let i = 0; i < faceDown; i++) tiles.append(el("span", { html: backSvg(14) }));
      for (const tile of queue.tail) tiles.append(el("span", { class: "tail-tile", "data-tile": tile, html: tileSvg(tile, 14) }));
      const status = [tn("Queue: {count} tile", "Queue: {count} tiles", queue.length, { count: queue.length })];
      if (queue.tail.length) status.push(t("known at the back: {tiles}", { tiles: ltr(queue.tail.join(" ")) }));
      if (queue.sent) status.push(t("sent to the back since the table last changed: {count}", { count: queue.sent }));
      return el("div", { class: `seat-box${turn ? " turn" : ""}`, "data-seat": seat },
        el("div", { class: "name" }, el("span", { class: `team${seat}` }, t("Seat {seat}", { seat })), ` · ${info.name}`, state.seat === seat ? " " + t("(you)") : ""),
        el("div", { class: "status" }, who, turn ? el("strong", {}, " · " + t("to play")) : null, SR.turnClock.badge(seat)),
        tiles,
        el("div", { class: "status count", "data-queue": seat }, status.join(" · ")));
    }));
  }

  // The lines are drawn at a fixed scale (the board scrolls when they grow long), not stretched.
  function fitLines(svg) {
    const box = svg.viewBox.baseVal;
    if (!box || !box.width) return;
    svg.setAttribute("width", String(Math.round(box.width * 0.8)));
    svg.setAttribute("height", String(Math.round(box.height * 0.8)));
  }

  function renderTable() {
    const layout = $("layout");
    if (!state.table) {
      layout.replaceChildren(el("p", { class: "empty" }, state.status === "open" ? t("The match has not started yet.") : t("Waiting for the deal…")));
      $("lines").textContent = "";
      $("ends").textContent = "";
      $("aside").replaceChildren();
      return;
    }
    layout.innerHTML = state.table.svg;
    const svg = layout.querySelector("svg");
    if (svg) { svg.setAttribute("aria-label", state.table.lines.join("; ")); fitLines(svg); }
    $("lines").textContent = bidi(state.table.lines.join("\n"));
    $("ends").textContent = t("Top end {top} · bottom end {bottom} · on the table: {count} tiles, {pips} pips",
      { top: state.table.ends[0], bottom: state.table.ends[1], count: state.table.laid, pips: state.table.pips });
    $("aside").replaceChildren(...(state.aside.length ? [t("Set aside:"), " ", el("span", { class: "tiles", dir: "ltr", html: state.aside.map((tile) => tileSvg(tile, 14)).join("") })] : []));
  }

  // The turned tile and, for its seat, the ways it can go as buttons in plain words.
  function renderTurn() {
    const banner = $("banner");
    const turned = $("turned");
    const options = $("options");
    options.replaceChildren();
    turned.replaceChildren();
    banner.className = "banner";
    if (state.phase === "open") { banner.textContent = t("The match has not started yet."); return; }
    if (state.hand_over || state.turn === null) {
      banner.textContent = state.over_text || t("Waiting for the deal…");
      if (state.hand_over && hiddenOverlayFor === state.hand_number) {
        options.append(el("button", { id: "show-settlement", onclick: () => { hiddenOverlayFor = null; render(); } },
          state.phase !== "over" ? t("Settlement and next hand") : t("Settlement and result")));
      }
      return;
    }
    turned.append(el("span", { class: "turned-tile", id: "turned-tile", "data-tile": state.turned, html: tileSvg(state.turned, 30) }));
    if (state.legal.length) {
      banner.textContent = t("You turned {tile}: where does it go?", { tile: ltr(state.turned) });
      banner.classList.add("your-turn");
      state.legal.forEach((option, i) => {
        options.append(el("button", { class: i === 0 ? "primary way" : "way", "data-play": option.play, "data-way": option.way,
          onclick: () => send({ type: "play", play: option.play, at: state.move }) }, bidi(option.text)));
      });
    } else {
      banner.textContent = t("{seat} turned {tile} and chooses where it goes.", { seat: cap(seatName(state.turn)), tile: ltr(state.turned) });
    }
  }

  function renderLog() {
    const log = $("log");
    const items = [];
    if (state.starter_text) items.push(el("li", { class: "muted" }, cap(state.starter_text)));
    for (const turn of state.turns || []) items.push(el("li", { class: `went-${turn.went}` }, bidi(cap(turn.text))));
    SR.turnClock.markLog(items, [...(state.starter_text ? [false] : []), ...(state.turns || []).map((turn) => ["top", "bottom", "cut"].includes(turn.went))]);
    log.replaceChildren(...items);
    log.scrollTop = log.scrollHeight;
  }

  function renderAdmin() {
    const node = $("admin");
    node.replaceChildren();
    if (!welcome || !welcome.admin) return;
    node.append(el("h2", {}, t("Table controls")));
    if (state.status === "open") {  // with the choices, under the line that says the match has not started
      $("options").append(el("button", { class: "primary", id: "start", onclick: () => send({ type: "start" }) }, t("Start the match")));
    }
    for (const info of state.seats) {
      if (info.kind !== "human" || info.connected || state.status === "over" || info.seat === state.seat) continue;
      const level = el("select", { "aria-label": t("Bot level for seat {seat}", { seat: info.seat }) }, ...["greedy", "random"].map((b) => el("option", { value: b }, b === "greedy" ? t("greedy bot") : t("random bot"))));
      SR.fillBotLevels(level);
      node.append(el("div", { class: "row" }, t("Seat {seat} ({name}) is away.", { seat: info.seat, name: info.name }), level,
        el("button", { "data-replace": info.seat, onclick: () => send({ type: "replace", seat: info.seat, bot: level.value }) }, t("Seat a bot"))));
    }
    node.append(el("p", { class: "muted" }, t("Watch link:"), " ", el("a", { href: `/table/${tableId}` }, `${location.origin}/table/${tableId}`)));
    if (state.status !== "over") node.append(el("div", { id: "seat-links" }, ...invitations.rows(state)));
  }


  // The end of a deal (and of the match): the game's own words, then the queues turned up to count.
  function renderOverlay() {
    const overlay = $("overlay");
    const result = state.results.find((r) => r.hand === state.hand_number);
    const show = state.hand_over && result && hiddenOverlayFor !== state.hand_number;
    if (!show) { overlay.hidden = true; overlay.replaceChildren(); return; }
    const [first, ...rest] = (result.text || "").split("\n");
    const panel = el("div", { class: "panel", role: "dialog", "aria-modal": "true", "aria-labelledby": "settle-title", id: "settlement" },
      el("h2", { id: "settle-title" }, t("deal {number}", { number: state.hand_number + 1 }) + " · " + first));
    if (rest.length) panel.append(el("pre", { class: "result-text", id: "result-text" }, rest.map((line) => bidi(line.trim())).join("\n")));
    const body = el("tbody");
    result.left.forEach((queue, seat) => {
      body.append(el("tr", { "data-seat": seat }, el("td", {}, cap(seatName(seat))),
        el("td", {}, el("div", { class: "tiles", dir: "ltr", html: queue.map((tile) => tileSvg(tile, 16)).join("") || "—" })),
        el("td", {}, String(result.pips[seat]))));
    });
    panel.append(el("table", { class: "settle" }, el("thead", {}, el("tr", {}, el("th", {}, t("Seat")), el("th", {}, t("Tiles left")), el("th", {}, t("Pips")))), body));
    const actions = el("div", { class: "controls" });
    if (state.phase === "over") {
      panel.append(el("p", { class: "banner your-turn", id: "winner" }, state.over_text || ""));
      actions.append(el("a", { href: `/replay/${tableId}` }, t("Replay this match")), el("a", { href: "/" }, t("Back to the lobby")));
    } else if (state.seat !== null && state.seat !== undefined) {
      if (state.seats[state.seat].ready) {
        const waiting = state.seats.filter((s) => s.kind === "human" && s.connected && !s.ready).map((s) => s.name);
        actions.append(el("span", { class: "muted" }, waiting.length ? t("Waiting for {names}…", { names: waiting.join(", ") }) : t("Waiting for the deal…")));
      } else {
        actions.append(el("button", { class: "primary", id: "next-hand", onclick: () => send({ type: "next_hand" }) }, t("Next deal")));
      }
    } else {
      actions.append(el("span", { class: "muted" }, t("The players will start the next hand.")));
    }
    actions.append(el("button", { id: "look", onclick: () => { hiddenOverlayFor = state.hand_number; render(); } }, t("Look at the table")));
    panel.append(actions);
    overlay.replaceChildren(panel);
    overlay.hidden = false;
    const focus = panel.querySelector("#next-hand") || panel.querySelector("a, button");
    if (focus && !overlay.contains(document.activeElement)) focus.focus();
    if (hiddenOverlayFor !== null && hiddenOverlayFor !== state.hand_number) hiddenOverlayFor = null;
  }

  link.connect();
})();
