// The rules guide: every figure steps play by play. The steps (drawing, caption, step line) were
// computed by the engine on the server and sent with the page; this script only shows them.
"use strict";

(() => {
  const rtl = document.documentElement.dir === "rtl";

  for (const figure of document.querySelectorAll("figure.guide-figure")) {
    const steps = JSON.parse(figure.querySelector("script.figure-steps").textContent);
    const drawing = figure.querySelector(".figure-svg");
    const label = figure.querySelector(".step-label");
    const caption = figure.querySelector(".caption");
    const buttons = {};
    for (const button of figure.querySelectorAll("[data-go]")) buttons[button.dataset.go] = button;
    let step = Number(figure.dataset.step);

    function show(number) {
      const focused = document.activeElement;
      step = Math.max(1, Math.min(steps.length, number));
      const data = steps[step - 1];
      figure.dataset.step = String(step);
      drawing.innerHTML = data.svg;
      label.innerHTML = data.label;
      caption.innerHTML = data.caption;
      buttons.first.disabled = buttons.prev.disabled = step === 1;
      buttons.last.disabled = buttons.next.disabled = step === steps.length;
      // a button that became disabled would drop the keyboard focus: keep it in the figure
      if (focused && focused.disabled && figure.contains(focused)) {
        const back = focused === buttons.first || focused === buttons.prev;
        (back ? buttons.next : buttons.prev).focus();
      }
    }

    const go = { first: () => 1, prev: () => step - 1, next: () => step + 1, last: () => steps.length };
    for (const [name, button] of Object.entries(buttons)) {
      button.addEventListener("click", () => show(go[name]()));
    }
    // Arrow keys on the figure's buttons: toward the reading direction is the next play.
    figure.addEventListener("keydown", (event) => {
      const forward = rtl ? "ArrowLeft" : "ArrowRight";
      const backward = rtl ? "ArrowRight" : "ArrowLeft";
      if (event.key === forward) show(step + 1);
      else if (event.key === backward) show(step - 1);
      else if (event.key === "Home") show(1);
      else if (event.key === "End") show(steps.length);
      else return;
      event.preventDefault();
    });
    show(step);
  }
})();
