// The lobby's account: who is logged in (the header's links) and rated tables, which need a log-in
// and are sent with the session's CSRF token (docs/accounts.md).
"use strict";

const SRAccount = (() => {
  const { el, getJson, t } = SR;
  let me = { account: null, csrf: null };

  function show() {
    const nav = document.getElementById("nav-account");
    if (nav) {
      nav.replaceChildren(...(me.account
        ? [el("a", { href: `/players/${encodeURIComponent(me.account)}`, id: "nav-me" }, me.account),
          el("a", { href: "/logout", id: "nav-logout" }, t("Log out"))]
        : [el("a", { href: "/login", id: "nav-login" }, t("Log in")),
          el("a", { href: "/signup", id: "nav-signup" }, t("Sign up"))]));
    }
    addRated();
  }

  // The rated choice goes after the practice one, which the lobby adds once it knows the games.
  function addRated() {
    const practice = document.getElementById("practice-label");
    if (!practice) {
      const form = document.getElementById("create");
      if (!form) return;
      const watch = new MutationObserver(() => {
        if (document.getElementById("practice-label")) { watch.disconnect(); addRated(); }
      });
      watch.observe(form, { childList: true, subtree: true });
      return;
    }
    if (!document.getElementById("rated-label")) {
      const box = el("input", { type: "checkbox", id: "rated", disabled: !me.account });
      practice.after(el("label", { id: "rated-label", class: "rated-choice" }, box, " ",
        me.account ? t("Rated table: every person logged in, bots of a rated level; ratings change at the end")
          : t("Rated tables need an account: log in first")));
    }
  }

  getJson("/api/me").then((data) => { me = data; }).catch(() => {}).finally(() => {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", show);
    else setTimeout(show, 0);
  });

  return {
    /** The fields a new table gets from the account part of the form ({ rated: true } or nothing). */
    tableFields() {
      const box = document.getElementById("rated");
      return box && box.checked ? { rated: true } : {};
    },
    /** The headers of a request made for the logged-in player (the CSRF token). */
    headers() { return me.csrf ? { "X-CSRF-Token": me.csrf } : {}; },
  };
})();
