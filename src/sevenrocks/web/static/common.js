// Shared helpers for the Seven Rocks pages: tiles drawn as SVG, JSON fetches, small DOM helpers.
"use strict";

const SR = (() => {
  const PIPS = {
    0: [],
    1: [[0.5, 0.5]],
    2: [[0.25, 0.25], [0.75, 0.75]],
    3: [[0.25, 0.25], [0.5, 0.5], [0.75, 0.75]],
    4: [[0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]],
    5: [[0.25, 0.25], [0.75, 0.25], [0.5, 0.5], [0.25, 0.75], [0.75, 0.75]],
    6: [[0.25, 0.2], [0.75, 0.2], [0.25, 0.5], [0.75, 0.5], [0.25, 0.8], [0.75, 0.8]],
  };

  // The page's texts in the player's language: the server sends the catalogue with the page
  // (English text -> translation, from the gettext catalogues). t("Seat {seat}", { seat: 2 }).
  const MESSAGES = (() => {
    const node = document.getElementById("sr-messages");
    try { return node ? JSON.parse(node.textContent || "{}") : {}; } catch (_) { return {}; }
  })();
  function t(text, params = {}) {
    const message = MESSAGES[text] || text;
    return message.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
  }
  const LANG = document.documentElement.lang || "en";
  // A text with a count: tn(singular, plural, count, params), e.g. a boneyard of 5 tiles. The catalogue holds,
  // for the singular, each plural category of the language (Intl.PluralRules) with its form.
  const PLURAL = (() => { try { return new Intl.PluralRules(LANG); } catch (_) { return null; } })();
  function tn(singular, plural, count, params = {}) {
    const forms = MESSAGES[`${singular}\u0004${plural}`];
    let message = count === 1 ? singular : plural;
    if (forms && PLURAL) message = forms[PLURAL.select(count)] || forms.other || message;
    return message.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
  }
  // Keep plays, tiles and sums left to right inside right-to-left text.
  function ltr(text) { return `\u2066${text}\u2069`; }

  // A number as the pages print it: negatives with a true minus sign ("−10"), never "−0".
  function num(value) { return value < 0 ? `\u2212${-value}` : String(Math.abs(value)); }

  // The connection of a table page (table.js, sausage.js): the table's id, the link's token and the
  // creator's secret from the address; the seat's session secret, which the server gives the
  // browser that first opened the seat's link, kept per table and link and sent instead of the link
  // from then on; one WebSocket, reconnected after a loss and given up for good after a refusal
  // (a refusal is said in the page's connection line). ``receive`` gets every other message.
  const REFUSALS = ["unknown_table", "bad_token", "bad_session", "seat_taken", "table_full", "table_closed"];
  // Other parts of a table page (the chat, chat.js) listen to the connection too: a listener given
  // to onTableMessage gets each message and the link first, and keeps a message it returns true for.
  const tableListeners = [];
  function onTableMessage(listener) { tableListeners.push(listener); }
  // area, if given: the page's board area in pixels ([width, height]), sent with each connection
  // so that the server draws the layout on the one board that shows the tiles biggest there;
  // ghosts: true when the page draws ghost tiles (its moves then come with where each would lie)
  function tableLink({ receive, toast, area, ghosts }) {
    const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
    const params = new URLSearchParams(location.search);
    const token = params.get("token");
    const admin = params.get("admin");
    const sessionKey = token ? `sevenrocks-seat:${tableId}:${token}` : null;
    const link = { tableId, token, admin, session: null, fatal: false, connect, send };
    let seatRefused = false;   // the creator's seat is another browser's: keep the creator's rights only
    let retryAsCreator = false;
    let ws = null;
    let retry = 0;
    try { link.session = sessionKey ? localStorage.getItem(sessionKey) : null; } catch (_) { link.session = null; }
    function keepSession(value) {
      link.session = value;
      if (!sessionKey) return;
      try {
        if (value) localStorage.setItem(sessionKey, value); else localStorage.removeItem(sessionKey);
      } catch (_) { /* storage refused: the session lasts as long as this page */ }
    }
    const status = (text) => { const node = document.getElementById("connection"); if (node) node.textContent = text; };
    function connect() {
      const query = new URLSearchParams();
      if (link.session) query.set("session", link.session);
      else if (token && !seatRefused) query.set("token", token);
      if (admin) query.set("admin", admin);
      query.set("lang", LANG);
      if (area) query.set("area", area().map((side) => Math.max(1, Math.round(side))).join("x"));
      if (ghosts) query.set("ghosts", "1");
      const scheme = location.protocol === "https:" ? "wss" : "ws";
      ws = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(tableId)}?${query}`);
      status(t("Connecting…"));
      ws.onopen = () => { retry = 0; status(""); };
      ws.onmessage = (event) => {
        let message;
        try { message = JSON.parse(event.data); } catch (_) { return; }
        handle(message);
      };
      ws.onclose = (event) => {
        if (retryAsCreator) { retryAsCreator = false; setTimeout(connect, 50); return; }
        if (link.fatal || event.code === 4403 || event.code === 4404 || event.code === 4410) { link.fatal = true; return; }
        retry = Math.min(retry + 1, 6);
        status(t("Connection lost — reconnecting…"));
        setTimeout(connect, 400 * retry);
      };
    }
    function handle(message) {
      if (message.type === "welcome" && message.session) keepSession(message.session);
      if (message.type === "error") {
        if (message.code === "bad_session") keepSession(null);
        if (message.code === "seat_taken" && admin && !seatRefused) {
          seatRefused = retryAsCreator = true;   // reconnect as the creator without the seat
          toast(message.message, "error");
          return;
        }
        if (REFUSALS.includes(message.code)) {   // the page cannot go on: say why, and stay closed
          link.fatal = true;
          const node = document.getElementById("connection");
          if (node) node.innerHTML = `<span class="error-text">${esc(message.message)}</span> <a href="/">${esc(t("Back to the lobby"))}</a>`;
          return;
        }
      }
      for (const listener of tableListeners) if (listener(message, link)) return;
      receive(message);
    }
    function send(message) {
      if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
      else toast(t("Not connected yet — try again in a moment."), "error");
    }
    return link;
  }

  // The creator's links to the people's seats (table.js, sausage.js): a link to send for each seat
  // nobody has taken yet, with a button for a new one (which cancels the old), "taken" once a
  // browser holds the seat. ``render`` redraws the page, ``toast`` tells the creator.
  function seatInvitations({ link, render, toast }) {
    const invitations = { loaded: false, load, rows };
    let known = {};   // seat -> { name, link }
    const post = (path, body) => getJson(`/api/tables/${encodeURIComponent(link.tableId)}/${path}`, {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
    });
    async function load() {
      if (!link.admin) return;
      try {
        const { seats } = await post("links", { admin: link.admin });
        known = {};
        for (const s of seats) known[s.seat] = s;
        invitations.loaded = true;
        render();
      } catch (_) { /* not the creator after all: the server says so on the socket */ }
    }
    async function reinvite(seat) {
      try {
        known[seat] = await post("invite", { admin: link.admin, seat });
        render();
        toast(t("Seat {seat} has a new link: the old one no longer works.", { seat }));
      } catch (err) {
        toast(err.message, "error");
        load();
      }
    }
    function rows(state) {
      if (!invitations.loaded || !state) return [];
      const out = [];
      for (const info of state.seats) {
        if (info.kind !== "human" || info.seat === state.seat) continue;
        const seatLink = known[info.seat];
        if (info.claimed || !seatLink || !seatLink.link) {
          out.push(el("p", { class: "muted seat-taken", "data-seat": info.seat }, t("Seat {seat} ({name}) is taken: only its player's browser can open it.", { seat: info.seat, name: info.name })));
          continue;
        }
        out.push(el("p", { class: "muted" }, t("Link for {name} (seat {seat}):", { name: info.name, seat: info.seat }), " ",
          el("a", { href: seatLink.link, class: "seat-link", "data-seat": info.seat }, `${location.origin}${seatLink.link}`), " ",
          el("button", { class: "reinvite", "data-seat": info.seat, onclick: () => reinvite(info.seat) }, t("New link"))));
      }
      return out;
    }
    return invitations;
  }

  // The bot levels of "seat a bot" as a select's options, in the page's language (asked once).
  let botLevels = null;
  async function fillBotLevels(select) {
    if (!botLevels) { try { botLevels = await getJson("/api/bots"); } catch (_) { return; } }
    const keep = select.value;
    select.replaceChildren(...botLevels.bots.map((b) => el("option", { value: b, selected: b === keep }, (botLevels.labels || {})[b] || t("{bot} bot", { bot: b }))));
  }

  function esc(text) {
    return String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
  }

  // A domino drawn upright (low half on top), as SVG text. `size` is the width in pixels.
  function tileSvg(tile, size = 36) {
    const [a, b] = tile.split("-").map(Number);
    const w = size, h = size * 2, r = size * 0.09;
    let dots = "";
    for (const [half, value] of [[0, a], [1, b]]) {
      for (const [x, y] of PIPS[value]) {
        dots += `<circle cx="${(x * w).toFixed(1)}" cy="${(half * w + y * w).toFixed(1)}" r="${r.toFixed(1)}" class="pip"/>`;
      }
    }
    return `<svg class="domino" viewBox="-1 -1 ${w + 2} ${h + 2}" width="${w + 2}" height="${h + 2}" aria-hidden="true">` +
      `<rect x="0" y="0" width="${w}" height="${h}" rx="${size * 0.14}" class="face"/>` +
      `<line x1="${w * 0.12}" y1="${w}" x2="${w * 0.88}" y2="${w}" class="bar"/>${dots}</svg>`;
  }

  // A face-down tile (for the other seats' counts).
  function backSvg(size = 14) {
    return `<svg class="domino back" viewBox="0 0 ${size} ${size * 2}" width="${size}" height="${size * 2}" aria-hidden="true">` +
      `<rect x="0.5" y="0.5" width="${size - 1}" height="${size * 2 - 1}" rx="2"/></svg>`;
  }

  async function getJson(url, options) {
    const response = await fetch(url, options);
    let data = null;
    try { data = await response.json(); } catch (_) { data = null; }
    if (!response.ok) {
      const message = data && data.message ? data.message : `${response.status} ${response.statusText}`;
      throw new Error(message);
    }
    return data;
  }

  function el(tag, attrs = {}, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs)) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "class") node.className = value;
      else if (key === "html") node.innerHTML = value;
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  const TEAM_NAMES = [t("Seats 0 & 2"), t("Seats 1 & 3")];

  // A cribbage-like board: one track per partnership, a hole every five points up to the target,
  // the front peg at the score and the back peg at the score before the last change.
  function pegBoard(scores, previous, target) {
    const holes = Math.max(1, Math.ceil(target / 5));
    const width = 600, rowH = 26, left = 8, right = 8;
    const step = (width - left - right) / holes;
    const xOf = (score) => left + Math.max(0, Math.min(holes, score / 5)) * step;
    let rows = "";
    for (const team of [0, 1]) {
      const y = 14 + team * rowH;
      let dots = "";
      for (let i = 0; i <= holes; i++) {
        const big = i % 10 === 0 ? " big" : "";
        dots += `<circle cx="${(left + i * step).toFixed(1)}" cy="${y}" r="${big ? 2.2 : 1.4}" class="hole${big}"/>`;
      }
      const back = previous ? previous[team] : scores[team];
      rows += `<g class="track team${team}"><line x1="${left}" y1="${y}" x2="${width - right}" y2="${y}" class="rail"/>${dots}` +
        `<circle cx="${xOf(back).toFixed(1)}" cy="${y}" r="5" class="peg back"/>` +
        `<circle cx="${xOf(scores[team]).toFixed(1)}" cy="${y}" r="6" class="peg front"/></g>`;
    }
    const label = t("Score board: {team0} {score0}, {team1} {score1}, target {target}",
      { team0: TEAM_NAMES[0], score0: num(scores[0]), team1: TEAM_NAMES[1], score1: num(scores[1]), target });
    return `<svg class="pegboard" viewBox="0 0 ${width} ${rowH * 2 + 4}" preserveAspectRatio="none" role="img" ` +
      `aria-label="${esc(label)}">${rows}</svg>`;
  }

  // The layout drawn by the server (sevenrocks.svg) carries English tooltips: put the player's words in.
  function localizeLayout(root, tiles, total) {
    for (const g of root.querySelectorAll("g[data-point]")) {
      const title = g.querySelector("title");
      if (!title) continue;
      const params = { point: (g.dataset.point || "").split(":")[0], value: g.dataset.value, counted: g.dataset.counted };
      title.textContent = g.dataset.counted === undefined
        ? t("connection point {point}, value {value}", params)
        : t("connection point {point}, value {value}, counted {counted}", params);
    }
    for (const g of root.querySelectorAll("g.tile.spinner")) {
      const title = g.querySelector("title");
      if (title) title.textContent = t("{tile} (spinner)", { tile: g.dataset.tile });
    }
    // every tile has an accessible name: "tile 4-6"
    for (const g of root.querySelectorAll("g.tile[data-tile]")) {
      g.setAttribute("role", "img");
      g.setAttribute("aria-label", g.classList.contains("spinner") ? t("{tile} (spinner)", { tile: g.dataset.tile }) : t("tile {tile}", { tile: g.dataset.tile }));
    }
    const svg = root.querySelector("svg");
    if (svg) {
      svg.setAttribute("aria-label", tiles ? tn("layout of {tiles} tile, counted ends {total}", "layout of {tiles} tiles, counted ends {total}", tiles, { tiles, total }) : t("empty layout"));
    }
  }

  // Picture dominoes: the children's tiles show pictures (the sprite of /pictures.svg, loaded once
  // into the page), drawn big.
  let sprite = null;
  function loadPictures() {
    if (sprite) return;
    sprite = el("div", { id: "picture-sprite", hidden: true, "aria-hidden": "true" });
    document.body.append(sprite);
    fetch("/pictures.svg").then((r) => r.text()).then((text) => {
      sprite.innerHTML = text.replace(/^<\?xml[^>]*>\s*/, "");
    }).catch(() => { /* the tiles keep their frames */ });
  }
  function pictureTileSvg(tile, size = 60) {
    const [a, b] = tile.split("-").map(Number);
    const w = size, h = size * 2, m = size * 0.08, s = size * 0.84;
    const pic = (n, y) => `<use class="picture" href="#picture-${n}" x="${m}" y="${y + m}" width="${s}" height="${s}"/>`;
    return `<svg class="domino picture-tile" viewBox="-1 -1 ${w + 2} ${h + 2}" width="${w + 2}" height="${h + 2}" aria-hidden="true">` +
      `<rect x="0" y="0" width="${w}" height="${h}" rx="${size * 0.14}" class="face"/>` +
      `<line x1="${w * 0.12}" y1="${w}" x2="${w * 0.88}" y2="${w}" class="bar"/>${pic(a, 0)}${pic(b, w)}</svg>`;
  }
  return { num, esc, tableLink, onTableMessage, seatInvitations, fillBotLevels, tileSvg, backSvg, getJson, el, pegBoard, localizeLayout, TEAM_NAMES, t, tn, ltr, LANG, loadPictures, pictureTileSvg };
})();
