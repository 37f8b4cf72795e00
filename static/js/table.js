// The table page's small helpers: countdowns, invite link, keep-alive pings and
// tidying of reactions and messages. Everything else comes from the server.
(function () {
  "use strict";
  var socket = null;
  var RECONNECT_CAP_MS = 4000;

  // htmx doubles its wait after each failed reconnect, up to a minute: a table whose
  // server restarted would sit stale that long. Retry soon, and never wait over 4 s.
  // (htmx loads deferred: it is there once the document is parsed.)
  document.addEventListener("DOMContentLoaded", function () {
    htmx.config.wsReconnectDelay = function (retryCount) {
      var wait = Math.min(RECONNECT_CAP_MS, 250 * Math.pow(2, retryCount));
      return wait / 2 + Math.random() * wait / 2;
    };
  });

  function tick() {
    var now = Date.now();
    document.querySelectorAll("[data-deadline]").forEach(function (el) {
      var deadline = Number(el.dataset.deadline);
      if (!deadline) { el.textContent = ""; return; }
      var left = Math.max(0, Math.ceil((deadline - now) / 1000));
      var minutes = Math.floor(left / 60), seconds = left % 60;
      el.textContent = minutes ? minutes + ":" + String(seconds).padStart(2, "0") : left + "s";
      el.classList.toggle("urgent", left <= 3);
    });
  }

  function fillInviteLinks() {
    document.querySelectorAll("[data-invite]").forEach(function (input) {
      var url = window.location.origin + "/rooms/" + input.defaultValue + "/";
      if (input.value !== url) input.value = url;
    });
  }

  document.addEventListener("htmx:wsOpen", function (event) { socket = event.detail.socketWrapper; });
  document.addEventListener("htmx:wsClose", function () { socket = null; });
  document.addEventListener("htmx:wsAfterMessage", fillInviteLinks);
  document.addEventListener("htmx:wsConfigSend", function (event) {
    var form = event.detail.elt;
    if (form && form.closest(".actions")) form.closest(".actions").classList.add("sent");
  });
  // A toast replaces the one showing (one at a time, _toast.html), and the same words
  // are not shown again while they are still showing.
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    if (event.detail.target.id !== "toasts") return;
    var showing = event.detail.target.querySelector(".toast");
    var coming = event.detail.fragment.querySelector(".toast");
    if (showing && coming && showing.textContent === coming.textContent) event.detail.shouldSwap = false;
  });
  document.addEventListener("animationend", function (event) {
    if (event.target.matches(".reaction, .toast")) event.target.remove();
  });
  document.addEventListener("click", function (event) {
    if (event.target.matches("[data-invite]")) event.target.select();
  });

  setInterval(tick, 250);
  setInterval(function () { if (socket) socket.send(JSON.stringify({ kind: "ping" })); }, 30000);
  fillInviteLinks();
  tick();
})();
