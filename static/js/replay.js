// The replay page (templates/rooms/replay.html). The slider is the step shown: the step
// buttons and the keys (←/→, Home/End) move it, and its form asks the server for that
// step (htmx swaps the table and the replay's info by id). After each step the seats are
// turned so that the chosen point of view sits at the bottom, as at the table.
(function () {
  var page = document.querySelector(".replay");
  if (!page) return;
  var KEYS = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };

  function slider() { return document.getElementById("replay-slider"); }
  function info() { return document.getElementById("replay-info"); }

  function syncButtons() {
    var now = Number(slider().value), last = Number(slider().max);
    document.querySelectorAll("[data-go]").forEach(function (button) {
      var back = button.dataset.go === "first" || button.dataset.go === "prev";
      button.disabled = back ? now <= 0 : now >= last;
    });
  }

  function go(where) {
    var range = slider(), now = Number(range.value), last = Number(range.max);
    var target = { first: 0, prev: now - 1, next: now + 1, last: last }[where];
    target = Math.max(0, Math.min(last, target));
    if (target === now) return;
    range.value = target;
    range.dispatchEvent(new Event("input", { bubbles: true }));
    syncButtons();
  }

  function placeSeats() {
    var ring = document.querySelector("#table-public .ring");
    var me = info() ? info().dataset.seat : "";
    var seat = ring && me ? ring.querySelector('.seat-chip[data-seat="' + me + '"]') : null;
    var turn = seat ? Array.prototype.indexOf.call(ring.children, seat) : 0;
    // A class, not a style: the page's HTML goes into htmx's history, and a CSP page may not hold inline styles.
    page.className = page.className.replace(/\bme-\d+\b/g, "").trim() + " me-" + turn;
    if (seat) seat.classList.add("is-me");
  }

  function toggleLog(open) {
    page.classList.toggle("log-open", open);
    document.querySelectorAll(".log-toggle").forEach(function (button) { button.setAttribute("aria-expanded", String(open)); });
  }

  // Back or forward through the browser's history: the controls follow the step shown.
  function followShownStep() {
    page = document.querySelector(".replay");
    if (!page || !info()) return;
    slider().value = info().dataset.step;
    document.querySelector(".replay-seat select").value = info().dataset.seat || "spectator";
    syncButtons();
    placeSeats();
  }

  document.addEventListener("click", function (event) {
    var step = event.target.closest("[data-go]");
    if (step) go(step.dataset.go);
    if (event.target.closest("[data-log-toggle]")) toggleLog(!page.classList.contains("log-open"));
    var reviewed = event.target.closest("[data-step-to]");
    if (reviewed) {
      // A reviewed decision: its step, from the reviewed seat, fetched as the controls fetch
      // a step; the review's panel closes to show the table.
      event.preventDefault();
      reviewed.closest("details").open = false;
      document.querySelector(".replay-seat select").value = reviewed.dataset.seat;
      slider().value = reviewed.dataset.stepTo;
      slider().dispatchEvent(new Event("input", { bubbles: true }));
      syncButtons();
    }
  });
  document.addEventListener("keydown", function (event) {
    if (!KEYS[event.key] || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.target.closest("input, select, textarea")) return; // the slider moves itself
    event.preventDefault();
    go(KEYS[event.key]);
  });
  document.addEventListener("input", function (event) { if (event.target === slider()) syncButtons(); });
  document.addEventListener("htmx:oobAfterSwap", placeSeats);
  document.addEventListener("htmx:historyRestore", followShownStep);
  followShownStep();
})();
