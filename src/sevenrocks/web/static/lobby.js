// The lobby: make a table (who sits where), list tables to watch and past matches to replay.
"use strict";

(async () => {
  const { el, getJson, TEAM_NAMES } = SR;
  const rows = document.getElementById("seat-rows");
  let bots = ["greedy", "random"];
  try { bots = (await getJson("/api/bots")).bots; } catch (_) { /* keep the defaults */ }
  const preferred = bots.includes("greedy") ? "greedy" : bots[0];

  for (let seat = 0; seat < 4; seat++) {
    const kind = el("select", { id: `kind-${seat}`, "aria-label": `Seat ${seat}: who sits here` },
      el("option", { value: "me", selected: seat === 0 }, "You"),
      el("option", { value: "friend" }, "A friend (link)"),
      el("option", { value: "bot", selected: seat !== 0 }, "A bot"));
    const level = el("select", { id: `bot-${seat}`, "aria-label": `Seat ${seat}: bot level` },
      ...bots.map((b) => el("option", { value: b, selected: b === preferred }, `${b} bot`)));
    const name = el("input", { id: `name-${seat}`, maxlength: "40", placeholder: "name (optional)", "aria-label": `Seat ${seat}: name` });
    const sync = () => { level.disabled = kind.value !== "bot"; };
    kind.addEventListener("change", () => {
      if (kind.value === "me") {
        for (let other = 0; other < 4; other++) {
          const select = document.getElementById(`kind-${other}`);
          if (other !== seat && select && select.value === "me") { select.value = "friend"; select.dispatchEvent(new Event("change")); }
        }
      }
      sync();
    });
    sync();
    rows.append(el("div", { class: "seat-row" },
      el("strong", {}, `Seat ${seat} `, el("span", { class: "muted" }, `(${TEAM_NAMES[seat % 2]})`)), kind, level, name));
  }

  document.getElementById("create").addEventListener("submit", async (event) => {
    event.preventDefault();
    const error = document.getElementById("create-error");
    error.textContent = "";
    const seats = [0, 1, 2, 3].map((seat) => ({
      kind: document.getElementById(`kind-${seat}`).value,
      name: document.getElementById(`name-${seat}`).value,
      bot: document.getElementById(`bot-${seat}`).value,
    }));
    const target = Number(document.getElementById("target").value);
    try {
      const made = await getJson("/api/tables", {
        method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ seats, target }),
      });
      showCreated(made);
    } catch (err) {
      error.textContent = `The table could not be made: ${err.message}`;
    }
  });

  function absolute(path) { return new URL(path, location.origin).href; }

  function showCreated(made) {
    const list = document.getElementById("created-links");
    list.replaceChildren();
    list.append(el("li", {}, el("a", { href: made.link, id: "open-table" }, made.seat === null ? "Open the table (as its creator)" : "Open the table and take your seat"),
      el("span", { class: "muted" }, " — keep this link: it is your seat and lets you start the match.")));
    for (const seat of made.seats) {
      if (seat.link) {
        list.append(el("li", {}, `Link for ${seat.name} (seat ${seat.seat}): `,
          el("a", { href: seat.link, class: "friend-link", "data-seat": seat.seat }, absolute(seat.link))));
      }
    }
    list.append(el("li", {}, "To watch: ", el("a", { href: made.watch }, absolute(made.watch))));
    document.getElementById("created").hidden = false;
    document.getElementById("open-table").focus();
    loadLists();
  }

  async function loadLists() {
    const live = document.getElementById("live");
    const past = document.getElementById("past");
    try {
      const { tables } = await getJson("/api/tables");
      live.replaceChildren(...(tables.length ? tables.map((t) => el("li", {},
        el("a", { href: `/table/${t.table}` }, `Watch table ${t.table}`),
        el("span", {}, t.seats.map((s) => s.name).join(", ")),
        el("span", { class: "muted" }, t.status === "open" ? "not started" : `hand ${t.hand_number + 1}, ${t.scores[0]} – ${t.scores[1]}`)))
        : [el("li", { class: "muted" }, "No table is being played.")]));
      const { matches } = await getJson("/api/matches");
      past.replaceChildren(...(matches.length ? matches.map((m) => el("li", {},
        el("a", { href: `/replay/${m.table}` }, `Replay ${m.table}`),
        el("span", {}, m.players.join(", ")),
        el("strong", {}, `${m.scores[0]} – ${m.scores[1]}`),
        el("span", { class: "muted" }, m.winner === null ? "" : `won by ${TEAM_NAMES[m.winner]}`),
        el("a", { href: `/api/matches/${m.table}/record` }, "record")))
        : [el("li", { class: "muted" }, "No match has been finished yet.")]));
    } catch (err) {
      live.replaceChildren(el("li", { class: "error-text" }, `Could not load the lists: ${err.message}`));
    }
  }
  loadLists();
})();
