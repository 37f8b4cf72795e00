// The create-room form (templates/rooms/create.html). A checkbox that needs a choice
// (data-needs="<select's name>") is off and disabled while that select says "Off": the
// 6-point win needs a 4-point rank. Checked again when the browser shows the page from
// its history, which restores the controls as they were left.
(function () {
  "use strict";
  function followChoices() {
    document.querySelectorAll("input[data-needs]").forEach(function (box) {
      var needed = box.form.elements[box.dataset.needs];
      var off = !needed || !needed.value;
      box.disabled = off;
      if (off) box.checked = false;
    });
  }
  document.addEventListener("change", followChoices);
  window.addEventListener("pageshow", followChoices);
  followChoices();
})();
