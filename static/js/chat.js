// The table's chat (rooms/_chat.html): a drawer opened from the room's bar, two
// channels as tabs, and a count on the bar's button of the lines that came while the
// drawer was closed. Lines arrive over the table's socket; the forms send over it.
(function () {
  "use strict";
  var room = document.querySelector(".room");
  var drawer = document.getElementById("chat");
  if (!room || !drawer) return;
  var seen = newestLine();

  function newestLine() {
    var newest = 0;
    drawer.querySelectorAll("[data-chat-line]").forEach(function (line) {
      newest = Math.max(newest, Number(line.dataset.chatLine));
    });
    return newest;
  }

  function isOpen() { return room.classList.contains("chat-open"); }

  function toggle(open) {
    room.classList.toggle("chat-open", open);
    if (open) room.classList.remove("log-open");
    document.querySelectorAll(".chat-toggle").forEach(function (button) {
      button.setAttribute("aria-expanded", open ? "true" : "false");
    });
    if (open) markRead();
  }

  function markRead() {
    seen = newestLine();
    showUnread(0);
    var panel = drawer.querySelector(".chat-panel:not([hidden]) .chat-lines");
    if (panel) panel.scrollTop = panel.scrollHeight;
  }

  function showUnread(count) {
    document.querySelectorAll("[data-chat-unread]").forEach(function (badge) {
      badge.textContent = count > 99 ? "99+" : String(count);
      badge.hidden = count === 0;
    });
  }

  function choose(channel) {
    drawer.querySelectorAll("[data-chat-tab]").forEach(function (tab) {
      tab.setAttribute("aria-selected", tab.dataset.chatTab === channel ? "true" : "false");
    });
    drawer.querySelectorAll("[data-chat-panel]").forEach(function (panel) {
      panel.hidden = panel.dataset.chatPanel !== channel;
    });
    markRead();
  }

  new MutationObserver(function () {
    if (isOpen()) return markRead();
    var unread = 0;
    drawer.querySelectorAll("[data-chat-line]").forEach(function (line) {
      if (Number(line.dataset.chatLine) > seen) unread += 1;
    });
    showUnread(unread);
  }).observe(drawer, { childList: true, subtree: true });

  document.addEventListener("click", function (event) {
    if (event.target.closest("[data-chat-toggle]")) toggle(!isOpen());
    else if (event.target.closest("[data-log-toggle]") && isOpen()) toggle(false);
    var tab = event.target.closest("[data-chat-tab]");
    if (tab) choose(tab.dataset.chatTab);
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && isOpen()) toggle(false);
  });
  // A line sent leaves its box empty for the next one.
  document.addEventListener("htmx:wsAfterSend", function (event) {
    if (event.target.matches("[data-chat-write]")) event.target.reset();
  });
})();
