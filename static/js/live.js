// The table's live region (#live-region, aria-live="polite"): after each push it says
// the log's new lines, oldest first, and "Your turn" when a decision of the viewer's
// appears (in each new version of the table that asks for one). It only repeats what
// the page shows: the lines come from the rendered log (#log, newest first) and the
// turn from the action bar's data-testid="your-move".
(function () {
  "use strict";
  var KEEP = 8;  // announcements kept in the region (older ones are removed)
  var MOST_AT_ONCE = 4;  // a reconnect re-renders the whole log: say only its newest lines
  var seen = logLines();
  var turnVersion = null;  // the table's version when the viewer's decision was last said

  function logLines() {
    return Array.prototype.map.call(document.querySelectorAll("#log ol > li"), function (li) {
      return li.textContent.trim();
    });
  }

  function isMyTurn() {
    var bar = document.getElementById("table-private");
    return Boolean(bar && bar.getAttribute("data-testid") === "your-move");
  }

  function tableVersion() {
    var table = document.getElementById("table-public");
    return table && table.getAttribute("data-version");
  }

  // The lines above the ones seen before (the log may have been started afresh, or
  // lost its oldest lines).
  function newLines(now, before) {
    for (var fresh = 0; fresh < now.length; fresh++) {
      var rest = now.slice(fresh);
      if (rest.every(function (line, i) { return line === before[i]; })) return now.slice(0, fresh);
    }
    return now;
  }

  function say(text) {
    var region = document.getElementById("live-region");
    if (!region || !text) return;
    var line = document.createElement("p");
    line.textContent = text;
    region.appendChild(line);
    while (region.children.length > KEEP) region.firstElementChild.remove();
  }

  function afterPush() {
    var now = logLines();
    newLines(now, seen).slice(0, MOST_AT_ONCE).reverse().forEach(say);
    seen = now;
    // A decision in a new version is a new one, even straight after the last (the move
    // that ended a round can start the next with the viewer to act).
    var version = isMyTurn() ? tableVersion() : null;
    if (version !== null && version !== turnVersion) say(document.querySelector(".room").dataset.yourTurn);
    turnVersion = version;
  }

  document.addEventListener("htmx:wsAfterMessage", afterPush);
})();
