// The replay viewer: steps through a stored match play by play (positions come from the server).
"use strict";

(async () => {
  const { el, tileSvg, pegBoard, getJson, TEAM_NAMES, t, tn, ltr } = SR;
  const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
  const $ = (id) => document.getElementById(id);
  const cap = (text) => text.charAt(0).toUpperCase() + text.slice(1);
  let match = null;
  let hand = 0;
  let step = 0;
  let loading = 0;

  try {
    match = await getJson(`/api/matches/${encodeURIComponent(tableId)}`);
  } catch (err) {
    $("error").textContent = t("This match cannot be replayed: {reason}", { reason: err.message });
    return;
  }
  const family = match.game && match.game !== "seven-rocks";
  if (match.picture) SR.loadPictures();
  const face = (tile) => (match.picture ? SR.pictureTileSvg(tile, 30) : tileSvg(tile, 18));
  $("download").href = `/api/matches/${encodeURIComponent(tableId)}/record`;
  $("heading").textContent = t("Match {table}", { table: match.table });
  $("title").textContent = t("Replay of {table}", { table: match.table });
  if (family) {
    $("summary").textContent = [match.game_name, match.players.map((p, s) => t("seat {seat}: {name}", { seat: s, name: p })).join(", "), match.over_text].join(" · ");
  } else $("summary").textContent = [match.players.map((p, s) => t("seat {seat}: {name}", { seat: s, name: p })).join(", "),
    t("target {target}", { target: match.target }), t("final {score0} – {score1}", { score0: match.scores[0], score1: match.scores[1] })]
    .concat(match.winner === null ? [] : [t("won by {team}", { team: TEAM_NAMES[match.winner] })]).join(" · ");
  $("hand").replaceChildren(...match.hands.map((h) => el("option", { value: h.hand }, t("{number} of {count}", { number: h.hand + 1, count: match.hands.length }))));
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
    $("where").textContent = t("Hand {hand}, play {step} of {count}", { hand: hand + 1, step, count: pos.steps });
    $("where").dataset.step = String(step);
    $("prev").disabled = hand === 0 && step === 0;
    $("next").disabled = hand === match.hands.length - 1 && step === pos.steps;
    if (family) {
      $("scoreline").replaceChildren(...(match.picture ? [] : [el("span", {}, pos.scores.join(" – "))]),
        pos.boneyard ? el("span", { class: "muted", id: "replay-boneyard" }, tn("Boneyard: {count} tile", "Boneyard: {count} tiles", pos.boneyard, { count: pos.boneyard })) : null);
      $("pegboard").replaceChildren();
    } else $("scoreline").replaceChildren(el("span", { class: "team0" }, `${TEAM_NAMES[0]}: ${pos.scores[0]}`),
      el("span", { class: "muted" }, t("target {target}", { target: match.target })), el("span", { class: "team1" }, `${TEAM_NAMES[1]}: ${pos.scores[1]}`));
    if (!family) $("pegboard").innerHTML = pegBoard(pos.scores, null, match.target);
    const name = (seat) => t("seat {seat} ({name})", { seat, name: match.players[seat] });
    let text = step === 0 ? t("Hand {hand}: {seat} leads.", { hand: hand + 1, seat: name(pos.leader) }) : "";
    if (pos.last && pos.last.words) {
      text = cap(pos.last.words) + ".";
    } else if (pos.last && family) {
      text = t("{seat} placed {play}.", { seat: name(pos.last.seat), play: ltr(pos.last.play) });
    } else if (pos.last) {
      text = pos.last.points
        ? t("{seat} placed {play}: counted ends {total}, scores {points}.", { seat: name(pos.last.seat), play: ltr(pos.last.play), total: pos.last.ends_total, points: pos.last.points })
        : t("{seat} placed {play}: counted ends {total}.", { seat: name(pos.last.seat), play: ltr(pos.last.play), total: pos.last.ends_total });
    }
    for (const knock of pos.knocks) {
      if (knock.words) { text += " " + cap(knock.words) + "."; continue; }
      text += " " + (knock.kind === "draw" ? t("{seat} draws {tile}.", { seat: name(knock.seat), tile: ltr(knock.tile || "?") }) : t("{seat} knocks.", { seat: name(knock.seat) }));
    }
    $("event").textContent = text;
    $("layout").innerHTML = pos.svg;
    SR.localizeLayout($("layout"), step, pos.ends_total);
    $("ends").textContent = family ? "" : t("Counted ends total {total}", { total: pos.ends_total });
    const noTiles = t("no tiles");
    $("hands").replaceChildren(...pos.hands.map((tiles, seat) => el("div", { class: `seat-box${pos.turn === seat ? " turn" : ""}` },
      el("div", { class: "name" }, el("span", { class: `team${match.side_of ? match.side_of[seat] % 2 : seat % 2}` }, t("Seat {seat}", { seat })), ` · ${match.players[seat]}`),
      el("div", { class: "tiles", html: tiles.map((tile) => face(tile)).join("") || `<span class='muted'>${SR.esc(noTiles)}</span>` }))));
    const result = pos.result;
    const box = $("result");
    box.replaceChildren();
    if (result && family) {
      const summary = match.hands[hand].result;
      box.append(el("pre", { class: "result-text" }, summary && summary.text ? summary.text : ""));
    } else if (result) {
      box.append(el("h2", {}, result.end === "domino" ? t("{seat} dominoed", { seat: name(result.finisher) }) : result.end === "blocked" ? t("Blocked") : t("Target reached")));
      if (result.pips) {
        box.append(el("p", {}, result.pips.map((p, s) => t("seat {seat}: {pips} pips → −{loss}", { seat: s, pips: p, loss: result.deductions[s] })).join(" · ")));
        for (const team of [0, 1]) box.append(el("p", { class: `team${team}` }, `${TEAM_NAMES[team]}: ${result.scores_before[team]} − ${result.loss[team]} = ${result.scores[team]}`));
      }
    }
  }
  show();
})();
