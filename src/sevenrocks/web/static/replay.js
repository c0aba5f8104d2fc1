// The replay viewer: steps through a stored match play by play (positions come from the server).
"use strict";

(async () => {
  const { el, tileSvg, pegBoard, getJson, TEAM_NAMES } = SR;
  const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
  const $ = (id) => document.getElementById(id);
  let match = null;
  let hand = 0;
  let step = 0;
  let loading = 0;

  try {
    match = await getJson(`/api/matches/${encodeURIComponent(tableId)}`);
  } catch (err) {
    $("error").textContent = `This match cannot be replayed: ${err.message}`;
    return;
  }
  $("download").href = `/api/matches/${encodeURIComponent(tableId)}/record`;
  $("heading").textContent = `Match ${match.table}`;
  $("title").textContent = `Replay of ${match.table}`;
  $("summary").textContent = `${match.players.map((p, s) => `seat ${s}: ${p}`).join(", ")} · target ${match.target} · ` +
    `final ${match.scores[0]} – ${match.scores[1]}` + (match.winner === null ? "" : ` · won by ${TEAM_NAMES[match.winner]}`);
  $("hand").replaceChildren(...match.hands.map((h) => el("option", { value: h.hand }, `${h.hand + 1} of ${match.hands.length}`)));
  $("hand").addEventListener("change", () => { hand = Number($("hand").value); step = 0; show(); });
  $("first").addEventListener("click", () => { step = 0; show(); });
  $("last").addEventListener("click", () => { step = match.hands[hand].placements; show(); });
  $("prev").addEventListener("click", back);
  $("next").addEventListener("click", forward);
  document.addEventListener("keydown", (event) => {
    if (event.target && event.target.tagName === "SELECT") return;
    if (event.key === "ArrowRight") { event.preventDefault(); forward(); }
    else if (event.key === "ArrowLeft") { event.preventDefault(); back(); }
    else if (event.key === "Home") { event.preventDefault(); step = 0; show(); }
    else if (event.key === "End") { event.preventDefault(); step = match.hands[hand].placements; show(); }
  });

  function forward() {
    if (step < match.hands[hand].placements) step += 1;
    else if (hand + 1 < match.hands.length) { hand += 1; step = 0; }
    show();
  }
  function back() {
    if (step > 0) step -= 1;
    else if (hand > 0) { hand -= 1; step = match.hands[hand].placements; }
    show();
  }

  async function show() {
    const ticket = ++loading;
    let pos;
    try {
      pos = await getJson(`/api/matches/${encodeURIComponent(tableId)}/position?hand=${hand}&step=${step}`);
    } catch (err) {
      $("error").textContent = err.message;
      return;
    }
    if (ticket !== loading) return;
    $("error").textContent = "";
    $("hand").value = String(hand);
    $("where").textContent = `Hand ${hand + 1}, play ${step} of ${pos.steps}`;
    $("where").dataset.step = String(step);
    $("prev").disabled = hand === 0 && step === 0;
    $("next").disabled = hand === match.hands.length - 1 && step === pos.steps;
    $("scoreline").replaceChildren(el("span", { class: "team0" }, `${TEAM_NAMES[0]}: ${pos.scores[0]}`),
      el("span", { class: "muted" }, `target ${match.target}`), el("span", { class: "team1" }, `${TEAM_NAMES[1]}: ${pos.scores[1]}`));
    $("pegboard").innerHTML = pegBoard(pos.scores, null, match.target);
    const name = (seat) => `seat ${seat} (${match.players[seat]})`;
    let text = step === 0 ? `Hand ${hand + 1}: ${name(pos.leader)} leads.` : "";
    if (pos.last) text = `${name(pos.last.seat)} placed ${pos.last.play}: ends ${pos.last.ends_total}${pos.last.points ? `, scores ${pos.last.points}` : ""}.`;
    for (const knock of pos.knocks) text += ` ${name(knock.seat)} knocks.`;
    $("event").textContent = text;
    $("layout").innerHTML = pos.svg;
    $("ends").textContent = `Counted ends total ${pos.ends_total}`;
    $("hands").replaceChildren(...pos.hands.map((tiles, seat) => el("div", { class: `seat-box${pos.turn === seat ? " turn" : ""}` },
      el("div", { class: "name" }, el("span", { class: `team${seat % 2}` }, `Seat ${seat}`), ` · ${match.players[seat]}`),
      el("div", { class: "tiles", html: tiles.map((t) => tileSvg(t, 18)).join("") || "<span class='muted'>no tiles</span>" }))));
    const result = pos.result;
    const box = $("result");
    box.replaceChildren();
    if (result) {
      box.append(el("h2", {}, result.end === "domino" ? `${name(result.finisher)} dominoed` : result.end === "blocked" ? "Blocked" : "Target reached"));
      if (result.pips) {
        box.append(el("p", {}, result.pips.map((p, s) => `seat ${s}: ${p} pips → −${result.deductions[s]}`).join(" · ")));
        for (const team of [0, 1]) box.append(el("p", { class: `team${team}` }, `${TEAM_NAMES[team]}: ${result.scores_before[team]} − ${result.loss[team]} = ${result.scores[team]}`));
      }
    }
  }
  show();
})();
