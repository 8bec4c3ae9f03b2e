// The dashboard's own script: loaded after htmx, never inline (CSP script-src 'self').
(function () {
  "use strict";
  var meta = document.querySelector('meta[name="csrf-token"]');

  // Every htmx request carries the session's CSRF token (the server checks it on POST).
  document.body.addEventListener("htmx:configRequest", function (event) {
    if (meta) { event.detail.headers["X-CSRF-Token"] = meta.getAttribute("content"); }
  });

  // Invoice page: pointing at a field lights its box on the page image, and back.
  function light(field, on) {
    document.querySelectorAll('[data-field="' + CSS.escape(field) + '"]').forEach(function (el) {
      el.classList.toggle("lit", on);
    });
  }
  ["mouseover", "focusin"].forEach(function (type) {
    document.body.addEventListener(type, function (event) {
      var el = event.target.closest && event.target.closest("[data-field]");
      if (el) { light(el.getAttribute("data-field"), true); }
    });
  });
  ["mouseout", "focusout"].forEach(function (type) {
    document.body.addEventListener(type, function (event) {
      var el = event.target.closest && event.target.closest("[data-field]");
      if (el) { light(el.getAttribute("data-field"), false); }
    });
  });

  // A refused form comes back as a page with the problem in it (htmx.config.responseHandling
  // swaps 4xx answers): bring the message into view and put the cursor in the first field to fix.
  document.body.addEventListener("htmx:afterSettle", function () {
    var problem = document.querySelector(".problem[role=alert]");
    if (!problem) { return; }
    var field = document.querySelector('[aria-invalid="true"]');
    (field || problem).scrollIntoView({ block: "center" });
    if (field) { field.focus({ preventScroll: true }); }
  });

  // Invoice page: the page image zooms (1x, 1.5x, 2x, 3x) with its buttons or a click on
  // the page; the boxes scale with it (they are drawn in the page's own coordinates).
  var LEVELS = ["100 %", "150 %", "200 %", "300 %"];
  function zoom(pages, step, at) {
    var level = parseInt(pages.getAttribute("data-zoom"), 10) || 1;
    level = step === 0 ? 1 : Math.max(1, Math.min(LEVELS.length, level + step));
    var scroller = pages.querySelector(".sheets");
    var before = scroller ? scroller.scrollWidth : 0;
    pages.setAttribute("data-zoom", String(level));
    var shown = pages.querySelector(".zoom-level");
    if (shown) { shown.textContent = LEVELS[level - 1]; }
    if (scroller && at && before) {  // keep the clicked spot under the pointer
      var ratio = scroller.scrollWidth / before;
      scroller.scrollLeft = at.x * ratio - at.dx;
      scroller.scrollTop = at.y * ratio - at.dy;
    }
  }
  document.body.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-zoom-step]");
    var pages = event.target.closest && event.target.closest(".pages");
    if (!pages) { return; }
    if (button) { zoom(pages, parseInt(button.getAttribute("data-zoom-step"), 10)); return; }
    if (event.target.closest(".sheet")) {
      var scroller = pages.querySelector(".sheets"), box = scroller.getBoundingClientRect();
      var dx = event.clientX - box.left, dy = event.clientY - box.top;
      var last = (parseInt(pages.getAttribute("data-zoom"), 10) || 1) >= LEVELS.length;
      zoom(pages, last ? 0 : 1, { x: scroller.scrollLeft + dx, y: scroller.scrollTop + dy, dx: dx, dy: dy });
    }
  });
})();
