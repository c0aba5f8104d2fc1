// The lobby: make a table (who sits where), list tables to watch and past matches to replay.
"use strict";

(async () => {
  const { el, getJson, TEAM_NAMES, t } = SR;
  const rows = document.getElementById("seat-rows");
  let bots = ["greedy", "random"];
  try { bots = (await getJson("/api/bots")).bots; } catch (_) { /* keep the defaults */ }
  const preferred = bots.includes("greedy") ? "greedy" : bots[0];

  for (let seat = 0; seat < 4; seat++) {
    const kind = el("select", { id: `kind-${seat}`, "aria-label": t("Seat {seat}: who sits here", { seat }) },
      el("option", { value: "me", selected: seat === 0 }, t("You")),
      el("option", { value: "friend" }, t("A friend (link)")),
      el("option", { value: "bot", selected: seat !== 0 }, t("A bot")));
    const level = el("select", { id: `bot-${seat}`, "aria-label": t("Seat {seat}: bot level", { seat }) },
      ...bots.map((b) => el("option", { value: b, selected: b === preferred }, t("{bot} bot", { bot: b }))));
    const name = el("input", { id: `name-${seat}`, maxlength: "40", placeholder: t("name (optional)"), "aria-label": t("Seat {seat}: name", { seat }) });
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
      el("strong", {}, t("Seat {seat}", { seat }), " ", el("span", { class: "muted" }, `(${TEAM_NAMES[seat % 2]})`)), kind, level, name));
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
      const { tables } = await getJson("/api/tables");
      live.replaceChildren(...(tables.length ? tables.map((tb) => el("li", {},
        el("a", { href: `/table/${tb.table}` }, t("Watch table {table}", { table: tb.table })),
        el("span", {}, tb.seats.map((s) => s.name).join(", ")),
        el("span", { class: "muted" }, tb.status === "open" ? t("not started") : t("hand {hand}, {score0} – {score1}", { hand: tb.hand_number + 1, score0: tb.scores[0], score1: tb.scores[1] }))))
        : [el("li", { class: "muted" }, t("No table is being played."))]));
      const { matches } = await getJson("/api/matches");
      past.replaceChildren(...(matches.length ? matches.map((m) => el("li", {},
        el("a", { href: `/replay/${m.table}` }, t("Replay {table}", { table: m.table })),
        el("span", {}, m.players.join(", ")),
        el("strong", {}, `${m.scores[0]} – ${m.scores[1]}`),
        el("span", { class: "muted" }, m.winner === null ? "" : t("won by {team}", { team: TEAM_NAMES[m.winner] })),
        el("a", { href: `/api/matches/${m.table}/record` }, t("record"))))
        : [el("li", { class: "muted" }, t("No match has been finished yet."))]));
    } catch (err) {
      live.replaceChildren(el("li", { class: "error-text" }, t("Could not load the lists: {reason}", { reason: err.message })));
    }
  }
  loadLists();
})();
