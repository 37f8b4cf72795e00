// The create-room form (templates/rooms/create.html). A checkbox that needs a choice
// (data-needs="<control's name>") is off and disabled while that control says "Off" (or
// is not data-needs-value): the 6-point win needs a 4-point rank, and partners write
// during hands only in a private room. Checked again when the browser shows the page from
// its history, which restores the controls as they were left.
(function () {
  "use strict";
  function followChoices() {
    document.querySelectorAll("input[data-needs]").forEach(function (box) {
      var needed = box.form.elements[box.dataset.needs];
      var wanted = box.dataset.needsValue;
      var off = !needed || (wanted === undefined ? !needed.value : needed.value !== wanted);
      box.disabled = off;
      if (off) box.checked = false;
    });
  }
  document.addEventListener("change", followChoices);
  window.addEventListener("pageshow", followChoices);
  followChoices();
})();
