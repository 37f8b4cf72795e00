// The table page's helpers. Everything the table shows comes from the server; this
// script only arranges it and keeps what the viewer set across pushes:
// - countdowns and the draining timer bars on the seats to act, still during a pause;
// - the seats turned so the viewer sits at the bottom, their own card on their seat
//   (copied from their private fragment: the shared public one never holds it);
// - the log drawer, the results (closed and opened again), open menus, menu choices and
//   scroll positions, which a push would reset;
// - "your turn": the page title while the tab is hidden, an optional sound and
//   vibration (off by default, remembered per browser);
// - the room's bar: room for its buttons when a language's words make them wider;
// - the invite link, keep-alive pings, one toast at a time, tidying of reactions.
(function () {
  "use strict";
  var SETTINGS_KEY = "cardclub.turn-alert.";
  var room = document.querySelector(".room");
  // The page's words, in its language (rooms/room.html).
  var TURN_TITLE = room ? room.dataset.turnTitle : "";
  var SECONDS_LEFT = room ? room.dataset.secondsLeft : "#s";
  var socket = null;
  var pageTitle = document.title;
  var wasMyTurn = false;
  var openMenus = new Set();
  var scrolls = {};
  var choices = {};  // what the viewer picked in a menu of the action bar (say, the bot level)
  var audio = null;
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

  // ---------------------------------------------------------------- clocks
  // A clock runs from the end of the table's pause (rooms/actions/play.py), so while the
  // table stays still it shows the whole turn, and the moves wait, dimmed, for its end.
  function clockStart(el, now) {
    return Math.max(now, Number(el.dataset.pausedUntil) || 0);
  }

  function tick() {
    var now = Date.now();
    var paused = false;
    document.querySelectorAll("[data-paused-until]").forEach(function (el) {
      if (Number(el.dataset.pausedUntil) > now) paused = true;
    });
    if (room) room.classList.toggle("is-paused", paused);
    document.querySelectorAll(".countdown[data-deadline]").forEach(function (el) {
      var deadline = Number(el.dataset.deadline);
      if (!deadline) { el.textContent = ""; return; }
      var left = Math.max(0, Math.ceil((deadline - clockStart(el, now)) / 1000));
      var minutes = Math.floor(left / 60), seconds = left % 60;
      el.textContent = minutes ? minutes + ":" + String(seconds).padStart(2, "0") : SECONDS_LEFT.replace("#", left);
      el.classList.toggle("urgent", left <= 3);
    });
    document.querySelectorAll("[data-timer-deadline]").forEach(function (el) {
      var deadline = Number(el.dataset.timerDeadline), total = Number(el.dataset.seconds) * 1000;
      var share = deadline && total ? Math.min(1, Math.max(0, (deadline - clockStart(el, now)) / total)) : 0;
      el.style.setProperty("--left", share.toFixed(3));
      el.classList.toggle("urgent", deadline - now <= 3000);
    });
  }

  // ----------------------------------------------------------------- seats
  function placeSeats() {
    if (!room) return;
    var mine = document.getElementById("table-private");
    var me = mine ? mine.getAttribute("data-me") : "";
    var ring = document.querySelector("#table-public .ring");
    var seat = ring && me ? ring.querySelector('.seat-chip[data-seat="' + me + '"]') : null;
    room.style.setProperty("--me", seat ? Array.prototype.indexOf.call(ring.children, seat) : 0);
    if (!seat) return;
    seat.classList.add("is-me");
    var own = mine.querySelector("[data-own-card] .card");
    var slot = seat.querySelector(".seat-card");
    if (own && slot) {
      var copy = own.cloneNode(true);
      copy.classList.add("small");
      slot.replaceChildren(copy);
    }
  }

  // ------------------------------------------------- what a push would reset
  function toggleLog(open) {
    room.classList.toggle("log-open", open);
    syncLogButtons();
  }

  function syncLogButtons() {
    var open = room.classList.contains("log-open");
    document.querySelectorAll(".log-toggle").forEach(function (button) {
      button.setAttribute("aria-expanded", open ? "true" : "false");
    });
  }

  // The results cover the table until the viewer closes them; the action bar's "Results"
  // shows them again. Kept on the room, outside the pushed fragments.
  function toggleResults() {
    room.classList.toggle("results-closed");
    syncResultsButtons();
  }

  function syncResultsButtons() {
    var shown = !room.classList.contains("results-closed");
    document.querySelectorAll("[data-results-toggle][aria-expanded]").forEach(function (button) {
      button.setAttribute("aria-expanded", shown ? "true" : "false");
    });
  }

  // Read from the page just before each push, not from "toggle" events: a sheet or menu
  // opened just as a push arrives fires its toggle only after the push has replaced it.
  function rememberState() {
    document.querySelectorAll("[data-keep-scroll][id]").forEach(function (el) { scrolls[el.id] = el.scrollTop; });
    document.querySelectorAll("details[data-key]").forEach(function (el) {
      if (el.open) openMenus.add(el.dataset.key); else openMenus.delete(el.dataset.key);
    });
  }

  function restoreState() {
    document.querySelectorAll("[data-keep-scroll][id]").forEach(function (el) {
      if (scrolls[el.id]) el.scrollTop = scrolls[el.id];
    });
    document.querySelectorAll("details[data-key]").forEach(function (el) {
      if (openMenus.has(el.dataset.key) && !el.open) el.open = true;
    });
    document.querySelectorAll("#table-private select[name]").forEach(function (menu) {
      var picked = choices[menu.name];
      if (picked !== undefined && menu.querySelector('option[value="' + CSS.escape(picked) + '"]')) menu.value = picked;
    });
    syncLogButtons();
    syncResultsButtons();
  }

  // ------------------------------------------------------------- your turn
  function isMyTurn() {
    var mine = document.getElementById("table-private");
    return Boolean(mine && mine.getAttribute("data-testid") === "your-move");
  }

  function showTurnInTitle() {
    var title = wasMyTurn && document.visibilityState === "hidden" ? TURN_TITLE : pageTitle;
    if (document.title !== title) document.title = title;
  }

  function setting(name) {
    try { return window.localStorage.getItem(SETTINGS_KEY + name) === "on"; } catch (error) { return false; }
  }

  function storeSetting(name, on) {
    try {
      if (on) window.localStorage.setItem(SETTINGS_KEY + name, "on");
      else window.localStorage.removeItem(SETTINGS_KEY + name);
    } catch (error) { /* storage refused: the setting lasts for this page only */ }
  }

  function wakeAudio() {
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    if (!audio) audio = new Context();
    if (audio.state === "suspended") audio.resume();
  }

  function chime() {
    if (!audio || audio.state !== "running") return;
    var start = audio.currentTime;
    [660, 880].forEach(function (frequency, i) {
      var tone = audio.createOscillator(), gain = audio.createGain(), at = start + i * 0.13;
      tone.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.18, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.28);
      tone.connect(gain).connect(audio.destination);
      tone.start(at);
      tone.stop(at + 0.3);
    });
  }

  function alertTurn() {
    if (setting("sound")) chime();
    if (setting("vibrate") && navigator.vibrate) navigator.vibrate([120, 60, 120]);
  }

  function followTurn(alert) {
    var now = isMyTurn();
    if (now && !wasMyTurn && alert) alertTurn();
    wasMyTurn = now;
    showTurnInTitle();
  }

  function showSettings() {
    document.querySelectorAll("[data-setting]").forEach(function (box) { box.checked = setting(box.dataset.setting); });
    if (!navigator.vibrate) {
      var vibrate = document.querySelector('[data-setting="vibrate"]');
      if (vibrate) vibrate.closest("label").hidden = true;
    }
  }

  // --------------------------------------------------------------- the bar
  // The room's bar keeps room for the page's buttons (.room-tools) and, before them, the
  // score sheet's (#scores), enough for their English words (site.css). Longer words
  // get what they lack: how far what comes before a button, in the page's direction,
  // would reach under it (--tools-extra, --scores-extra); none in English.
  var BAR_GAP = 4;

  function reachUnder(box, others, rtl) {
    var most = 0;
    others.forEach(function (other) {
      var sameLine = other.width && other.bottom > box.top && other.top < box.bottom;
      var reaches = rtl ? other.right > box.left : other.left < box.right;
      if (sameLine && reaches) most = Math.max(most, rtl ? box.right - other.left : other.right - box.left);
    });
    return most > 0 ? Math.ceil(most) + BAR_GAP : 0;
  }

  // The buttons' own box, without the padding that keeps them off the screen's edge.
  function buttonsBox(tools) {
    var box = null;
    Array.prototype.forEach.call(tools.children, function (el) {
      var r = el.getBoundingClientRect();
      if (!r.width) return;
      box = box ? { left: Math.min(box.left, r.left), right: Math.max(box.right, r.right),
                    top: Math.min(box.top, r.top), bottom: Math.max(box.bottom, r.bottom) } : r;
    });
    return box;
  }

  function headerWords(header) {
    var title = header.querySelector("h1");
    var range = document.createRange();
    var boxes = [];
    if (title) {
      range.selectNodeContents(title);
      boxes = Array.prototype.slice.call(range.getClientRects());
    }
    header.querySelectorAll(".room-meta > *").forEach(function (el) { boxes.push(el.getBoundingClientRect()); });
    return boxes;
  }

  function fitBar() {
    var tools = room && room.querySelector(".room-tools");
    var header = room && room.querySelector(".room-header");
    if (!tools || !header || room.querySelector("#scores[open]")) return;
    room.style.removeProperty("--tools-extra");
    room.style.removeProperty("--scores-extra");
    var rtl = getComputedStyle(room).direction === "rtl";
    var summary = room.querySelector("#scores > summary");
    var before = headerWords(header);
    if (summary) before.push(summary.getBoundingClientRect());
    var buttons = buttonsBox(tools);
    var toolsExtra = buttons ? reachUnder(buttons, before, rtl) : 0;
    if (toolsExtra) room.style.setProperty("--tools-extra", toolsExtra + "px");
    var scoresExtra = summary ? reachUnder(summary.getBoundingClientRect(), headerWords(header), rtl) : 0;
    if (scoresExtra) room.style.setProperty("--scores-extra", scoresExtra + "px");
  }

  // ----------------------------------------------------------- everything else
  function fillInviteLinks() {
    document.querySelectorAll("[data-invite]").forEach(function (input) {
      var url = window.location.origin + "/rooms/" + input.defaultValue + "/";
      if (input.value !== url) input.value = url;
    });
  }

  function afterPush() {
    placeSeats();
    restoreState();
    fillInviteLinks();
    followTurn(true);
    fitBar();
    tick();
  }

  document.addEventListener("htmx:wsOpen", function (event) { socket = event.detail.socketWrapper; });
  document.addEventListener("htmx:wsClose", function () { socket = null; });
  document.addEventListener("htmx:wsBeforeMessage", rememberState);
  document.addEventListener("htmx:wsAfterMessage", afterPush);
  // A tutorial's table changes by its answers to posted moves (tutorial.js), not by pushes.
  document.addEventListener("table:changing", rememberState);
  document.addEventListener("table:changed", afterPush);
  // One move per decision: once one is sent, every move waits for the table's answer.
  document.addEventListener("htmx:wsConfigSend", function (event) {
    var form = event.detail.elt;
    var bar = form && form.closest(".actions") && form.closest("#table-private");
    if (bar) bar.querySelectorAll(".actions").forEach(function (moves) { moves.classList.add("sent"); });
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
    if (event.target.matches(".reaction, .toast, .page-table .messages")) event.target.remove();
  });
  document.addEventListener("click", function (event) {
    var target = event.target;
    if (target.matches("[data-invite]")) target.select();
    var logButton = target.closest("[data-log-toggle]");
    if (logButton && room) toggleLog(!room.classList.contains("log-open"));
    if (target.closest("[data-results-toggle]") && room) toggleResults();
    document.querySelectorAll(".react-menu[open], .table-settings[open]").forEach(function (menu) {
      if (!menu.contains(target)) menu.open = false;
    });
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && room && room.classList.contains("log-open")) toggleLog(false);
  });
  document.addEventListener("change", function (event) {
    var box = event.target;
    if (box.matches("#table-private select[name]")) choices[box.name] = box.value;
    if (!box.matches("[data-setting]")) return;
    storeSetting(box.dataset.setting, box.checked);
    if (box.dataset.setting === "sound" && box.checked) { wakeAudio(); chime(); }
  });
  // A language chosen at the table: the choice is kept as on any page (the switcher's
  // form, sent in the background), and the table is sent again in it, with no reload.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.id !== "language-switcher" || !socket) return;
    event.preventDefault();
    var choice = form.elements.language;
    fetch(form.action, { method: "POST", body: new FormData(form), credentials: "same-origin" });
    socket.send(JSON.stringify({ kind: "language", language: choice.value }));
    document.documentElement.lang = choice.value;
    document.documentElement.dir = choice.selectedOptions[0].dataset.dir || "ltr";
  });
  // Browsers let a page make sound only after the person has touched it.
  document.addEventListener("pointerdown", function () { if (setting("sound")) wakeAudio(); }, { once: true });
  document.addEventListener("visibilitychange", showTurnInTitle);
  window.addEventListener("resize", fitBar);
  document.addEventListener("toggle", function (event) { if (event.target.id === "scores") fitBar(); }, true);
  if (document.fonts) document.fonts.ready.then(fitBar);

  setInterval(tick, 100);
  setInterval(function () { if (socket) socket.send(JSON.stringify({ kind: "ping" })); }, 30000);
  showSettings();
  placeSeats();
  fillInviteLinks();
  followTurn(false);
  fitBar();
  tick();
})();
