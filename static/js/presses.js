// A click whose press a push interrupted. A push replaces the fragments under the
// pointer, and when the control a mouse button went down on is replaced before the
// button comes up, the browser sends no click at all: the sheet stays shut, the move
// unmade. If the control under the pointer when the button comes up is the same control
// (the same markup) as the one pressed, it is clicked. A tap on a touch screen needs
// nothing: its click goes to whatever is under the finger when it lifts.
(function () {
  "use strict";
  var CONTROL = "button, summary, a[href], label, input, select";
  var pressed = null;

  document.addEventListener("pointerdown", function (event) {
    pressed = event.pointerType === "mouse" && event.button === 0 ? event.target.closest(CONTROL) : null;
  }, true);
  document.addEventListener("pointerup", function (event) {
    var was = pressed;
    pressed = null;
    if (!was || was.isConnected || event.pointerType !== "mouse") return;
    var now = event.target.closest(CONTROL);
    if (now && now.isEqualNode(was)) now.click();
  }, true);
})();
