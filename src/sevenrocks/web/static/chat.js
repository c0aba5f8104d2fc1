// The table chat (table and Sausage pages): short lines between the players and spectators of this
// table, the quick phrases (sent by id, shown in each reader's language) and the creator's switch
// that mutes spectators. Names and texts are always put in the page as text, never as HTML.
"use strict";

(() => {
  const { el, t, LANG } = SR;
  const MAX = 200;          // characters a line may have (the server counts them too)
  const KEEP = 200;         // lines kept on the page
  // the quick phrases: the id the server knows, the words on this page's button
  const PHRASES = [
    ["hello", t("Hello")],
    ["good_luck", t("Good luck")],
    ["nice_move", t("Nice move")],
    ["well_played", t("Well played")],
    ["oops", t("Oops")],
    ["thanks", t("Thanks")],
    ["one_moment", t("One moment, please")],
    ["good_game", t("Good game")],
  ];
  let link = null;
  let welcome = null;
  let muted = false;

  const lines = el("ol", { class: "chat-lines", id: "chat-lines", "aria-live": "polite" });
  const note = el("p", { class: "muted chat-note", id: "chat-note", hidden: true });
  const error = el("p", { class: "error-text chat-error", id: "chat-error", role: "alert" });
  const input = el("input", { type: "text", id: "chat-text", maxlength: MAX, autocomplete: "off", enterkeyhint: "send",
    "aria-label": t("Your message"), placeholder: t("Say something to the table") });
  const sendButton = el("button", { type: "submit", id: "chat-send" }, t("Send"));
  const form = el("form", { class: "chat-form", id: "chat-form" }, input, sendButton);
  const phrases = el("div", { class: "chat-phrases", id: "chat-phrases", role: "group", "aria-label": t("Quick phrases") },
    PHRASES.map(([id, words]) => el("button", { type: "button", class: "chat-phrase", "data-phrase": id,
      onclick: () => say({ phrase: id }) }, words)));
  const muteBox = el("input", { type: "checkbox", id: "chat-mute" });
  const muteLabel = el("label", { class: "chat-mute", id: "chat-mute-label", hidden: true }, muteBox, " ", t("Mute spectators"));
  const box = el("section", { class: "chat", id: "chat", "aria-labelledby": "chat-title" },
    el("h2", { id: "chat-title" }, t("Chat")), lines, note, phrases, form, error, muteLabel);

  // the side panel of the page (the drawer on phones), after the creator's controls
  function place() {
    const side = document.querySelector("aside.side");
    if (!side) return;
    const admin = side.querySelector("#admin");
    if (admin) admin.after(box); else side.prepend(box);
    const toggle = document.getElementById("drawer-toggle");
    if (toggle) toggle.addEventListener("click", () => toggle.classList.remove("chat-unread"));
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", place); else place();

  const mayWrite = () => !(muted && welcome && welcome.seat === null && !welcome.admin);
  function refresh() {
    const allowed = mayWrite();
    input.disabled = sendButton.disabled = !allowed;
    for (const button of phrases.querySelectorAll("button")) button.disabled = !allowed;
    note.hidden = allowed;
    note.textContent = allowed ? "" : t("The table's creator has muted spectators: you can read the chat but not write.");
    muteLabel.hidden = !(welcome && welcome.admin);
    muteBox.checked = muted;
  }

  function time(at) {
    try { return new Date(at).toLocaleTimeString(LANG, { hour: "2-digit", minute: "2-digit" }); } catch (_) { return ""; }
  }
  function show(line) {
    const who = line.spectator ? "spectator" : "seat";
    const item = el("li", { class: `chat-line ${who}${line.creator ? " creator" : ""}`, "data-n": line.n, "data-phrase": line.phrase },
      el("time", { datetime: line.at }, time(line.at)), " ",
      el("bdi", { class: "chat-name", dir: "auto" }, line.seat === null ? line.name : t("{name} (seat {seat})", { name: line.name, seat: line.seat })),
      ": ", el("bdi", { class: "chat-body", dir: "auto" }, line.text));
    lines.append(item);
    while (lines.children.length > KEEP) lines.firstElementChild.remove();
    lines.scrollTop = lines.scrollHeight;
  }
  function unread() {
    const side = box.closest(".side");
    const toggle = document.getElementById("drawer-toggle");
    if (side && toggle && getComputedStyle(side).visibility === "hidden") toggle.classList.add("chat-unread");
  }

  function say(body) {
    if (!link || !mayWrite()) return;
    error.textContent = "";
    link.send({ type: "chat", ...body });
  }
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) { error.textContent = t("Write a message first."); return; }
    say({ text });
    input.value = "";
  });
  input.addEventListener("input", () => { error.textContent = ""; });
  muteBox.addEventListener("change", () => { if (link) link.send({ type: "mute", muted: muteBox.checked }); });

  SR.onTableMessage((message, current) => {
    link = current;
    if (message.type === "welcome") { welcome = message; refresh(); return false; }
    if (message.type === "chat_history") {
      lines.replaceChildren();
      message.lines.forEach(show);
      muted = message.muted;
      refresh();
      return true;
    }
    if (message.type === "chat") { show(message.line); unread(); return true; }
    if (message.type === "chat_muted") { muted = message.muted; refresh(); return true; }
    if (message.type === "error" && (message.request === "chat" || message.request === "mute")) {
      error.textContent = message.message;
      if (message.request === "mute") refresh();
      return true;
    }
    return false;
  });
})();
