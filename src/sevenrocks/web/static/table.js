// The table page: one WebSocket to the server, which is authoritative; this page only sends intents.
"use strict";

(() => {
  const { el, esc, tileSvg, backSvg, pegBoard, TEAM_NAMES } = SR;
  const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
  const params = new URLSearchParams(location.search);
  const token = params.get("token");
  const admin = params.get("admin");

  let ws = null;
  let welcome = null;
  let state = null;
  let selected = null;       // the chosen tile ("3-4")
  let backPeg = null;        // the scores before the last change (the back pegs)
  let hiddenOverlayFor = null;
  let retry = 0;
  let fatal = false;
  let toastTimer = null;

  const $ = (id) => document.getElementById(id);

  function connect() {
    const query = new URLSearchParams();
    if (token) query.set("token", token);
    if (admin) query.set("admin", admin);
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    ws = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(tableId)}?${query}`);
    $("connection").textContent = "Connecting…";
    ws.onopen = () => { retry = 0; $("connection").textContent = ""; };
    ws.onmessage = (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch (_) { return; }
      receive(message);
    };
    ws.onclose = (event) => {
      if (fatal || event.code === 4403 || event.code === 4404) { fatal = true; return; }
      retry = Math.min(retry + 1, 6);
      $("connection").textContent = "Connection lost — reconnecting…";
      setTimeout(connect, 400 * retry);
    };
  }

  function send(message) {
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
    else toast("Not connected yet — try again in a moment.", "error");
  }

  function receive(message) {
    if (message.type === "welcome") {
      welcome = message;
      $("role").textContent = message.seat === null ? `Watching table ${message.table}` : `Table ${message.table} · you are seat ${message.seat}`;
      if (message.admin && !seatLinks.length) loadSeatLinks();
    } else if (message.type === "state") {
      const previous = state;
      state = message;
      if (previous && (previous.scores[0] !== state.scores[0] || previous.scores[1] !== state.scores[1])) backPeg = previous.scores;
      if (!previous || previous.move !== state.move || previous.hand_number !== state.hand_number) selected = null;
      announce(previous, state);
      render();
    } else if (message.type === "error") {
      if (message.code === "unknown_table" || message.code === "bad_token") {
        fatal = true;
        $("connection").innerHTML = `<span class="error-text">${esc(message.message)}</span> <a href="/">Back to the lobby</a>`;
      } else {
        toast(message.message, "error");
      }
    }
  }

  // ------------------------------------------------------------------ announcements
  function seatName(seat) {
    if (!state || seat === null || seat === undefined) return `seat ${seat}`;
    const info = state.seats[seat];
    const you = state.seat === seat ? " (you)" : "";
    return `seat ${seat} · ${info.name}${you}`;
  }

  function announce(previous, next) {
    if (!previous || next.hand_number < 0) return;
    const fresh = previous.hand_number === next.hand_number ? next.events.slice(previous.events.length) : next.events;
    const lines = [];
    let scoring = null;
    for (const event of fresh) {
      if (event.kind === "knock") lines.push(`${cap(seatName(event.seat))} knocks.`);
      else if (event.points) { scoring = event; lines.push(`${cap(seatName(event.seat))} scores ${event.points} (ends ${event.ends_total}).`); }
    }
    if (previous.hand_number !== next.hand_number && next.leader !== null) lines.push(`Hand ${next.hand_number + 1}: ${seatName(next.leader)} leads.`);
    const result = next.results[next.hand_number];
    if (next.hand_over && !previous.hand_over && result) lines.push(describeEnd(result));
    if (next.winner !== null && previous.winner === null) lines.push(`${TEAM_NAMES[next.winner]} win the match!`);
    if (lines.length) {
      $("announce").textContent = lines.join(" ");
      toast(lines.join(" "), scoring ? "points" : "");
    }
  }

  function describeEnd(result) {
    if (result.end === "domino") return `${cap(seatName(result.finisher))} dominoes: the hand is over.`;
    if (result.end === "blocked") return "The hand is blocked: nobody can place.";
    return "The target is reached: the match is over.";
  }

  const cap = (text) => text.charAt(0).toUpperCase() + text.slice(1);

  function toast(text, kind = "") {
    const node = $("toast");
    node.textContent = text;
    node.className = `toast ${kind}`;
    node.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { node.hidden = true; }, kind === "error" ? 4000 : 2600);
  }

  // ------------------------------------------------------------------------ drawing
  function bottomSeat() { return state.seat === null || state.seat === undefined ? 0 : state.seat; }

  function render() {
    if (!state) return;
    renderScore();
    const me = bottomSeat();
    renderSeat($("seat-bottom"), me, true);
    renderSeat($("seat-left"), (me + 1) % 4);
    renderSeat($("seat-top"), (me + 2) % 4);
    renderSeat($("seat-right"), (me + 3) % 4);
    renderBoard();
    renderHand();
    renderLog();
    renderAdmin();
    renderOverlay();
    if (state.hand_over && hiddenOverlayFor === state.hand_number) {
      $("options").append(el("button", { id: "show-settlement", onclick: () => { hiddenOverlayFor = null; render(); } },
        state.winner === null ? "Settlement and next hand" : "Settlement and result"));
    }
  }

  function renderScore() {
    const line = $("scoreline");
    line.replaceChildren(
      el("span", { class: "team0", id: "score-0" }, `${TEAM_NAMES[0]}: ${state.scores[0]}`),
      el("span", { class: "muted" }, `target ${state.target}` + (state.hand_number >= 0 ? ` · hand ${state.hand_number + 1}` : "")),
      el("span", { class: "team1", id: "score-1" }, `${TEAM_NAMES[1]}: ${state.scores[1]}`));
    $("pegboard").innerHTML = pegBoard(state.scores, backPeg, state.target);
  }

  function lastKnock(seat) {
    const events = state.events || [];
    for (let i = events.length - 1; i >= 0; i--) {
      if (events[i].seat !== seat) continue;
      return events[i].kind === "knock";
    }
    return false;
  }

  function renderSeat(node, seat, mine = false) {
    const info = state.seats[seat];
    const count = state.tile_counts[seat];
    const turn = state.turn === seat;
    const who = info.kind === "bot" ? `${info.bot} bot` : (info.connected ? "connected" : "away");
    const box = el("div", { class: `seat-box${turn ? " turn" : ""}`, "data-seat": seat, "aria-label": `Seat ${seat}` },
      el("div", { class: "name" }, el("span", { class: `team${seat % 2}` }, `Seat ${seat}`), ` · ${info.name}`,
        state.seat === seat ? " (you)" : ""),
      el("div", { class: "status" }, `${who}${state.leader === seat && state.hand_number >= 0 ? " · led" : ""}`,
        turn ? el("strong", {}, " · to play") : null,
        lastKnock(seat) ? el("span", { class: "knock" }, " · knocked") : null),
      mine && state.seat === seat ? null : el("div", { class: "backs", "aria-label": `${count} tiles` }, ...Array.from({ length: count }, () => el("span", { html: backSvg() }))),
      mine && state.seat === seat ? null : el("div", { class: "status count" }, `${count} tile${count === 1 ? "" : "s"}`));
    node.replaceChildren(box);
  }

  function renderBoard() {
    const layout = $("layout");
    if (!state.layout) {
      layout.innerHTML = "";
      layout.append(el("p", { class: "empty" }, state.status === "open" ? "The match has not started yet." : "Waiting for the deal…"));
      $("ends").textContent = "";
      return;
    }
    layout.innerHTML = state.layout.svg;
    const svg = layout.querySelector("svg");
    if (svg) { svg.setAttribute("role", "img"); svg.setAttribute("aria-label", `The layout: ${state.layout.tiles} tiles, counted ends ${state.layout.ends_total}`); }
    if (state.layout.tiles === 0 && !state.hand_over) layout.append(el("p", { class: "empty" }, `${cap(seatName(state.turn))} leads with any tile.`));
    const counted = state.layout.counted.map(([tile, n]) => `${tile}: ${n}`).join(", ");
    $("ends").textContent = state.layout.tiles ? `Counted ends: ${counted || "none"} — total ${state.layout.ends_total}` : "";
    markTargets();
  }

  function optionsFor(tile) { return state.legal.filter((option) => option.tile === tile); }

  function renderHand() {
    const hand = $("hand");
    const banner = $("banner");
    const options = $("options");
    options.replaceChildren();
    if (state.seat === null || state.seat === undefined) {
      hand.replaceChildren();
      banner.textContent = state.turn === null ? "" : `${cap(seatName(state.turn))} to play.`;
      banner.className = "banner";
      return;
    }
    const myTurn = state.turn === state.seat;
    banner.className = `banner${myTurn ? " your-turn" : ""}`;
    if (state.winner !== null) banner.textContent = `${TEAM_NAMES[state.winner]} won the match.`;
    else if (state.status === "open") banner.textContent = "Waiting for the creator to start the match.";
    else if (state.hand_over) banner.textContent = "The hand is over.";
    else banner.textContent = myTurn ? "Your turn: choose a tile." : `${cap(seatName(state.turn))} to play.`;
    const buttons = (state.hand || []).map((tile) => {
      const choices = myTurn ? optionsFor(tile) : [];
      const label = choices.length ? (choices.length === 1 ? `Place ${tile}` : `Choose ${tile} (${choices.length} places)`) : `${tile} (cannot be placed now)`;
      return el("button", {
        class: `tile${choices.length ? " playable" : ""}${selected === tile ? " selected" : ""}`,
        "data-tile": tile, "aria-label": label, "aria-pressed": selected === tile ? "true" : "false", title: label,
        html: tileSvg(tile),
        onclick: () => chooseTile(tile),
      });
    });
    hand.replaceChildren(...buttons);
    if (selected) {
      const choices = optionsFor(selected);
      options.append(el("span", { class: "muted" }, `${selected} can go:`));
      for (const option of choices) {
        options.append(el("button", {
          class: `option${option.points ? " scores" : ""}`, "data-play": option.play,
          onclick: () => play(option),
        }, `${option.point || "open"} → ends ${option.ends_total}${option.points ? `, +${option.points}` : ""}`));
      }
      options.append(el("button", { onclick: () => { selected = null; render(); } }, "Cancel"));
    }
  }

  function chooseTile(tile) {
    if (state.turn !== state.seat) { toast(state.turn === null ? "No tile can be placed now." : `It is ${seatName(state.turn)}'s turn.`, "error"); return; }
    const choices = optionsFor(tile);
    if (!choices.length) { toast(`${tile} cannot be placed now: no open end shows its values.`, "error"); return; }
    if (choices.length === 1) { play(choices[0]); return; }
    selected = selected === tile ? null : tile;
    render();
    const first = document.querySelector("#options button.option");
    if (first) first.focus();
  }

  function play(option) {
    send({ type: "play", play: option.play, at: state.move });
    selected = null;
  }

  function markTargets() {
    const svg = $("layout").querySelector("svg");
    if (!svg || !selected) return;
    for (const option of optionsFor(selected)) {
      if (!option.point) continue;
      const spot = svg.querySelector(`[data-point="${option.point}"]`);
      if (!spot) continue;
      spot.classList.add("target");
      spot.setAttribute("tabindex", "0");
      spot.setAttribute("role", "button");
      spot.setAttribute("aria-label", `Place ${selected} on ${option.point}: ends ${option.ends_total}${option.points ? `, scores ${option.points}` : ""}`);
      spot.addEventListener("click", () => play(option));
      spot.addEventListener("keydown", (event) => { if (event.key === "Enter" || event.key === " ") { event.preventDefault(); play(option); } });
      const box = spot.getBBox ? spot.getBBox() : null;
      if (box) {
        const hint = document.createElementNS("http://www.w3.org/2000/svg", "text");
        const size = Math.max(box.height, box.width) * (option.points ? 0.95 : 0.7);
        hint.setAttribute("x", box.x + box.width * 1.1);
        hint.setAttribute("y", box.y - box.height * 0.1);
        hint.setAttribute("font-size", size);
        hint.setAttribute("stroke-width", size * 0.12);
        hint.setAttribute("class", option.points ? "score-hint scores" : "score-hint");
        hint.textContent = option.points ? `+${option.points}` : `→${option.ends_total}`;
        spot.parentNode.append(hint);
      }
    }
  }

  function renderLog() {
    const log = $("log");
    const items = (state.events || []).map((event) => {
      if (event.kind === "knock") return el("li", { class: "knock" }, `${cap(seatName(event.seat))} knocks (open: ${event.values.join(", ")})`);
      return el("li", { class: event.points ? "scoring" : "" },
        `${cap(seatName(event.seat))}: ${event.play} — ends ${event.ends_total}${event.points ? `, scores ${event.points}` : ""}`);
    });
    log.replaceChildren(...items);
    log.scrollTop = log.scrollHeight;
  }

  function renderAdmin() {
    const node = $("admin");
    node.replaceChildren();
    if (!welcome || !welcome.admin) return;
    node.append(el("h2", {}, "Table controls"));
    if (state.status === "open") {
      node.append(el("div", { class: "row" }, el("button", { class: "primary", id: "start", onclick: () => send({ type: "start" }) }, "Start the match")));
    }
    for (const info of state.seats) {
      if (info.kind !== "human" || info.connected || state.status === "over") continue;
      const level = el("select", { "aria-label": `Bot level for seat ${info.seat}` }, ...["greedy", "random"].map((b) => el("option", { value: b }, `${b} bot`)));
      fetchBots(level);
      node.append(el("div", { class: "row" }, `Seat ${info.seat} (${info.name}) is away.`, level,
        el("button", { "data-replace": info.seat, onclick: () => send({ type: "replace", seat: info.seat, bot: level.value }) }, "Seat a bot")));
    }
    node.append(el("p", { class: "muted" }, "Watch link: ", el("a", { href: `/table/${tableId}` }, `${location.origin}/table/${tableId}`)));
    if (state.status !== "over") node.append(el("div", { id: "seat-links" }, ...seatLinks));
  }

  // The people's seat links, for the creator to send again (fetched once).
  let seatLinks = [];
  async function loadSeatLinks() {
    if (!admin) return;
    try {
      const { seats } = await SR.getJson(`/api/tables/${encodeURIComponent(tableId)}/links`, {
        method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ admin }),
      });
      seatLinks = seats.filter((s) => s.seat !== (welcome ? welcome.seat : null)).map((s) =>
        el("p", { class: "muted" }, `Link for ${s.name} (seat ${s.seat}): `, el("a", { href: s.link, class: "seat-link" }, `${location.origin}${s.link}`)));
      render();
    } catch (_) { /* not the creator after all: the server says so on the socket */ }
  }

  let botNames = null;
  async function fetchBots(select) {
    if (!botNames) { try { botNames = (await SR.getJson("/api/bots")).bots; } catch (_) { return; } }
    const keep = select.value;
    select.replaceChildren(...botNames.map((b) => el("option", { value: b, selected: b === keep }, `${b} bot`)));
  }

  function renderOverlay() {
    const overlay = $("overlay");
    const result = state.results[state.hand_number];
    const show = state.hand_over && result && hiddenOverlayFor !== state.hand_number;
    if (!show) { overlay.hidden = true; overlay.replaceChildren(); return; }
    const panel = el("div", { class: "panel", role: "dialog", "aria-modal": "true", "aria-labelledby": "settle-title", id: "settlement" });
    panel.append(el("h2", { id: "settle-title" }, `Hand ${state.hand_number + 1}: ${describeEnd(result)}`));
    if (result.hands) {
      const table = el("table", { class: "settle" },
        el("thead", {}, el("tr", {}, el("th", {}, "Seat"), el("th", {}, "Tiles left"), el("th", {}, "Pips"), el("th", {}, "Rounded"))));
      const body = el("tbody");
      for (let seat = 0; seat < 4; seat++) {
        body.append(el("tr", { "data-seat": seat },
          el("td", {}, cap(seatName(seat))),
          el("td", {}, el("div", { class: "tiles", html: result.hands[seat].map((t) => tileSvg(t, 16)).join("") || "—" })),
          el("td", {}, String(result.pips[seat])),
          el("td", {}, result.deductions[seat] ? `−${result.deductions[seat]}` : "0")));
      }
      table.append(body);
      panel.append(table);
      for (const team of [0, 1]) {
        panel.append(el("p", { class: `team${team}` }, `${TEAM_NAMES[team]}: ${result.scores_before[team]} − ${result.loss[team]} = `,
          el("strong", {}, String(result.scores[team]))));
      }
    } else {
      panel.append(el("p", {}, `Final scores: ${TEAM_NAMES[0]} ${result.scores[0]}, ${TEAM_NAMES[1]} ${result.scores[1]}. No settlement after the target.`));
    }
    const actions = el("div", { class: "controls" });
    if (state.winner !== null) {
      panel.append(el("p", { class: "banner your-turn", id: "winner" }, `${TEAM_NAMES[state.winner]} win the match, ${state.scores[state.winner]} to ${state.scores[1 - state.winner]}.`));
      actions.append(el("a", { href: `/replay/${tableId}` }, "Replay this match"), el("a", { href: "/" }, "Back to the lobby"));
    } else if (state.seat !== null && state.seat !== undefined) {
      const me = state.seats[state.seat];
      if (me.ready) {
        const waiting = state.seats.filter((s) => s.kind === "human" && s.connected && !s.ready).map((s) => s.name);
        actions.append(el("span", { class: "muted" }, `Waiting for ${waiting.join(", ") || "the deal"}…`));
      } else {
        actions.append(el("button", { class: "primary", id: "next-hand", onclick: () => send({ type: "next_hand" }) }, "Next hand"));
      }
    } else {
      actions.append(el("span", { class: "muted" }, "The players will start the next hand."));
    }
    actions.append(el("button", { id: "look", onclick: () => { hiddenOverlayFor = state.hand_number; render(); } }, "Look at the table"));
    panel.append(actions);
    overlay.replaceChildren(panel);
    overlay.hidden = false;
    const focus = panel.querySelector("#next-hand") || panel.querySelector("a, button");
    if (focus && !overlay.contains(document.activeElement)) focus.focus();
  }

  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && selected) { selected = null; render(); }
  });

  connect();
})();
