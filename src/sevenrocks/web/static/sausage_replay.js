// The replay of a finished Sausage match: steps through each deal move by move (positions come from
// the server), both queues face up, front first, and the forced turns each move caused.
"use strict";

(async () => {
  const { el, tileSvg, getJson, t, tn, ltr } = SR;
  const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
  const $ = (id) => document.getElementById(id);
  // The server's words name tiles and moves ("4-6:cut"): keep them left to right in any language.
  const bidi = (text) => String(text || "").replace(/[0-6]-[0-6](?::(?:top|bottom|cut))?/g, (m) => ltr(m));
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
  const steps = () => match.hands[hand].moves;
  $("layout").parentElement.classList.add("sausage-board");
  $("download").href = `/api/matches/${encodeURIComponent(tableId)}/record`;
  $("heading").textContent = t("Match {table}", { table: match.table });
  $("title").textContent = t("Replay of {table}", { table: match.table });
  $("summary").textContent = [match.game_name, match.players.map((p, s) => t("seat {seat}: {name}", { seat: s, name: p })).join(", "), match.over_text].join(" · ");
  $("hand").replaceChildren(...match.hands.map((h) => el("option", { value: h.hand }, t("{number} of {count}", { number: h.hand + 1, count: match.hands.length }))));
  $("hand").addEventListener("change", () => { hand = Number($("hand").value); step = 0; show(); });
  $("first").addEventListener("click", () => { step = 0; show(); });
  $("last").addEventListener("click", () => { step = steps(); show(); });
  $("prev").addEventListener("click", back);
  $("next").addEventListener("click", forward);
  document.addEventListener("keydown", (event) => {
    if (event.target && event.target.tagName === "SELECT") return;
    if (event.key === "ArrowRight") { event.preventDefault(); forward(); }
    else if (event.key === "ArrowLeft") { event.preventDefault(); back(); }
    else if (event.key === "Home") { event.preventDefault(); step = 0; show(); }
    else if (event.key === "End") { event.preventDefault(); step = steps(); show(); }
  });

  function forward() {
    if (step < steps()) step += 1;
    else if (hand + 1 < match.hands.length) { hand += 1; step = 0; }
    show();
  }
  function back() {
    if (step > 0) step -= 1;
    else if (hand > 0) { hand -= 1; step = steps(); }
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
    $("where").textContent = t("Deal {deal}, move {step} of {count}", { deal: hand + 1, step, count: pos.steps });
    $("where").dataset.step = String(step);
    $("prev").disabled = hand === 0 && step === 0;
    $("next").disabled = hand === match.hands.length - 1 && step === pos.steps;
    $("scoreline").replaceChildren(el("span", { id: "replay-scores" }, pos.scores.join(" – ")),
      el("span", { class: "muted" }, t("target {target}", { target: match.target })));
    $("pegboard").replaceChildren();
    const lines = pos.turns.map((turn) => bidi(turn.text));
    if (step === 0) lines.unshift(bidi(match.hands[hand].starter_text));
    $("event").textContent = lines.join(" · ");
    $("layout").innerHTML = pos.svg;
    const svg = $("layout").querySelector("svg");
    if (svg) {
      svg.setAttribute("aria-label", pos.lines.join("; "));
      const box = svg.viewBox.baseVal;
      if (box && box.width) { svg.setAttribute("width", String(Math.round(box.width * 0.8))); svg.setAttribute("height", String(Math.round(box.height * 0.8))); }
    }
    $("ends").textContent = pos.lines.slice(1).join(" · ");
    $("hands").replaceChildren(...pos.queues.map((tiles, seat) => el("div", { class: `seat-box${pos.turn === seat ? " turn" : ""}`, "data-seat": seat },
      el("div", { class: "name" }, el("span", { class: `team${seat}` }, t("Seat {seat}", { seat })), ` · ${match.players[seat]} · `,
        tn("Queue: {count} tile", "Queue: {count} tiles", tiles.length, { count: tiles.length })),
      el("div", { class: "tiles", dir: "ltr", html: tiles.map((tile) => tileSvg(tile, 18)).join("") || `<span class='muted'>${SR.esc(t("no tiles"))}</span>` }))));
    if (pos.aside.length) {
      $("hands").append(el("div", { class: "seat-box" }, el("div", { class: "name" }, t("Set aside:")),
        el("div", { class: "tiles", dir: "ltr", html: pos.aside.map((tile) => tileSvg(tile, 18)).join("") })));
    }
    const box = $("result");
    box.replaceChildren();
    if (pos.result) box.append(el("pre", { class: "result-text" }, bidi(pos.result.text)));
    else if (pos.turned !== null) box.append(el("p", {}, t("{seat} turned {tile} and chooses where it goes.", { seat: t("seat {seat} ({name})", { seat: pos.turn, name: match.players[pos.turn] }), tile: ltr(pos.turned) })));
  }
  show();
})();
