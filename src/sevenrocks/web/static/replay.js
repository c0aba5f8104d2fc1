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
    t("target {target}", { target: match.target }), t("final {score0} – {score1}", { score0: SR.num(match.scores[0]), score1: SR.num(match.scores[1]) })]
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

  // a practice table's placements made after a hint: marked in the replay and on the review's chart
  const hinted = new Set((match.hinted || []).map(([h, play]) => `${h}:${play}`));
  const isHinted = (h, play) => hinted.has(`${h}:${play}`);

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

  // ---- the review (docs/analysis.md): the server analyses the match in the background; each
  // placement's class, the points lost, the best placement as a ghost tile, and a clickable chart.
  const VERDICTS = { best: t("best"), good: t("good"), inaccuracy: t("inaccuracy"), mistake: t("mistake"), blunder: t("blunder") };
  const COLOURS = { best: "#1f4e79", good: "#5a89b7", inaccuracy: "#e0a800", mistake: "#e06000", blunder: "#c00000" };
  const reviewUrl = `/api/matches/${encodeURIComponent(tableId)}/review`;
  let review = null;  // the finished analysis
  let ghostShown = false;
  const reviewButton = el("button", { id: "review", type: "button" }, t("Review"));
  const reviewPanel = el("section", { class: "panel", id: "review-panel", "aria-label": t("Review") },
    el("div", { class: "controls" }, reviewButton, el("span", { id: "review-status", "aria-live": "polite" })),
    el("div", { id: "review-chart", dir: "ltr" }),
    el("p", { id: "review-move", "aria-live": "polite" }),
    el("button", { id: "review-ghost", type: "button", hidden: true }, t("Show the best placement")));
  document.querySelector("section.board").after(reviewPanel);
  reviewButton.addEventListener("click", async () => {
    reviewButton.disabled = true;
    try { reviewState(await getJson(reviewUrl, { method: "POST" })); } catch (err) { $("review-status").textContent = err.message; reviewButton.disabled = false; }
  });
  $("review-ghost").addEventListener("click", toggleGhost);

  function reviewState(state) {
    const status = $("review-status");
    reviewButton.hidden = ["done", "unsupported", "queued", "running"].includes(state.status);
    reviewButton.disabled = false;
    if (state.status === "unsupported") status.textContent = t("This game cannot be reviewed: the search does not play it.");
    else if (state.status === "queued") status.textContent = t("The review waits for its turn…");
    else if (state.status === "running") status.textContent = t("Reviewing: {done} of {total} placements", { done: state.done, total: state.total });
    else if (state.status === "failed") status.textContent = t("The review failed: {reason}", { reason: state.error || "" });
    else if (state.status === "done") { status.textContent = ""; review = state.analysis; drawChart(); showReview(); }
    else status.textContent = t("A review weighs every placement by search (from the placing seat's view).");
    if (state.status === "queued" || state.status === "running") setTimeout(pollReview, 1000);
  }
  async function pollReview() {
    try { reviewState(await getJson(reviewUrl)); } catch (err) { $("review-status").textContent = err.message; }
  }
  function verdictOf(h, play) {
    return review ? review.placements.find((p) => p.hand === h && p.play === play) || null : null;
  }
  function drawChart() {
    const list = review.placements;
    const W = 640, H = 180, pad = 24;
    const ys = list.map((p) => (p.margin === null ? 0 : p.margin));
    const high = Math.max(5, ...ys), low = Math.min(-5, ...ys);
    const x = (i) => pad + (list.length < 2 ? 0 : (i * (W - 2 * pad)) / (list.length - 1));
    const y = (v) => pad + ((high - v) / (high - low)) * (H - 2 * pad);
    let body = Object.keys(COLOURS).map((verdict, i) => `<circle cx="${pad + i * 110}" cy="10" r="5" fill="${COLOURS[verdict]}"/>` +
      `<text x="${pad + i * 110 + 9}" y="14" font-size="12" font-family="sans-serif" fill="#333">${SR.esc(VERDICTS[verdict])}</text>`).join("");
    body += `<text x="2" y="${y(0) - 3}" font-size="10" font-family="sans-serif" fill="#666">0</text>`;
    body += `<line x1="${pad}" y1="${y(0)}" x2="${W - pad}" y2="${y(0)}" stroke="#888" stroke-width="1"/>`;
    list.forEach((p, i) => { if (i && p.hand !== list[i - 1].hand) body += `<line x1="${x(i - 0.5)}" y1="0" x2="${x(i - 0.5)}" y2="${H}" stroke="#bbb" stroke-dasharray="3 3"/>`; });
    const line = list.map((p, i) => (p.margin === null ? null : `${x(i).toFixed(1)},${y(p.margin).toFixed(1)}`)).filter(Boolean).join(" ");
    body += `<polyline points="${line}" fill="none" stroke="#1f4e79" stroke-width="1.5"/>`;
    list.forEach((p, i) => {
      const big = ["inaccuracy", "mistake", "blunder"].includes(p.verdict);
      const said = t("Hand {hand}, play {step}: {verdict}", { hand: p.hand + 1, step: p.play + 1, verdict: VERDICTS[p.verdict] });
      const label = SR.esc(isHinted(p.hand, p.play) ? `${said} ${t("(played after a hint)")}` : said);
      body += `<circle class="review-point ${p.verdict}" data-hand="${p.hand}" data-play="${p.play}" cx="${x(i).toFixed(1)}" cy="${y(ys[i]).toFixed(1)}" r="${big ? 6 : 4}" fill="${COLOURS[p.verdict]}" stroke="#000" stroke-width="${big ? 1 : 0.3}" tabindex="0" role="button" aria-label="${label}"><title>${label}</title></circle>`;
    });
    const chart = $("review-chart");
    chart.innerHTML = `<svg viewBox="0 0 ${W} ${H}" width="100%" role="img" aria-label="${SR.esc(t("Side 0's expected lead after each placement; click a point to go to it"))}">${body}</svg>`;
    chart.append(el("p", { class: "muted" }, t("Side 0's expected lead after each placement; click a point to go to it")));
    for (const point of chart.querySelectorAll("circle.review-point")) {
      const go = () => { hand = Number(point.dataset.hand); step = Number(point.dataset.play) + 1; show(); };
      point.addEventListener("click", go);
      point.addEventListener("keydown", (event) => { if (event.key === "Enter" || event.key === " ") { event.preventDefault(); go(); } });
    }
  }
  function showReview() {
    ghostShown = false;
    const box = $("review-move");
    const button = $("review-ghost");
    button.hidden = true;
    button.textContent = t("Show the best placement");
    if (!review) return;
    for (const point of document.querySelectorAll("#review-chart circle.review-point")) {
      point.classList.toggle("current", Number(point.dataset.hand) === hand && Number(point.dataset.play) === step - 1);
      point.setAttribute("stroke-width", point.classList.contains("current") ? 3 : point.getAttribute("r") === "6" ? 1 : 0.3);
    }
    const p = step > 0 ? verdictOf(hand, step - 1) : null;
    if (!p) { box.replaceChildren(); return; }
    const parts = [el("strong", { id: "review-class", class: `verdict ${p.verdict}`, "data-verdict": p.verdict }, VERDICTS[p.verdict])];
    if (p.verdict === "best") parts.push(" · " + t("expected {points} points to the end of the hand", { points: p.made.net.toFixed(1) }));
    else {
      const lost = (best) => t("lost {lost} ± {error} points; best: {best}", { lost: p.lost.toFixed(1), error: p.lost_se === null ? "?" : p.lost_se.toFixed(1), best });
      const said = el("span", { id: "review-lost" }, " · " + lost(ltr(p.best.move)));
      parts.push(said);
      button.hidden = false;
      ghostOf(hand, step - 1).then((ghost) => { if (ghost && ghost.hand === hand && ghost.play === step - 1) said.textContent = " · " + lost(ghost.words); });
    }
    box.replaceChildren(...parts);
  }
  const ghosts = new Map();
  async function ghostOf(h, play) {
    const key = `${h}:${play}`;
    if (!ghosts.has(key)) ghosts.set(key, getJson(`/api/matches/${encodeURIComponent(tableId)}/ghost?hand=${h}&play=${play}`).catch(() => null));
    return ghosts.get(key);
  }
  async function toggleGhost() {
    const button = $("review-ghost");
    if (ghostShown) { show(); return; }
    try {
      const ghost = await ghostOf(hand, step - 1);
      if (!ghost) throw new Error(t("this match has no finished review"));
      $("layout").innerHTML = ghost.svg;
      ghostShown = true;
      button.textContent = t("Show the placement made");
    } catch (err) { $("error").textContent = err.message; }
  }
  pollReview();

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
    } else $("scoreline").replaceChildren(el("span", { class: "team0" }, `${TEAM_NAMES[0]}: ${SR.num(pos.scores[0])}`),
      el("span", { class: "muted" }, t("target {target}", { target: match.target })), el("span", { class: "team1" }, `${TEAM_NAMES[1]}: ${SR.num(pos.scores[1])}`));
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
    if (step > 0 && isHinted(hand, step - 1)) {
      $("event").append(" ", el("span", { id: "hinted-mark", class: "hinted-mark" }, t("(played after a hint)")));
    }
    $("layout").innerHTML = pos.svg;
    SR.localizeLayout($("layout"), step, pos.ends_total);
    showReview();
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
        // no deduction reads "→ 0", never "→ −0"; the line starts with a capital
        const lost = (s) => { const line = t("seat {seat}: {pips} pips → −{loss}", { seat: s, pips: result.pips[s], loss: result.deductions[s] }); return result.deductions[s] ? line : line.replace("−0", "0"); };
        box.append(el("p", {}, cap(result.pips.map((_, s) => lost(s)).join(" · "))));
        for (const team of [0, 1]) box.append(el("p", { class: `team${team}` }, `${TEAM_NAMES[team]}: ${SR.num(result.scores_before[team])} − ${result.loss[team]} = ${SR.num(result.scores[team])}`));
      }
    }
  }
  show();
})();
