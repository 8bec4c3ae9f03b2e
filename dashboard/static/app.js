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
})();
