// The page's socket to the site (#invites, ws-connect): a ping every 30 s keeps its
// player online for their friends; invites arrive on it as cards (htmx swaps them in).
// Its socket events stop at #invites: the table's scripts listen for their own socket's.
(function () {
  "use strict";
  var list = document.getElementById("invites");
  var socket = null;
  if (!list) return;
  ["htmx:wsBeforeMessage", "htmx:wsAfterMessage", "htmx:wsConfigSend", "htmx:wsBeforeSend",
   "htmx:wsAfterSend", "htmx:wsConnecting", "htmx:wsError"].forEach(function (name) {
    list.addEventListener(name, function (event) { event.stopPropagation(); });
  });
  list.addEventListener("htmx:wsOpen", function (event) {
    event.stopPropagation();
    socket = event.detail.socketWrapper;
    list.dataset.connected = "";  // the player is online for their friends from now on
  });
  list.addEventListener("htmx:wsClose", function (event) {
    event.stopPropagation();
    socket = null;
    delete list.dataset.connected;
  });
  setInterval(function () { if (socket) socket.send(JSON.stringify({ kind: "ping" })); }, 30000);
})();
