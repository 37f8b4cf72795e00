// Reporting a player (rooms/_report.html): a chat line's "Report" or a seat's flag
// opens the dialog for whoever said the line or sits there; the form goes over the
// table's socket, and the server's answer is a toast.
(function () {
  "use strict";
  var dialog = document.getElementById("report-dialog");
  if (!dialog) return;
  var form = dialog.querySelector("[data-report-form]");

  function open(target, value, name) {
    form.reset();
    dialog.querySelectorAll("[data-report-target]").forEach(function (input) {
      input.disabled = input.dataset.reportTarget !== target;
      input.value = input.disabled ? "" : value;
    });
    dialog.querySelector("[data-report-who]").textContent = name;
    dialog.showModal();
  }

  // A player's own seat has no flag: the table's pushes redraw the seats.
  function hideOwnFlag() {
    var mine = document.getElementById("table-private");
    var me = mine ? mine.getAttribute("data-me") : "";
    document.querySelectorAll("[data-report-seat]").forEach(function (flag) {
      flag.hidden = flag.dataset.reportSeat === me;
    });
  }
  hideOwnFlag();
  document.addEventListener("htmx:wsAfterMessage", hideOwnFlag);

  document.addEventListener("click", function (event) {
    var line = event.target.closest("[data-report-line]");
    var seat = event.target.closest("[data-report-seat]");
    if (line) open("line", line.dataset.reportLine, line.dataset.reportName);
    else if (seat) open("seat", seat.dataset.reportSeat, seat.dataset.reportName);
    else if (event.target.closest("[data-report-cancel]")) dialog.close();
  });
  document.addEventListener("htmx:wsAfterSend", function (event) {
    if (event.target === form) dialog.close();
  });
})();
