// A click whose press a push interrupted. A push replaces the fragments under the
// pointer, and when the control a mouse button went down on is replaced before the
// button comes up, the browser sends no click at all: the sheet stays shut, the move
// unmade. The same goes for Space, which clicks the focused button when the key comes
// up (keys.js gives the focus back to the same control after a push). If the control
// under the pointer, or focused, when the button or key comes up is the same control
// (the same markup) as the one pressed, it is clicked. A tap on a touch screen needs
// nothing: its click goes to whatever is under the finger when it lifts.
(function () {
  "use strict";
  var CONTROL = "button, summary, a[href], label, input, select";
  var pressed = null;
  var spaceDown = null;  // Space's keydown: if a handler took it (preventDefault), no click is due

  function press(target) {
    pressed = target && target.closest ? target.closest(CONTROL) : null;
  }

  function release(target) {
    var was = pressed;
    pressed = null;
    if (!was || was.isConnected || !target || !target.closest) return;
    var now = target.closest(CONTROL);
    if (now && now.isEqualNode(was)) now.click();
  }

  document.addEventListener("pointerdown", function (event) {
    press(event.pointerType === "mouse" && event.button === 0 ? event.target : null);
  }, true);
  document.addEventListener("pointerup", function (event) {
    if (event.pointerType === "mouse") release(event.target);
  }, true);
  document.addEventListener("keydown", function (event) {
    if (event.key !== " " || event.repeat) return;
    spaceDown = event;
    press(document.activeElement);
  }, true);
  document.addEventListener("keyup", function (event) {
    if (event.key !== " ") return;
    if (spaceDown && spaceDown.defaultPrevented) pressed = null;
    spaceDown = null;
    release(document.activeElement);
  }, true);
})();
