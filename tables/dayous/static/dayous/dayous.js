// Dayous table helpers (loaded only on Dayous tables). The moves are plain forms that
// work without this script; it only makes a long list of moves easier to use: select
// cards, then act. Tapping cards in your hand picks them; the moves that use every
// picked card are highlighted and the others dimmed. Tap again to unpick. (table.js
// keeps folded move lists open across pushes.)
(function () {
  "use strict";
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
