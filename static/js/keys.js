// Keyboard play at the table. The markup says which key makes which move: a move's
// control carries `aria-keyshortcuts` (also read out by screen readers), and the
// controls that play a card carry `data-card-move`. This script knows no game: a key
// clicks the control that names it; Left and Right move the focus through the card
// moves (and the summaries of folded lists of them), and Enter plays the focused one
// as a click would. "?" opens the help dialog (#keys-help), Escape closes it.
// Pushes replace the action bar, so every listener is on the document, and the focus
// stays on the same move across a push.
(function () {
  "use strict";
  var BAR = "#table-private";

  function typing(target) {
    return Boolean(target.closest && target.closest("input, textarea, select, [contenteditable]"));
  }

  function usable(el) {
    // Shown (not in a closed list, not hidden) and not a move already sent.
    return !el.closest(".actions.sent") && !el.disabled && el.getClientRects().length > 0;
  }

  function keyControl(key) {
    var wanted = key.toUpperCase();
    var controls = document.querySelectorAll(BAR + " [aria-keyshortcuts]");
    return Array.prototype.find.call(controls, function (el) {
      return el.getAttribute("aria-keyshortcuts").toUpperCase() === wanted && usable(el);
    });
  }

  // The card moves in the order they show; a folded list counts by its summary.
  function cardRing() {
    var ring = [];
    document.querySelectorAll(BAR + " [data-card-move], " + BAR + " details:not([open]) > summary").forEach(function (el) {
      var isFold = el.matches("summary");
      if (isFold && !el.parentElement.querySelector("[data-card-move]")) return;
      if (usable(el)) ring.push(el);
    });
    return ring;
  }

  // From the focused control to the next card move (or the previous one, step -1),
  // round the ends. From elsewhere (a folded list just opened by its summary, say),
  // to the first card move after the focus, or the last one before it.
  function moveFocus(step) {
    var ring = cardRing();
    if (!ring.length) return false;
    var focused = document.activeElement;
    var at = ring.indexOf(focused);
    var next;
    if (at >= 0) {
      next = (at + step + ring.length) % ring.length;
    } else {
      var after = ring.filter(function (el) { return focused.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING; });
      next = step > 0 ? ring.indexOf(after[0]) : ring.length - after.length - 1;
      if (next < 0) next = step > 0 ? 0 : ring.length - 1;
    }
    ring[next].focus();
    return true;
  }

  // A push replaces the action bar, and with it the control the keyboard was on: the
  // same control of the new bar (the same move, by its name) takes the focus back.
  var focusedName = null;

  function controlName(el) {
    return el.getAttribute("aria-label") || el.textContent.trim();
  }

  function rememberFocus() {
    var focused = document.activeElement;
    var bar = document.querySelector(BAR);
    focusedName = bar && focused && focused !== bar && bar.contains(focused) ? controlName(focused) : null;
  }

  function restoreFocus() {
    var bar = document.querySelector(BAR);
    if (!focusedName || !bar || bar.contains(document.activeElement)) return;
    var same = Array.prototype.find.call(bar.querySelectorAll("button, summary"), function (el) {
      return controlName(el) === focusedName && usable(el);
    });
    if (same) same.focus();
  }

  function openHelp() {
    var dialog = document.getElementById("keys-help");
    if (dialog && !dialog.open) dialog.showModal();
  }

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.altKey || event.metaKey || typing(event.target)) return;
    if (document.querySelector("dialog:modal")) return;  // the dialog's own keys: Escape closes it
    var handled = false;
    if (event.key === "?") {
      openHelp();
      handled = true;
    } else if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
      handled = moveFocus(event.key === "ArrowRight" ? 1 : -1);
    } else if (event.key.length === 1) {
      var control = keyControl(event.key);
      if (control) { control.click(); handled = true; }
    }
    if (handled) event.preventDefault();
  });

  document.addEventListener("htmx:wsBeforeMessage", rememberFocus);
  document.addEventListener("htmx:wsAfterMessage", restoreFocus);

  document.addEventListener("click", function (event) {
    if (event.target.closest("[data-keys-help-open]")) openHelp();
    var close = event.target.closest("[data-keys-help-close]");
    if (close) close.closest("dialog").close();
  });
})();
