// The table page: one WebSocket to the server, which is authoritative; this page only sends intents.
"use strict";

(() => {
  const { el, esc, tileSvg, backSvg, pegBoard, TEAM_NAMES, t, tn, ltr, LANG, loadPictures, pictureTileSvg, num } = SR;
  // the connection: the table, the link, the seat's session (common.js)
  const link = SR.tableLink({ receive: (message) => receive(message), toast: (text, kind) => toast(text, kind), area: () => boardArea(), ghosts: true });
  const { tableId, admin, send } = link;
  const invitations = SR.seatInvitations({ link, render: () => render(), toast: (text, kind) => toast(text, kind) });

  let welcome = null;
  let state = null;
  let selected = null;       // the chosen tile ("3-4")
  let backPeg = null;        // the scores before the last change (the back pegs)
  let hiddenOverlayFor = null;
  let toastTimer = null;
  let freshDraws = new Set();  // tiles this seat has just drawn (animated once)
  let freshMove = false;       // a placement has just arrived: the next drawing animates it
  let freshDeal = false;       // a hand has just been dealt: the next drawing deals the hand in
  let scoreDelta = null;       // { change: [team 0, team 1], at }: the last change, shown by the scores

  const faceSvg = (tile, size) => (state && state.picture ? pictureTileSvg(tile, size ? size * 1.6 : 60) : tileSvg(tile, size));

  // Seven Rocks keeps its own page; any other game of the family adds what it needs.
  const family = () => state && state.game && state.game !== "seven-rocks";
  const seatCount = () => (state && state.seats_count) || 4;
  const sideOf = (seat) => (state && state.side_of ? state.side_of[seat] : seat % 2);

  const $ = (id) => document.getElementById(id);

  // A "placed" message says what one placement changed in the middle of a hand (its new events,
  // from number events_from on, and the fields a placement changes); it follows on from the state
  // held when its move is one more and events_from is the number of events held. Its layout's
  // drawing is a patch of the one held (svg_patch: pieces of text, and [start, end] ranges of the
  // drawing held to copy; svg_length the length of the result), or the whole svg. Returns the new
  // state, or null on a gap (the page then asks for the whole state with a "sync" message).
  function applyPlaced(held, placed) {
    if (!held || held.hand_number !== placed.hand_number || held.move !== placed.move - 1
        || !held.events || held.events.length !== placed.events_from) return null;
    const { type: _type, events_from: _from, events, ...changed } = placed;
    if (changed.layout && changed.layout.svg_patch) {
      const { svg_patch: patch, svg_length: length, ...layout } = changed.layout;
      const old = held.layout && held.layout.svg;
      if (typeof old !== "string") return null;
      const svg = patch.map((item) => (typeof item === "string" ? item : old.slice(item[0], item[1]))).join("");
      if (svg.length !== length) return null;
      changed.layout = { ...layout, svg };
    }
    return { ...held, ...changed, type: "state", events: held.events.concat(events) };
  }

  function receive(message) {
    if (message.type === "welcome") {
      welcome = message;
      saidArea = boardArea();   // a new connection: it said the board area as it opened
      $("role").textContent = message.seat === null ? t("Watching table {table}", { table: message.table }) : t("Table {table} · you are seat {seat}", { table: message.table, seat: message.seat });
      if (message.admin && !invitations.loaded) invitations.load();
    } else if (message.type === "state") {
      const previous = state;
      state = message;
      SR.turnClock.update(state.clock, state.seat, send);   // the turn clock (clocks.js)
      if (previous && (previous.scores[0] !== state.scores[0] || previous.scores[1] !== state.scores[1])) {
        backPeg = previous.scores;
        scoreDelta = { change: [state.scores[0] - previous.scores[0], state.scores[1] - previous.scores[1]], at: performance.now() };
      }
      freshMove = Boolean(previous && previous.move !== state.move && previous.hand_number === state.hand_number);
      freshDeal = Boolean(state.hand && state.hand.length && (!previous || previous.hand_number !== state.hand_number || !(previous.hand || []).length));
      if (!previous || previous.move !== state.move || previous.hand_number !== state.hand_number) selected = null;
      const before = new Set(previous && previous.hand_number === state.hand_number ? previous.drawn || [] : []);
      freshDraws = new Set((state.drawn || []).filter((tile) => !before.has(tile)));
      announce(previous, state);
      render();
    } else if (message.type === "placed") {
      const next = applyPlaced(state, message);
      if (next) receive(next);
      else send({ type: "sync" });   // a gap: ask for the whole state
    } else if (message.type === "seats") {
      if (!state) return;
      state = { ...state, seats: message.seats };
      render();
    } else if (message.type === "error") {
      toast(message.message, "error");   // refusals are said by the connection (common.js)
    }
  }

  // ------------------------------------------------------------------ announcements
  function seatName(seat) {
    if (!state || seat === null || seat === undefined) return t("seat {seat}", { seat });
    const info = state.seats[seat];
    if (state.seat === seat) return t("seat {seat} · {name} (you)", { seat, name: info.name });
    return t("seat {seat} · {name}", { seat, name: info.name });
  }

  function announce(previous, next) {
    if (!previous || next.hand_number < 0) return;
    const fresh = previous.hand_number === next.hand_number ? next.events.slice(previous.events.length) : next.events;
    const lines = [];
    let scoring = null;
    for (const event of fresh) {
      if (event.words) {
        if (event.kind !== "placement" || event.points) lines.push(cap(event.words) + ".");
        if (event.points) scoring = event;
      } else if (event.kind === "knock") lines.push(t("{seat} knocks.", { seat: cap(seatName(event.seat)) }));
      else if (event.kind === "draw") lines.push(event.tile ? t("You draw {tile}.", { tile: ltr(event.tile) }) : t("{seat} draws a tile.", { seat: cap(seatName(event.seat)) }));
      else if (event.points) { scoring = event; lines.push(t("{seat} scores {points} (counted ends {total}).", { seat: cap(seatName(event.seat)), points: event.points, total: event.ends_total })); }
    }
    if (previous.hand_number !== next.hand_number && next.leader !== null) lines.push(t("Hand {hand}: {seat} leads.", { hand: next.hand_number + 1, seat: seatName(next.leader) }));
    const result = next.results[next.hand_number];
    if (next.hand_over && !previous.hand_over && result) lines.push(family() ? (result.text || "").split("\n")[0] : describeEnd(result));
    if (family()) {
      if (next.over_text && !previous.over_text) lines.push(next.over_text);
    } else if (next.winner !== null && previous.winner === null) lines.push(t("{team} win the match!", { team: TEAM_NAMES[next.winner] }));
    if (lines.length) {
      $("announce").textContent = lines.join(" ");
      toast(lines.join(" "), scoring ? "points" : "");
    }
  }

  function describeEnd(result) {
    if (result.end === "domino") return t("{seat} dominoes: the hand is over.", { seat: cap(seatName(result.finisher)) });
    if (result.end === "blocked") return t("The hand is blocked: nobody can place.");
    return t("The target is reached: the match is over.");
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
    const n = seatCount();
    renderSeat($("seat-bottom"), me, true);
    // the other seats round the table in playing order: left, top, right (two seats: opposite)
    const places = n === 2 ? [null, (me + 1) % n, null] : n === 3 ? [(me + 1) % n, null, (me + 2) % n] : [(me + 1) % 4, (me + 2) % 4, (me + 3) % 4];
    ["seat-left", "seat-top", "seat-right"].forEach((id, i) => {
      if (places[i] === null) $(id).replaceChildren(); else renderSeat($(id), places[i]);
    });
    document.body.classList.toggle("picture-game", Boolean(state.picture));
    if (state.picture) loadPictures();
    renderBoard();
    $("layout").classList.toggle("fresh", freshMove);
    renderHand();
    $("hand").classList.toggle("dealt", freshDeal);
    freshMove = freshDeal = false;
    renderLog();
    renderAdmin();
    renderOverlay();
    renderHint();
    if (state.hand_over && hiddenOverlayFor === state.hand_number) {
      $("options").append(el("button", { id: "show-settlement", onclick: () => { hiddenOverlayFor = null; render(); } },
        state.phase !== "over" ? t("Settlement and next hand") : t("Settlement and result")));
    }
  }

  // A practice table: a hint button and a small panel with the best placements (server side, from
  // this seat's view); the placement that follows is marked "hinted" in the match's record.
  let hintFor = null;
  function renderHint() {
    let box = $("hint-box");
    if (!state.practice || state.seat === null || state.seat === undefined || !link.session) { if (box) box.remove(); return; }
    if (!box) {
      box = el("div", { id: "hint-box", class: "hint-box" },
        el("button", { id: "hint", type: "button", onclick: askHint }, t("Hint")),
        el("ol", { id: "hint-list", "aria-live": "polite" }));
      $("options").after(box);
    }
    $("hint").disabled = state.turn !== state.seat;
    if (hintFor !== state.move) $("hint-list").replaceChildren();
  }
  async function askHint() {
    const list = $("hint-list");
    const asked = state.move;
    $("hint").disabled = true;
    list.replaceChildren(el("li", { class: "muted" }, t("Thinking…")));
    try {
      const answer = await SR.getJson(`/api/tables/${encodeURIComponent(tableId)}/hint`, {
        method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ session: link.session }),
      });
      if (state.move !== asked) return;
      hintFor = asked;
      list.replaceChildren(...answer.hints.map((h) => el("li", { class: "hint-play", "data-play": h.play },
        t("{play}: {points} points expected to the end of the hand", { play: h.words || ltr(h.play), points: h.points }))));
    } catch (err) {
      list.replaceChildren(el("li", { class: "error-text" }, err.message));
    } finally { $("hint").disabled = state.turn !== state.seat; }
  }

  // A quick match waiting for people: the match starts when every seat is taken, or when its wait
  // is over with bots in the seats still empty; the banner counts the seconds down.
  const quickDeadline = new WeakMap();
  function quickText() {
    if (!quickDeadline.has(state.quick)) quickDeadline.set(state.quick, Date.now() + state.quick.seconds_left * 1000);
    const count = Math.max(0, Math.ceil((quickDeadline.get(state.quick) - Date.now()) / 1000));
    return tn("Quick match: it starts when every seat is taken, or in {count} second with bots in the empty seats.",
      "Quick match: it starts when every seat is taken, or in {count} seconds with bots in the empty seats.", count, { count });
  }
  setInterval(() => {
    if (state && state.status === "open" && state.quick && state.seat !== null && state.seat !== undefined) $("banner").textContent = quickText();
  }, 1000);

  function renderScore() {
    const line = $("scoreline");
    if (family()) { renderSheet(line); return; }
    line.replaceChildren(
      el("span", { class: "team0", id: "score-0" }, `${TEAM_NAMES[0]}: ${num(state.scores[0])}`, scoreChange(0)),
      el("span", { class: "muted", id: "target" }, t("target {target}", { target: state.target }) + (state.hand_number >= 0 ? " · " + t("hand {hand}", { hand: state.hand_number + 1 }) : "")),
      el("span", { class: "team1", id: "score-1" }, `${TEAM_NAMES[1]}: ${num(state.scores[1])}`, scoreChange(1)));
    $("pegboard").innerHTML = pegBoard(state.scores, backPeg, state.target);
  }

  // "+10" by a side's score for a moment after it changed (kept through redrawings until it fades).
  function scoreChange(team) {
    if (!scoreDelta || !scoreDelta.change[team]) return null;
    const age = performance.now() - scoreDelta.at;
    if (age > 1800) return null;
    const change = scoreDelta.change[team];
    const node = el("span", { class: `score-delta${change < 0 ? " down" : ""}`, "data-change": change, "aria-hidden": "true" }, change > 0 ? `+${change}` : num(change));
    node.style.animationDelay = `${-Math.round(age)}ms`;
    return node;
  }

  // The game's own score sheet: the score line in its words (from the server), and what the game
  // keeps besides: the Goat family's remembered points and eggs, Sea Goat's record and hundred,
  // General's Generals. Picture dominoes keeps no score.
  function renderSheet(line) {
    $("pegboard").replaceChildren();
    const sheet = state.sheet || {};
    const hand = state.hand_number >= 0 ? t("hand {hand}", { hand: state.hand_number + 1 }) : "";
    if (state.picture) { line.replaceChildren(el("span", { class: "muted" }, hand)); return; }
    const parts = [el("span", { id: "score-line", class: "sheet-scores" }, state.scores_text || "")];
    if (sheet.eggs) parts.push(el("span", { class: "eggs", id: "sheet-eggs" }, t("eggs: {points}", { points: sheet.eggs })));
    if (sheet.record) parts.push(el("span", { id: "sheet-record" }, t("record: {side} with {points}", { side: sideName(sheet.record.side), points: sheet.record.points })));
    if (sheet.hundred !== null && sheet.hundred !== undefined) parts.push(el("span", { id: "sheet-hundred" }, t("hundred hand of {seat}", { seat: seatName(sheet.hundred) })));
    if (sheet.generals) parts.push(el("span", { id: "sheet-generals" }, sheet.generals.map((count, side) => tn("{side}: {count} General", "{side}: {count} Generals", count, { side: sideName(side), count })).join(" · ")));
    if (hand) parts.push(el("span", { class: "muted" }, hand));
    line.replaceChildren(...parts);
  }

  function sideName(side) {
    if (!state.partnerships) return seatName(side);
    return t("seats {first}+{second}", { first: side, second: side + 2 });
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
    const drew = state.draws ? state.draws[seat] : 0;
    const turn = state.turn === seat;
    // a bot named by its level says it once: "Seat 2 · expert bot", not "expert bot / expert bot"
    const who = info.kind === "bot" ? (info.named === false ? "" : info.level || t("{bot} bot", { bot: info.bot })) : (info.connected ? t("connected") : t("away"));
    const box = el("div", { class: `seat-box${turn ? " turn" : ""}`, "data-seat": seat, role: "group", "aria-label": t("Seat {seat}", { seat }) },
      el("div", { class: "name" }, el("span", { class: `team${sideOf(seat) % 2}` }, t("Seat {seat}", { seat })), ` · ${info.name}`,
        state.seat === seat ? " " + t("(you)") : ""),
      el("div", { class: "status" }, [who, state.leader === seat && state.hand_number >= 0 ? t("led") : ""].filter(Boolean).join(" · "),
        turn ? el("strong", {}, " · " + t("to play")) : null,
        SR.turnClock.badge(seat),
        lastKnock(seat) ? el("span", { class: "knock" }, " · " + t("knocked")) : null,
        drew ? el("span", { class: "drew", "data-draws": drew }, " · " + t("drew {count}", { count: drew })) : null),
      mine && state.seat === seat ? null : el("div", { class: "backs", role: "img", "aria-label": t("Tiles: {count}", { count }) }, ...Array.from({ length: count }, () => el("span", { html: backSvg() }))),
      mine && state.seat === seat ? null : el("div", { class: "status count" }, t("Tiles: {count}", { count })));
    node.replaceChildren(box);
  }

  function renderBoard() {
    const layout = $("layout");
    if (!state.layout) {
      layout.innerHTML = "";
      layout.append(el("p", { class: "empty" }, state.status === "open" ? t("The match has not started yet.") : t("Waiting for the deal…")));
      $("ends").textContent = "";
      return;
    }
    layout.innerHTML = state.layout.svg;
    fitBoard(layout);
    SR.localizeLayout(layout, state.layout.tiles, state.layout.ends_total);
    if (state.layout.tiles === 0 && !state.hand_over) layout.append(el("p", { class: "empty" }, t("{seat} leads with any tile.", { seat: cap(seatName(state.turn)) })));
    const counted = state.layout.counted.map(([tile, n]) => ltr(`${tile}: ${n}`)).join(", ");
    const none = t("none");
    const parts = [];
    if (state.layout.tiles && (!family() || state.scoring)) parts.push(t("Counted ends: {ends} — total {total}", { ends: counted || none, total: state.layout.ends_total }));
    if (family() && (state.boneyard || state.drawable)) parts.push(tn("Boneyard: {count} tile", "Boneyard: {count} tiles", state.boneyard, { count: state.boneyard }));
    $("ends").textContent = parts.join(" · ");
    $("ends").dataset.boneyard = String(state.boneyard || 0);
    markTargets();
  }

  function optionsFor(tile) { return state.legal.filter((option) => (option.tiles || [option.tile]).includes(tile)); }

  // A move as its button reads: in words from the server ("5-5 on the left arm: ends 13, +10
  // points"), the notation only if the server gave no words.
  const optionText = (option) => option.words || ltr(option.play);

  function renderHand() {
    const hand = $("hand");
    const banner = $("banner");
    const options = $("options");
    options.replaceChildren();
    if (state.seat === null || state.seat === undefined) {
      hand.replaceChildren();
      banner.textContent = state.turn === null ? "" : t("{seat} to play.", { seat: cap(seatName(state.turn)) });
      banner.className = "banner";
      return;
    }
    const myTurn = state.turn === state.seat;
    banner.className = `banner${myTurn ? " your-turn" : ""}`;
    if (family() && state.over_text) banner.textContent = state.over_text;
    else if (!family() && state.winner !== null) banner.textContent = t("{team} won the match.", { team: TEAM_NAMES[state.winner] });
    else if (state.status === "open" && state.quick) banner.textContent = quickText();
    else if (state.status === "open") banner.textContent = t("Waiting for the creator to start the match.");
    else if (state.hand_over) banner.textContent = t("The hand is over.");
    else banner.textContent = myTurn ? t("Your turn: choose a tile.") : t("{seat} to play.", { seat: cap(seatName(state.turn)) });
    if (state.may_declare_hundred) {
      banner.textContent = t("You hold 6-6 and your side holds the record: you may declare a hundred.");
      options.append(
        el("button", { class: "primary", id: "declare-hundred", onclick: () => send({ type: "hundred", declare: true }) }, t("Declare a hundred: lead 6-6")),
        el("button", { id: "no-hundred", onclick: () => send({ type: "hundred", declare: false }) }, t("Play on as dealt")));
    } else if (state.hundred_pending !== null && state.hundred_pending !== undefined) {
      banner.textContent = t("{seat} may declare a hundred…", { seat: cap(seatName(state.hundred_pending)) });
    }
    if (state.signals) {
      const said = [];
      if (state.signals.blanks) said.push(t("your partner winks: it holds 0-0"));
      if (state.signals.sixes) said.push(t("your partner puffs a cheek: it holds 6-6"));
      if (said.length) options.append(el("span", { class: "signals" }, said.join(" · ")));
    }
    const buttons = (state.hand || []).map((tile) => {
      const choices = myTurn ? optionsFor(tile) : [];
      const label = choices.length ? (choices.length === 1 ? t("Place {tile}", { tile: ltr(tile) }) : tn("Choose {tile} ({count} place)", "Choose {tile} ({count} places)", choices.length, { tile: ltr(tile), count: choices.length })) : t("{tile} (cannot be placed now)", { tile: ltr(tile) });
      const button = el("button", {
        class: `tile${choices.length ? " playable" : ""}${selected === tile ? " selected" : ""}${freshDraws.has(tile) ? " drawn" : ""}`,
        "data-tile": tile, "data-several": choices.some((option) => option.several) ? "true" : null, "data-open-half": choices.some((option) => (option.open_half || []).some((half) => half !== null)) ? "true" : null, "aria-label": label, "aria-pressed": selected === tile ? "true" : "false", title: label,
        html: faceSvg(tile),
        onclick: () => { if (performance.now() - dragged > 400) chooseTile(tile); },
      });
      if (choices.length) button.addEventListener("pointerdown", (event) => dragStart(event, tile));
      return button;
    });
    buttons.forEach((button, index) => button.style.setProperty("--deal", String(index)));
    hand.replaceChildren(...buttons);
    if (selected) {
      const choices = optionsFor(selected);
      options.append(el("span", { class: "muted" }, t("{tile} can go:", { tile: ltr(selected) })));
      for (const option of choices) {
        options.append(el("button", {
          class: `option${option.points ? " scores" : ""}${option.several ? " several" : ""}`, "data-play": option.play,
          onclick: () => play(option),
        }, optionText(option)));
      }
      options.append(el("button", { onclick: () => { selected = null; render(); } }, t("Cancel")));
    }
  }

  // The player's setting "one click places a tile that has a single place", kept in this browser.
  const ONE_CLICK_KEY = "sevenrocks-one-click";
  function oneClick() {
    try { return localStorage.getItem(ONE_CLICK_KEY) === "1"; } catch (_) { return false; }
  }
  function settingsBox() {
    const box = el("input", { type: "checkbox", id: "one-click", checked: oneClick() });
    box.addEventListener("change", () => {
      try { localStorage.setItem(ONE_CLICK_KEY, box.checked ? "1" : "0"); } catch (_) { /* private mode */ }
    });
    return el("label", { class: "setting", for: "one-click" }, box, " ", t("One click places a tile that has a single place"));
  }
  if ($("help")) $("help").before(settingsBox());

  function chooseTile(tile) {
    if (state.turn !== state.seat) { toast(state.turn === null ? t("No tile can be placed now.") : t("It is the turn of {seat}.", { seat: seatName(state.turn) }), "error"); return; }
    const choices = optionsFor(tile);
    if (!choices.length) { toast(t("{tile} cannot be placed now: no open connection point shows its values.", { tile: ltr(tile) }), "error"); return; }
    // a tile with a single place shows it first (where it goes, what it scores): the second click
    // places it; with the one-click setting the first click does
    if (choices.length === 1 && !choices[0].several && (oneClick() || selected === tile)) { play(choices[0]); return; }
    selected = selected === tile ? null : tile;
    render();
    const first = document.querySelector("#options button.option");
    if (first) first.focus();
  }

  // ------------------------------------------------------------------------ board sizing
  // The server draws the layout on one of a few boards of different shapes (svg[data-board], see
  // sevenrocks.web.render): the one that shows the tiles biggest in this page's board area (its
  // width, and at most 62% of the window's height as style.css allows), which the page says as
  // it connects and again when the window is resized. A drawing on several boards (a server
  // that was not told) keeps the one that shows the tiles biggest and drops the others.
  function boardArea() {
    const box = document.getElementById("layout");
    return [(box && box.clientWidth) || window.innerWidth, Math.max(120, window.innerHeight * 0.62)];
  }

  // the board area this connection last told the server
  let saidArea = null;

  function fitBoard(root) {
    const drawings = [...root.querySelectorAll("svg[data-board]")];
    if (drawings.length < 2) return;
    const [width, height] = boardArea();
    let best = null;
    let bestScale = -1;
    for (const svg of drawings) {
      const [w, h] = svg.getAttribute("viewBox").trim().split(/\s+/).map(Number).slice(2);
      const scale = Math.min(width / w, height / h);
      if (scale > bestScale + 1e-9) { best = svg; bestScale = scale; }
    }
    for (const svg of drawings) if (svg !== best) svg.remove();
  }

  // a resized window says its new board area (once it has settled); the server answers with the
  // whole state, drawn on the board that fits it now
  let resizing = null;
  window.addEventListener("resize", () => {
    clearTimeout(resizing);
    resizing = setTimeout(() => {
      const area = boardArea();
      if (!welcome || (saidArea && Math.abs(area[0] - saidArea[0]) < 8 && Math.abs(area[1] - saidArea[1]) < 8)) return;
      saidArea = area;
      send({ type: "sync", area: area.map((side) => Math.max(1, Math.round(side))) });
    }, 150);
  });

  function play(option) {
    send({ type: "play", play: option.play, at: state.move });
    selected = null;
  }

  function markTargets() {
    const svg = $("layout").querySelector("svg");
    if (!svg || !selected) return;
    const ghosted = drawGhosts(svg);
    for (const option of optionsFor(selected)) {
      if (!option.point || option.several) continue;
      const spot = svg.querySelector(`[data-point="${option.point}"]`);
      if (!spot) continue;
      spot.classList.add("target");
      spot.setAttribute("tabindex", "0");
      spot.setAttribute("role", "button");
      spot.setAttribute("aria-label", option.words ? t("Place {move}", { move: option.words }) : option.points ? t("Place {tile} on {point}: counted ends {total}, scores {points}", { tile: selected, point: option.point.split(":")[0], total: option.ends_total, points: option.points })
        : t("Place {tile} on {point}: counted ends {total}", { tile: selected, point: option.point.split(":")[0], total: option.ends_total }));
      spot.addEventListener("click", () => play(option));
      spot.addEventListener("keydown", (event) => { if (event.key === "Enter" || event.key === " ") { event.preventDefault(); play(option); } });
      const box = spot.getBBox ? spot.getBBox() : null;
      const counted = option.ends_total !== null && option.ends_total !== undefined;  // a game that counts ends
      if (box && counted && !ghosted.has(option.play)) {  // a ghost tile says it beside itself
        const hint = document.createElementNS("http://www.w3.org/2000/svg", "text");
        const size = Math.max(box.height, box.width) * (option.points ? 0.95 : 0.7);
        hint.setAttribute("x", box.x + box.width * 1.1);
        hint.setAttribute("y", box.y - box.height * 0.1);
        hint.setAttribute("font-size", size);
        hint.setAttribute("stroke-width", size * 0.12);
        hint.setAttribute("class", option.points ? "score-hint scores" : "score-hint");
        hint.textContent = option.points ? `+${option.points}` : `→${option.ends_total}`;
        spot.parentNode.append(hint);
        keepInside(svg, hint, box);
      }
    }
  }

  // Ghost tiles: for the selected tile, a translucent tile with a dashed outline where each legal
  // placement would put it (the server works the boxes out with the board's own geometry,
  // sevenrocks.web.render.ghost_boxes), its points beside it; a click (or a drop) there places it.
  // Returns the plays drawn as ghosts.
  const SVG_NS = "http://www.w3.org/2000/svg";
  function drawGhosts(svg) {
    const drawn = new Set();
    const board = svg.dataset.board;
    const layer = document.createElementNS(SVG_NS, "g");
    layer.setAttribute("class", "ghosts");
    for (const option of optionsFor(selected)) {
      const box = option.ghost && option.ghost[board];
      if (!box || option.several) continue;
      const [x, y, w, h, turn] = box;
      const ghost = document.createElementNS(SVG_NS, "g");
      ghost.setAttribute("class", `ghost${option.points ? " scores" : ""}`);
      ghost.dataset.play = option.play;
      ghost.setAttribute("aria-hidden", "true");  // the rings and the buttons say the same to keyboards
      ghost.setAttribute("transform", `translate(${x + w / 2} ${y + h / 2}) rotate(${turn})`);
      // the hand's drawing of the tile (upright, 40 by 80, low half on top), turned into place
      const drawing = document.createElementNS(SVG_NS, "g");
      drawing.innerHTML = state.picture ? pictureTileSvg(selected, 40) : tileSvg(selected, 40);
      const face = document.createElementNS(SVG_NS, "g");
      face.setAttribute("class", `ghost-face domino${state.picture ? " picture-tile" : ""}`);
      face.setAttribute("transform", "translate(-20 -40)");
      face.append(...drawing.firstElementChild.childNodes);
      ghost.append(face);
      const outline = document.createElementNS(SVG_NS, "rect");
      for (const [name, value] of [["x", -20], ["y", -40], ["width", 40], ["height", 80], ["rx", 5], ["class", "ghost-outline"]]) outline.setAttribute(name, value);
      ghost.append(outline);
      ghost.addEventListener("click", (event) => { event.stopPropagation(); play(option); });
      layer.append(ghost);
      drawn.add(option.play);
    }
    if (!drawn.size) return drawn;
    // under the rings (they stay clickable), over the tiles
    const marks = svg.querySelector("g.layout") || svg;
    const firstMark = marks.querySelector("[data-point]");
    if (firstMark) marks.insertBefore(layer, firstMark); else marks.append(layer);
    for (const ghost of layer.querySelectorAll(".ghost")) {
      const option = optionsFor(selected).find((o) => o.play === ghost.dataset.play);
      const counted = option.ends_total !== null && option.ends_total !== undefined;
      if (!counted) continue;
      const [x, y, w, h] = option.ghost[board];
      const spot = { x, y, width: w, height: h };
      const size = 40 * (option.points ? 0.95 : 0.7);
      const label = document.createElementNS(SVG_NS, "text");
      label.setAttribute("x", x + w + 4);
      label.setAttribute("y", y + size * 0.8);
      label.setAttribute("font-size", size);
      label.setAttribute("stroke-width", size * 0.12);
      label.setAttribute("class", option.points ? "score-hint ghost-points scores" : "score-hint ghost-points");
      label.dataset.play = option.play;
      label.setAttribute("aria-hidden", "true");
      label.textContent = option.points ? `+${option.points}` : `→${option.ends_total}`;
      layer.append(label);
      keepInside(svg, label, spot);
    }
    return drawn;
  }

  // Dragging a tile of the hand (mouse, pen or finger) onto a ghost places it there; a drag shows
  // the tile's ghosts as it starts. A short move is still a click.
  let drag = null;
  const DRAG_START = 6;
  function dragStart(event, tile) {
    if (event.button !== 0 || state.turn !== state.seat || !optionsFor(tile).length) return;
    drag = { tile, x: event.clientX, y: event.clientY, id: event.pointerId, moving: false, image: null };
  }
  function dropTarget(x, y) {
    // the topmost ghost or ring under the point (a label or a pip may lie over it)
    const spot = document.elementsFromPoint(x, y).map((node) => node.closest("#layout .ghost, #layout [data-point].target")).find(Boolean);
    if (!spot) return null;
    if (spot.dataset.play) return optionsFor(drag.tile).find((o) => o.play === spot.dataset.play) || null;
    return optionsFor(drag.tile).find((o) => o.point === spot.dataset.point && !o.several) || null;
  }
  window.addEventListener("pointermove", (event) => {
    if (!drag || event.pointerId !== drag.id) return;
    if (!drag.moving) {
      if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < DRAG_START) return;
      drag.moving = true;
      selected = drag.tile;
      renderBoard();  // the ghosts, without redrawing the hand under the pointer
      for (const button of document.querySelectorAll(".hand button.tile")) button.classList.toggle("selected", button.dataset.tile === drag.tile);
      drag.image = el("div", { class: "drag-image", "aria-hidden": "true", html: faceSvg(drag.tile) });
      document.body.append(drag.image);
    }
    event.preventDefault();
    drag.image.style.left = `${event.clientX}px`;
    drag.image.style.top = `${event.clientY}px`;
    const target = dropTarget(event.clientX, event.clientY);
    for (const ghost of document.querySelectorAll("#layout .ghost")) ghost.classList.toggle("over", Boolean(target) && ghost.dataset.play === target.play);
  });
  function dragEnd(event) {
    if (!drag || event.pointerId !== drag.id) return;
    const moving = drag.moving;
    const option = moving && event.type === "pointerup" ? dropTarget(event.clientX, event.clientY) : null;
    if (drag.image) drag.image.remove();
    drag = null;
    if (!moving) return;
    dragged = performance.now();  // the click that ends a drag chooses nothing
    if (option) play(option); else render();
  }
  let dragged = -Infinity;  // when the last drag ended (performance.now()); none yet
  window.addEventListener("pointerup", dragEnd);
  window.addEventListener("pointercancel", dragEnd);

  // A score hint drawn beside its spot stays inside the board: past the right edge it moves to
  // the spot's left, above the top edge it moves below the spot ("→12" never shows as "→1").
  function keepInside(svg, hint, spot) {
    const view = svg.viewBox && svg.viewBox.baseVal;
    if (!view || !view.width || !hint.getBBox) return;
    let drawn = hint.getBBox();
    if (drawn.x + drawn.width > view.x + view.width) {
      hint.setAttribute("text-anchor", "end");
      hint.setAttribute("x", spot.x - spot.width * 0.1);
    }
    drawn = hint.getBBox();
    if (drawn.x < view.x) hint.setAttribute("x", view.x + (hint.getAttribute("text-anchor") === "end" ? drawn.width : 0));
    if (drawn.y < view.y) hint.setAttribute("y", spot.y + spot.height * 1.1 + drawn.height * 0.8);
    drawn = hint.getBBox();
    if (drawn.y + drawn.height > view.y + view.height) hint.setAttribute("y", view.y + view.height - drawn.height * 0.2);
  }

  function renderLog() {
    const log = $("log");
    const items = (state.events || []).map((event) => {
      // the server says each move in words ("Leyla (seat 1) placed 4-6 on the right arm: ends 15")
      if (event.words) return el("li", { class: event.kind === "placement" ? (event.points ? "scoring" : "") : event.kind, "data-play": event.play || null }, cap(event.words));
      if (event.kind === "knock") return el("li", { class: "knock" }, t("{seat} knocks (open values: {values})", { seat: cap(seatName(event.seat)), values: event.values.join(", ") }));
      if (event.kind === "draw") return el("li", { class: "draw" }, event.tile ? t("You draw {tile}", { tile: ltr(event.tile) }) : t("{seat} draws a tile", { seat: cap(seatName(event.seat)) }));
      if (family() && !state.scoring) return el("li", {}, t("{seat}: {play}", { seat: cap(seatName(event.seat)), play: ltr(event.play) }));
      return el("li", { class: event.points ? "scoring" : "" }, event.points
        ? t("{seat}: {play} — counted ends {total}, scores {points}", { seat: cap(seatName(event.seat)), play: ltr(event.play), total: event.ends_total, points: event.points })
        : t("{seat}: {play} — counted ends {total}", { seat: cap(seatName(event.seat)), play: ltr(event.play), total: event.ends_total }));
    });
    SR.turnClock.markLog(items, (state.events || []).map((event) => event.kind === "placement"));
    log.replaceChildren(...items);
    log.scrollTop = log.scrollHeight;
  }

  function renderAdmin() {
    const node = $("admin");
    node.replaceChildren();
    if (!welcome || !welcome.admin) return;
    node.append(el("h2", {}, t("Table controls")));
    if (state.status === "open") {  // with the choices, in view where the banner says to start
      $("options").append(el("button", { class: "primary", id: "start", onclick: () => send({ type: "start" }) }, t("Start the match")));
    }
    for (const info of state.seats) {
      if (info.kind !== "human" || info.connected || state.status === "over") continue;
      if (info.seat === state.seat) continue;
      const level = el("select", { "aria-label": t("Bot level for seat {seat}", { seat: info.seat }) }, ...["greedy", "random"].map((b) => el("option", { value: b }, b === "greedy" ? t("greedy bot") : t("random bot"))));
      SR.fillBotLevels(level);
      node.append(el("div", { class: "row" }, t("Seat {seat} ({name}) is away.", { seat: info.seat, name: info.name }), level,
        el("button", { "data-replace": info.seat, onclick: () => send({ type: "replace", seat: info.seat, bot: level.value }) }, t("Seat a bot"))));
    }
    node.append(el("p", { class: "muted" }, t("Watch link:"), " ", el("a", { href: `/table/${tableId}` }, `${location.origin}/table/${tableId}`)));
    if (state.status !== "over") node.append(el("div", { id: "seat-links" }, ...invitations.rows(state)));
  }


  function renderOverlay() {
    const overlay = $("overlay");
    const result = state.results[state.hand_number];
    const show = state.hand_over && result && hiddenOverlayFor !== state.hand_number;
    if (!show) { overlay.hidden = true; overlay.replaceChildren(); return; }
    const panel = el("div", { class: "panel", role: "dialog", "aria-modal": "true", "aria-labelledby": "settle-title", id: "settlement" });
    if (family()) {
      familyResult(panel, result);
    } else {
      panel.append(el("h2", { id: "settle-title" }, t("Hand {hand}: {end}", { hand: state.hand_number + 1, end: describeEnd(result) })));
    }
    if (family()) { /* the game's own words above */ } else if (result.hands) {
      const table = el("table", { class: "settle" },
        el("thead", {}, el("tr", {}, el("th", {}, t("Seat")), el("th", {}, t("Tiles left")), el("th", {}, t("Pips")), el("th", {}, t("Rounded")))));
      const body = el("tbody");
      for (let seat = 0; seat < 4; seat++) {
        body.append(el("tr", { "data-seat": seat },
          el("td", {}, cap(seatName(seat))),
          el("td", {}, el("div", { class: "tiles", html: result.hands[seat].map((t) => tileSvg(t, 16)).join("") || "—" })),
          el("td", {}, String(result.pips[seat])),
          el("td", {}, result.deductions[seat] ? num(-result.deductions[seat]) : "0")));
      }
      table.append(body);
      panel.append(table);
      for (const team of [0, 1]) {
        panel.append(el("p", { class: `team${team}` }, `${TEAM_NAMES[team]}: ${num(result.scores_before[team])} − ${result.loss[team]} = `,
          el("strong", {}, num(result.scores[team]))));
      }
    } else {
      panel.append(el("p", {}, t("Final scores: {team0} {score0}, {team1} {score1}. No settlement after the target.", { team0: TEAM_NAMES[0], score0: num(result.scores[0]), team1: TEAM_NAMES[1], score1: num(result.scores[1]) })));
    }
    const actions = el("div", { class: "controls" });
    if (family() && state.phase === "over") {
      panel.append(el("p", { class: "banner your-turn", id: "winner" }, state.over_text || ""));
      actions.append(el("a", { href: `/replay/${tableId}` }, t("Replay this match")), el("a", { href: "/" }, t("Back to the lobby")));
    } else if (!family() && state.winner !== null) {
      panel.append(el("p", { class: "banner your-turn", id: "winner" }, t("{team} win the match, {score} to {other}.", { team: TEAM_NAMES[state.winner], score: num(state.scores[state.winner]), other: num(state.scores[1 - state.winner]) })));
      actions.append(el("a", { href: `/replay/${tableId}` }, t("Replay this match")), el("a", { href: "/" }, t("Back to the lobby")));
    } else if (state.seat !== null && state.seat !== undefined) {
      const me = state.seats[state.seat];
      if (me.ready) {
        const waiting = state.seats.filter((s) => s.kind === "human" && s.connected && !s.ready).map((s) => s.name);
        actions.append(el("span", { class: "muted" }, waiting.length ? t("Waiting for {names}…", { names: waiting.join(", ") }) : t("Waiting for the deal…")));
      } else {
        actions.append(el("button", { class: "primary", id: "next-hand", onclick: () => send({ type: "next_hand" }) }, t("Next hand")));
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
  }

  // The end of a hand of any other game: its own words (the same text the terminal game prints),
  // then the tiles each seat was left with.
  function familyResult(panel, result) {
    const [first, ...rest] = (result.text || "").split("\n");
    panel.append(el("h2", { id: "settle-title" }, t("Hand {hand}", { hand: state.hand_number + 1 }) + " · " + first));
    if (rest.length) panel.append(el("pre", { class: "result-text", id: "result-text" }, rest.map((line) => line.trim()).join("\n")));
    if (result.hands) {
      const body = el("tbody");
      result.hands.forEach((hand, seat) => {
        body.append(el("tr", { "data-seat": seat }, el("td", {}, cap(seatName(seat))),
          el("td", {}, el("div", { class: "tiles", html: hand.map((tile) => faceSvg(tile, 16)).join("") || "—" }))));
      });
      panel.append(el("table", { class: "settle" }, el("thead", {}, el("tr", {}, el("th", {}, t("Seat")), el("th", {}, t("Tiles left")))), body));
    }
  }

  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && $("side").classList.contains("open")) { drawer(false); return; }
    if (event.key === "Tab" && $("side").classList.contains("open")) { trapFocus(event); return; }
    if (event.key === "Escape" && selected) { selected = null; render(); }
  });

  // While the drawer is open, Tab and Shift+Tab cycle through its controls and links only.
  function trapFocus(event) {
    const side = $("side");
    const inside = [...side.querySelectorAll("a[href], button, input, select, textarea, [tabindex]")]
      .filter((node) => !node.disabled && node.tabIndex >= 0 && node.getClientRects().length);
    if (!inside.length) return;
    const first = inside[0], last = inside[inside.length - 1];
    const at = inside.indexOf(document.activeElement);
    if (at < 0) { event.preventDefault(); (event.shiftKey ? last : first).focus(); }
    else if (event.shiftKey && at === 0) { event.preventDefault(); last.focus(); }
    else if (!event.shiftKey && at === inside.length - 1) { event.preventDefault(); first.focus(); }
  }

  // Phones and short screens: the table controls, the log, the legend and the links in a drawer
  // (a dialog while open: focus stays inside; Escape or its close button closes it and focus
  // goes back to the button that opened it).
  function drawer(open) {
    $("side").classList.toggle("open", open);
    $("drawer-toggle").setAttribute("aria-expanded", open ? "true" : "false");
    (open ? $("drawer-close") : $("drawer-toggle")).focus();
  }
  $("drawer-toggle").addEventListener("click", () => drawer(!$("side").classList.contains("open")));
  $("drawer-close").addEventListener("click", () => drawer(false));

  link.connect();
})();
