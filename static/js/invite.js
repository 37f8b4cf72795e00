// The waiting room's invite link (templates/rooms/_waiting_public.jinja; table.js fills
// in the whole address): its button opens the phone's share sheet (the Web Share API),
// and elsewhere copies the link to the clipboard and says "Copied" (the fragment's words,
// in the viewer's language, are on the button and the status). The room's fragments
// are replaced on every push, so the button's words follow a class on <html>, and its
// clicks are heard on the document.
(function () {
  "use strict";
  var SHOWN_MS = 2500;
  var onAPhone = Boolean(navigator.share) && window.matchMedia("(pointer: coarse)").matches;
  document.documentElement.classList.toggle("can-share", onAPhone);

  function say(status, words) {
    if (!status) return;
    status.textContent = words;
    clearTimeout(status.dataset.timer);
    status.dataset.timer = setTimeout(function () { status.textContent = ""; }, SHOWN_MS);
  }

  function copy(input) {
    if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(input.value);
    input.select();  // no clipboard API outside HTTPS: the older way, from the selection
    return document.execCommand("copy") ? Promise.resolve() : Promise.reject(new Error("not copied"));
  }

  function copyAndSay(input, status) {
    copy(input).then(
      function () { say(status, status && status.dataset.copied); },
      function () { input.select(); say(status, status && status.dataset.copyByHand); }
    );
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-share-invite]");
    if (!button) return;
    var row = button.parentElement;
    var input = row.querySelector("[data-invite]");
    var status = row.querySelector("[data-invite-status]");
    if (!onAPhone) return copyAndSay(input, status);
    navigator.share({ title: document.title, text: button.dataset.shareText, url: input.value }).catch(function (error) {
      if (error.name !== "AbortError") copyAndSay(input, status);  // AbortError: the player closed the sheet
    });
  });
})();
