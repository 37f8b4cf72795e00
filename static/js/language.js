// The header's language switcher (templates/accounts/_language_switcher.html): a
// language chosen is sent at once, so its button is hidden. requestSubmit() lets a page
// hear the choice first (its "submit" event) before the form is sent.
(function () {
  "use strict";
  var form = document.getElementById("language-switcher");
  if (!form) return;
  form.classList.add("sends-on-change");
  form.elements.language.addEventListener("change", function () { form.requestSubmit(); });
})();
