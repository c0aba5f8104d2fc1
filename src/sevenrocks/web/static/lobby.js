// The lobby: make a table (who sits where), list tables to watch and past matches to replay.
"use strict";

(async () => {
  const { el, getJson, TEAM_NAMES, t } = SR;
  const names = {};   // game id -> its name in the player's language
  const rows = document.getElementById("seat-rows");
  let bots = ["greedy", "random"];
  let labels = {};   // bot level -> its name in the player's language
  try { ({ bots, labels } = await getJson("/api/bots")); } catch (_) { /* keep the defaults */ }
  const preferred = bots.includes("greedy") ? "greedy" : bots[0];

  // The games (from the server): each with its seats, options and the bot levels that play it.
  let games = [];
  try { games = (await getJson("/api/games")).games; } catch (_) { /* Seven Rocks only */ }
  const gameSelect = document.getElementById("game");
  const seatsSelect = document.getElementById("seats");
  const optionsBox = document.getElementById("game-options");
  const targetLabel = document.getElementById("target-label");
  if (games.length) {
    gameSelect.replaceChildren(...games.map((g) => el("option", { value: g.id, selected: g.id === "seven-rocks" }, g.name)));
  }
  const current = () => games.find((g) => g.id === gameSelect.value) || { id: "seven-rocks", seats: [4], default_seats: 4, options: [], bots };

  function fillSeats() {
    const game = current();
    const keep = Number(seatsSelect.value) || game.default_seats;
    seatsSelect.replaceChildren(...game.seats.map((n) => el("option", { value: String(n), selected: n === (game.seats.includes(keep) ? keep : game.default_seats) }, String(n))));
    seatsSelect.disabled = game.seats.length === 1;
  }

  function fillOptions() {
    const game = current();
    const count = String(seatsSelect.value || game.default_seats);
    const target = game.options.find((o) => o.name === "target");
    targetLabel.hidden = !target;
    if (target) document.getElementById("target").value = String(target.by_seats[count] ?? target.default);
    optionsBox.replaceChildren(...game.options.filter((o) => o.name !== "target").map((o) => {
      const value = o.by_seats[count] ?? o.default;
      let input;
      if (o.kind === "bool") input = el("input", { type: "checkbox", "data-option": o.name, checked: value ? true : null });
      else if (o.choices) input = el("select", { "data-option": o.name }, ...o.choices.map((c) => el("option", { value: String(c), selected: c === value }, o.labels ? o.labels[String(c)] : String(c))));
      else input = el("input", { type: "number", min: "1", "data-option": o.name, value: String(value) });
      return el("label", { class: "game-option" }, o.label, " ", input);
    }));
  }

  function optionValues() {
    const game = current();
    const out = {};
    for (const input of optionsBox.querySelectorAll("[data-option]")) {
      const option = game.options.find((o) => o.name === input.dataset.option);
      if (!option) continue;
      if (option.kind === "bool") out[option.name] = input.checked;
      else if (option.kind === "int") out[option.name] = Number(input.value);
      else out[option.name] = input.value;
    }
    return out;
  }

  function seatCount() { return Number(seatsSelect.value) || 4; }

  function fillRows() {
    const game = current();
    const levels = game.bots || bots;
    const best = levels.includes("greedy") ? "greedy" : levels[0];
    const old = {};
    for (const row of rows.querySelectorAll(".seat-row")) {
      const seat = Number(row.dataset.seat);
      old[seat] = { kind: document.getElementById(`kind-${seat}`).value, name: document.getElementById(`name-${seat}`).value };
    }
    rows.replaceChildren();
    const count = seatCount();
    const paired = count === 4 && (game.id === "seven-rocks" || optionValues().partnerships !== false);
    for (let seat = 0; seat < count; seat++) {
      const was = old[seat] || { kind: seat === 0 ? "me" : "bot", name: "" };
      const kind = el("select", { id: `kind-${seat}`, "aria-label": t("Seat {seat}: who sits here", { seat }) },
        el("option", { value: "me", selected: was.kind === "me" }, t("You")),
        el("option", { value: "friend", selected: was.kind === "friend" }, t("A friend (link)")),
        el("option", { value: "bot", selected: was.kind === "bot" }, t("A bot")));
      const level = el("select", { id: `bot-${seat}`, "aria-label": t("Seat {seat}: bot level", { seat }) },
        ...levels.map((b) => el("option", { value: b, selected: b === best }, (game.bot_labels || labels)[b] || t("{bot} bot", { bot: b }))));
      const name = el("input", { id: `name-${seat}`, maxlength: "40", placeholder: t("name (optional)"), "aria-label": t("Seat {seat}: name", { seat }), value: was.name });
      const sync = () => { level.disabled = kind.value !== "bot"; };
      kind.addEventListener("change", () => {
        if (kind.value === "me") {
          for (let other = 0; other < count; other++) {
            const select = document.getElementById(`kind-${other}`);
            if (other !== seat && select && select.value === "me") { select.value = "friend"; select.dispatchEvent(new Event("change")); }
          }
        }
        sync();
      });
      sync();
      const partner = paired || game.id === "seven-rocks" ? (seat + 2) % 4 : null;
      rows.append(el("div", { class: "seat-row", "data-seat": seat },
        el("strong", {}, t("Seat {seat}", { seat }), " ", partner !== null ? el("span", { class: "muted" }, t("(partner: seat {partner})", { partner })) : null), kind, level, name));
    }
  }

  gameSelect.addEventListener("change", () => { fillSeats(); fillOptions(); fillRows(); });
  seatsSelect.addEventListener("change", () => { fillOptions(); fillRows(); });
  optionsBox.addEventListener("change", () => fillRows());
  fillSeats();
  fillOptions();
  fillRows();
  // A practice table: its players may ask for hints (the best placements after a short search).
  const optionsNode = document.getElementById("game-options");
  optionsNode.after(el("label", { id: "practice-label" }, el("input", { type: "checkbox", id: "practice" }), " ",
    t("Practice table: players may ask for hints")));
  // A public table: the list below shows its free seats, and anyone may take one.
  document.getElementById("practice-label").after(el("label", { id: "public-label" }, el("input", { type: "checkbox", id: "public" }), " ",
    t("Public table: anyone may take a free seat from the lobby")));

  // Quick match: the game, the level of the bots that fill the seats nobody takes, a name.
  const quickGame = document.getElementById("quick-game");
  const quickBot = document.getElementById("quick-bot");
  if (games.length) quickGame.replaceChildren(...games.map((g) => el("option", { value: g.id, selected: g.id === "seven-rocks" }, g.name)));
  function fillQuickBots() {
    const game = games.find((g) => g.id === quickGame.value);
    const levels = (game && game.bots) || bots;
    const best = levels.includes("expert") ? "expert" : levels.includes("greedy") ? "greedy" : levels[0];
    quickBot.replaceChildren(...levels.map((b) => el("option", { value: b, selected: b === best }, labels[b] || b)));
  }
  quickGame.addEventListener("change", fillQuickBots);
  fillQuickBots();
  document.getElementById("quick").addEventListener("submit", async (event) => {
    event.preventDefault();
    const error = document.getElementById("quick-error");
    error.textContent = "";
    const body = { game: quickGame.value, bot: quickBot.value, name: document.getElementById("quick-name").value };
    try {
      const given = await getJson("/api/quick", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      location.href = given.link;
    } catch (err) {
      error.textContent = t("No seat could be found: {reason}", { reason: err.message });
    }
  });
  async function takeSeat(table, seat, button) {
    button.disabled = true;
    try {
      const given = await getJson(`/api/tables/${encodeURIComponent(table)}/take`, {
        method: "POST", headers: { "content-type": "application/json" },
        body: JSON.stringify({ seat, name: document.getElementById("quick-name").value }),
      });
      location.href = given.link;
    } catch (err) {
      button.disabled = false;
      button.after(el("span", { class: "error-text", role: "alert" }, " " + err.message));
    }
  }
  // The table chat: spectators may be muted (they read it but cannot write; the creator can change it in play).
  document.getElementById("practice-label").after(el("label", { id: "mute-label" },
    el("input", { type: "checkbox", id: "mute-spectators" }), " ", t("Mute spectators in the chat")));
  // The time control (docs/web.md, "Time controls"): none, or seconds a placement plus a reserve.
  const CLOCKS = [[15, 60], [30, 120], [60, 300]];
  document.getElementById("practice-label").after(el("label", { id: "clock-label" }, t("Time control"), " ",
    el("select", { id: "clock" }, el("option", { value: "" }, t("none")),
      ...CLOCKS.map(([move, reserve]) => el("option", { value: `${move}+${reserve}` }, SR.turnClock.controlText({ per_move: move, reserve }))))));

  document.getElementById("create").addEventListener("submit", async (event) => {
    event.preventDefault();
    const error = document.getElementById("create-error");
    error.textContent = "";
    const seats = Array.from({ length: seatCount() }, (_, seat) => ({
      kind: document.getElementById(`kind-${seat}`).value,
      name: document.getElementById(`name-${seat}`).value,
      bot: document.getElementById(`bot-${seat}`).value,
    }));
    const body = { game: current().id, seats, options: optionValues(), practice: document.getElementById("practice").checked,
      public: document.getElementById("public").checked, mute_spectators: document.getElementById("mute-spectators").checked };
    const clock = document.getElementById("clock").value;
    if (clock) { const [move, reserve] = clock.split("+").map(Number); body.clock = { per_move: move, reserve }; }
    if (!document.getElementById("target-label").hidden) body.target = Number(document.getElementById("target").value);
    Object.assign(body, SRAccount.tableFields());  // a rated table (account.js)
    try {
      const made = await getJson("/api/tables", {
        method: "POST", headers: { "content-type": "application/json", ...SRAccount.headers() }, body: JSON.stringify(body),
      });
      showCreated(made);
    } catch (err) {
      error.textContent = t("The table could not be made: {reason}", { reason: err.message });
    }
  });

  function absolute(path) { return new URL(path, location.origin).href; }

  function showCreated(made) {
    const list = document.getElementById("created-links");
    list.replaceChildren();
    list.append(el("li", {}, el("a", { href: made.link, id: "open-table" }, made.seat === null ? t("Open the table (as its creator)") : t("Open the table and take your seat")),
      el("span", { class: "muted" }, " — " + t("keep this link: it is your seat and lets you start the match."))));
    for (const seat of made.seats) {
      if (seat.link) {
        list.append(el("li", {}, t("Link for {name} (seat {seat}):", { name: seat.name, seat: seat.seat }), " ",
          el("a", { href: seat.link, class: "friend-link", "data-seat": seat.seat }, absolute(seat.link))));
      }
    }
    list.append(el("li", {}, t("To watch:"), " ", el("a", { href: made.watch }, absolute(made.watch))));
    document.getElementById("created").hidden = false;
    document.getElementById("open-table").focus();
    loadLists();
  }

  async function loadLists() {
    const live = document.getElementById("live");
    const past = document.getElementById("past");
    try {
      for (const g of games) names[g.id] = g.name;
      const scoreText = (scores) => scores.map(SR.num).join(" – ");  // true minus signs
      const { tables } = await getJson("/api/tables");
      live.replaceChildren(...(tables.length ? tables.map((tb) => el("li", {},
        el("a", { href: `/table/${tb.table}` }, t("Watch table {table}", { table: tb.table })),
        el("span", { class: "game-name" }, names[tb.game] || tb.game || ""),
        el("span", {}, tb.seats.map((s) => s.name).join(", ")),
        el("span", { class: "muted" }, tb.status === "open" ? t("not started") : t("hand {hand}: {scores}", { hand: tb.hand_number + 1, scores: scoreText(tb.scores) })),
        tb.quick ? el("span", { class: "muted quick-note" }, t("quick match: bots take the empty seats soon")) : null,
        ...(tb.free_seats || []).map((seat) => el("button", { type: "button", class: "take-seat", "data-table": tb.table, "data-seat": seat,
          onclick: (event) => takeSeat(tb.table, seat, event.currentTarget) }, t("Take seat {seat}", { seat })))))
        : [el("li", { class: "muted" }, t("No table is being played."))]));
      const { matches } = await getJson("/api/matches");
      past.replaceChildren(...(matches.length ? matches.map((m) => el("li", {},
        el("a", { href: `/replay/${m.table}` }, t("Replay {table}", { table: m.table })),
        el("span", { class: "game-name" }, names[m.game] || m.game || ""),
        el("span", {}, m.players.join(", ")),
        el("strong", {}, scoreText(m.scores)),
        el("span", { class: "muted" }, m.winner === null || (m.game && m.game !== "seven-rocks") ? "" : t("won by {team}", { team: TEAM_NAMES[m.winner] })),
        el("a", { href: `/api/matches/${m.table}/record` }, t("record"))))
        : [el("li", { class: "muted" }, t("No match has been finished yet."))]));
    } catch (err) {
      live.replaceChildren(el("li", { class: "error-text" }, t("Could not load the lists: {reason}", { reason: err.message })));
    }
  }
  loadLists();
})();
