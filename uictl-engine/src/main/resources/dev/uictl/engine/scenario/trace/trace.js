"use strict";
(function () {
  var steps = Array.prototype.slice.call(document.querySelectorAll("#steps .step"));
  var panels = Array.prototype.slice.call(document.querySelectorAll("#detail .step-detail"));
  var transcript = document.getElementById("transcript");
  var help = document.getElementById("help");
  var current = 0;
  function select(i, focus) {
    if (i < 0 || i >= steps.length) { return; }
    current = i;
    steps.forEach(function (s, k) { s.setAttribute("aria-current", k === i ? "step" : "false"); });
    panels.forEach(function (p, k) { p.hidden = k !== i; });
    if (focus !== false) { steps[i].focus(); }
  }
  function nextFailed(from) {
    for (var k = 1; k <= steps.length; k++) {
      var j = (from + k) % steps.length;
      if (steps[j].dataset.failed === "true") { return j; }
    }
    return from;
  }
  function toggleTranscript() {
    transcript.hidden = !transcript.hidden;
    if (!transcript.hidden) { transcript.focus(); } else { steps[current].focus(); }
  }
  steps.forEach(function (s, k) { s.addEventListener("click", function () { select(k); }); });
  document.addEventListener("keydown", function (e) {
    if (e.ctrlKey || e.metaKey || e.altKey) { return; }
    switch (e.key) {
      case "j": case "ArrowDown": case "ArrowRight": select(current + 1); break;
      case "k": case "ArrowUp": case "ArrowLeft": select(current - 1); break;
      case "g": case "Home": select(0); break;
      case "G": case "End": select(steps.length - 1); break;
      case "f": select(nextFailed(current)); break;
      case "t": toggleTranscript(); break;
      case "?": help.hidden = !help.hidden; break;
      case "Escape": help.hidden = true; if (!transcript.hidden) { toggleTranscript(); } break;
      default: return;
    }
    e.preventDefault();
  });
  var failed = steps.findIndex(function (s) { return s.dataset.failed === "true"; });
  select(failed >= 0 ? failed : 0);
})();
