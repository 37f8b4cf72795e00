// Dayous table helpers (loaded only on Dayous tables). The moves are plain forms that
// work without this script; it only makes a long list of moves easier to use.
//
// 1. Every push replaces the controls, so folded move lists (<details data-key>) would
//    close on each move of another player: remember which ones are open.
// 2. Select cards, then act: tapping cards in your hand picks them; the moves that use
//    every picked card are highlighted and the others dimmed. Tap again to unpick.
(function () {
  "use strict";
  var open = new Set();
  var picked = [];  // card codes, as a multiset (several decks hold identical cards)

  function count(codes) {
    var counts = {};
    codes.forEach(function (code) { counts[code] = (counts[code] || 0) + 1; });
    return counts;
  }

  function handCards() {
    return Array.prototype.slice.call(document.querySelectorAll("#table-private .hand-card[data-pick]"));
  }

  function refresh() {
    var hand = handCards();
    var held = count(hand.map(function (el) { return el.dataset.pick; }));
    picked = picked.filter(function (code) { return held[code]-- > 0; });
    var left = count(picked);
    hand.forEach(function (el) {
      var on = left[el.dataset.pick] > 0;
      if (on) left[el.dataset.pick]--;
      el.classList.toggle("picked", on);
      el.setAttribute("role", "button");
      el.setAttribute("tabindex", "0");
      el.setAttribute("aria-pressed", on ? "true" : "false");
    });
    var wanted = count(picked);
    document.querySelectorAll("#table-private .dy-actions button[data-cards]").forEach(function (button) {
      var has = count(button.dataset.cards.split(" "));
      var match = picked.length > 0 && Object.keys(wanted).every(function (code) { return (has[code] || 0) >= wanted[code]; });
      button.classList.toggle("match", match);
      button.classList.toggle("dim", picked.length > 0 && !match);
    });
    document.querySelectorAll("#table-private details[data-key]").forEach(function (el) {
      if (open.has(el.dataset.key) && !el.open) el.open = true;
    });
  }

  function toggle(el) {
    var code = el.dataset.pick;
    if (el.classList.contains("picked")) {
      picked.splice(picked.indexOf(code), 1);
    } else {
      picked.push(code);
    }
    refresh();
  }

  document.addEventListener("toggle", function (event) {
    var el = event.target;
    if (!el.matches || !el.matches("details[data-key]")) return;
    if (el.open) open.add(el.dataset.key); else open.delete(el.dataset.key);
  }, true);
  document.addEventListener("click", function (event) {
    var el = event.target.closest && event.target.closest("#table-private .hand-card[data-pick]");
    if (el) toggle(el);
  });
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" && event.key !== " ") return;
    var el = event.target.closest && event.target.closest("#table-private .hand-card[data-pick]");
    if (el) { event.preventDefault(); toggle(el); }
  });
  document.addEventListener("htmx:wsAfterMessage", refresh);
  refresh();
})();
