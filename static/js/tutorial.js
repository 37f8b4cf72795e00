// A tutorial's table (rooms/tutorials): the table's move forms, which a room sends over
// its socket, and the coach's Continue are posted to the tutorial's server instead. Its
// answer is the table and the coach, swapped in as a push is; table.js then does what
// it does after a push.
(function () {
  "use strict";
  var tutorial = document.querySelector("[data-tutorial-move]");
  if (!tutorial) return;

  function post(url, form) {
    document.dispatchEvent(new CustomEvent("table:changing"));
    htmx.ajax("POST", url, { source: form, swap: "none" }).then(function () {
      // A refused move leaves the table as it was: its moves are open again.
      document.querySelectorAll("#table-private .actions.sent").forEach(function (moves) { moves.classList.remove("sent"); });
      document.dispatchEvent(new CustomEvent("table:changed"));
    });
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    var bar = form.closest("#table-private");
    if (bar && form.hasAttribute("ws-send") && form.querySelector("input[name=kind][value=act]")) {
      event.preventDefault();
      bar.querySelectorAll(".actions").forEach(function (moves) { moves.classList.add("sent"); });
      post(tutorial.dataset.tutorialMove, form);
    } else if (form.matches("[data-tutorial-post]")) {
      event.preventDefault();
      post(form.action, form);
    }
  });
})();
