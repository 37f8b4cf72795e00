// Cards move instead of jumping. Before a push the page notes where each face-up card
// on the table is; after it, a card now somewhere else slides from its old place (a
// card to the trick, a swap, a bout picked up into a hand), a card that was not there
// fades in (a draw, a reveal) and a card that left fades out where it was (a finished
// trick, a bout to the discard pile). Each lasts at most 300 ms, and nothing moves
// under prefers-reduced-motion. Only what the server sent is moved: this script never
// changes what the page shows.
(function () {
  "use strict";
  var CARDS = "#table-public .card[data-card], #table-private .card[data-card]";
  // Cards in the log, a menu or a dialog are text to read, not cards on the table.
  var STILL = "#log, details, dialog";
  var NEAR_PX = 2;
  var reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
  var before = null;

  // Each card once, by its code, where it is drawn: the first one in the page wins
  // (the viewer's own Disunyer card is drawn both on their seat and in the action bar).
  function cardsOnTable() {
    var cards = new Map();
    document.querySelectorAll(CARDS).forEach(function (el) {
      var code = el.dataset.card;
      if (cards.has(code) || el.closest(STILL) || !el.getClientRects().length) return;
      cards.set(code, { el: el, rect: el.getBoundingClientRect() });
    });
    return cards;
  }

  function slide(el, from) {
    var to = el.getBoundingClientRect();
    var dx = from.left - to.left, dy = from.top - to.top;
    if (Math.abs(dx) < NEAR_PX && Math.abs(dy) < NEAR_PX) return;
    el.style.transform = "translate(" + dx + "px, " + dy + "px)";
    el.getBoundingClientRect();  // lay it out where it was, so the transition runs from there
    el.classList.add("card-moving");
    el.style.transform = "";
  }

  // A copy of the card that left, laid over the page where it was, fading out (under
  // what now covers the table, as the results: site.css).
  function fadeOut(card) {
    var ghost = card.el.cloneNode(true);
    ghost.removeAttribute("data-card");
    ghost.setAttribute("aria-hidden", "true");
    ghost.classList.add("card-ghost");
    if (card.el.closest("#table-private")) ghost.classList.add("from-bar");
    ghost.style.left = card.rect.left + "px";
    ghost.style.top = card.rect.top + "px";
    ghost.style.width = card.rect.width + "px";
    ghost.style.height = card.rect.height + "px";
    document.body.appendChild(ghost);
  }

  function move(from, to) {
    to.forEach(function (card, code) {
      var old = from.get(code);
      if (old) slide(card.el, old.rect);
      else card.el.classList.add("card-arrives");
    });
    from.forEach(function (card, code) { if (!to.has(code)) fadeOut(card); });
  }

  document.addEventListener("htmx:wsBeforeMessage", function () {
    before = reducedMotion.matches ? null : cardsOnTable();
  });
  document.addEventListener("htmx:wsAfterMessage", function () {
    if (before && !reducedMotion.matches) move(before, cardsOnTable());
    before = null;
  });
  document.addEventListener("transitionend", function (event) {
    if (event.target.classList && event.target.classList.contains("card-moving")) {
      event.target.classList.remove("card-moving");
    }
  });
  document.addEventListener("animationend", function (event) {
    var el = event.target;
    if (!el.classList) return;
    if (el.classList.contains("card-ghost")) el.remove();
    else el.classList.remove("card-arrives");
  });
})();
