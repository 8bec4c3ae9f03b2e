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

  // Invoice page, lines: add and remove rows, and check each row's arithmetic as it is
  // typed (quantity x unit price - discount = net amount, to a cent or 0.5 %). The server
  // reads the numbers again and refuses what is ambiguous; this is only a hint.
  function readNumber(text) {
    var t = (text || "").trim().replace(/[\s\u00a0\u202f\u2009']/g, "").replace("\u2212", "-");
    if (!t) { return null; }
    if (t.indexOf(",") >= 0 && t.indexOf(".") >= 0) {
      t = t.lastIndexOf(",") > t.lastIndexOf(".") ? t.replace(/\./g, "").replace(",", ".") : t.replace(/,/g, "");
    } else if ((t.match(/[.,]/g) || []).length > 1) {
      t = t.replace(/[.,]/g, "");  // "1.234.567": thousands only
    } else {
      t = t.replace(",", ".");
    }
    return /^[-+]?\d+(\.\d+)?$/.test(t) ? parseFloat(t) : NaN;
  }
  function field(row, name) {
    var el = row.querySelector('[name$="].' + name + '"]');
    return el ? readNumber(el.value) : null;
  }
  function checkRow(row) {
    var out = row.querySelector(".row-check");
    if (!out) { return; }
    var q = field(row, "quantity"), p = field(row, "unitPrice"), d = field(row, "discount"), n = field(row, "netAmount");
    row.classList.remove("mismatch");
    if ([q, p, d, n].some(function (v) { return typeof v === "number" && isNaN(v); })) {
      out.textContent = "?"; row.classList.add("mismatch"); return;
    }
    if (q === null || p === null || n === null) { out.textContent = ""; return; }
    var product = q * p, expected = product - (product < 0 ? -1 : 1) * Math.abs(d || 0);
    var ok = Math.abs(expected - n) <= Math.max(0.01, Math.abs(n) * 0.005) + 1e-9;
    var lang = document.documentElement.lang === "en" ? "en-GB" : "lt-LT";
    var shown = expected.toLocaleString(lang, { minimumFractionDigits: 2, maximumFractionDigits: 6 });
    out.textContent = ok ? "✓" : "≠ " + shown;
    row.classList.toggle("mismatch", !ok);
  }
  function checkAll() { document.querySelectorAll("#lines tr.line").forEach(checkRow); }
  document.body.addEventListener("input", function (event) {
    var row = event.target.closest && event.target.closest("#lines tr.line");
    if (row) { checkRow(row); }
  });
  document.body.addEventListener("click", function (event) {
    var remove = event.target.closest && event.target.closest(".remove-line");
    if (remove) { remove.closest("tr").remove(); return; }
    var adder = event.target.closest && event.target.closest("[data-add-row]");
    if (!adder) { return; }
    var template = document.getElementById(adder.getAttribute("data-add-row"));
    var body = document.querySelector(adder.getAttribute("data-rows"));
    var prefix = adder.getAttribute("data-prefix");
    if (!template || !body || !prefix) { return; }
    var next = 0;
    body.querySelectorAll("[name^='" + prefix + "[']").forEach(function (el) {
      var n = parseInt(el.name.slice(prefix.length + 1), 10);
      if (n >= next) { next = n + 1; }
    });
    body.insertAdjacentHTML("beforeend", template.innerHTML.replace(/__i__/g, String(next)));
    var added = body.lastElementChild;
    var number = added.querySelector('[name$="].lineNo"]');
    if (number) { number.value = String(body.querySelectorAll("tr").length); }
    var first = added.querySelector('[name$="].description"]') || added.querySelector("input:not([type=hidden])");
    if (first) { first.focus(); }
  });
  document.addEventListener("DOMContentLoaded", checkAll);
  document.body.addEventListener("htmx:afterSettle", checkAll);

  // Review queue: J / K select the next / previous invoice, A approves the selected one,
  // O opens it. Keys are ignored while typing in a field.
  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) { return; }
    var typing = event.target.closest && event.target.closest("input, select, textarea, [contenteditable]");
    var cards = Array.prototype.slice.call(document.querySelectorAll(".review-card"));
    if (typing || !cards.length) { return; }
    var key = event.key.toLowerCase();
    var current = document.querySelector(".review-card.selected");
    var at = cards.indexOf(current);
    if (key === "j" || key === "k") {
      var next = cards[Math.max(0, Math.min(cards.length - 1, at + (key === "j" ? 1 : -1)))] || cards[0];
      if (current) { current.classList.remove("selected"); }
      next.classList.add("selected");
      next.focus();
      next.scrollIntoView({ block: "nearest" });
      event.preventDefault();
    } else if (key === "a" && current) {
      var approve = current.querySelector("form[action$='/approve']");
      if (approve) { event.preventDefault(); approve.requestSubmit(); }
    } else if (key === "o" && current) {
      var link = current.querySelector("h2 a");
      if (link) { event.preventDefault(); link.click(); }
    }
  });
  // Upload page: files dropped on the zone or chosen are sent one request each (its own
  // progress bar and answer), with an Idempotency-Key made for the file, so a retry after a
  // lost answer or a busy server (429, after its Retry-After) never makes a second job.
  function uploadForm() { return document.getElementById("upload"); }
  function newKey() {
    return (window.crypto && crypto.randomUUID) ? crypto.randomUUID() : String(Date.now()) + Math.random().toString(36).slice(2);
  }
  function refreshRecent() {
    if (window.htmx && document.getElementById("recent")) {
      htmx.ajax("GET", "/app/upload/recent", { target: "#recent", swap: "outerHTML" });
    }
  }
  function sendFile(form, row, file, clientId, key, attempt) {
    var bar = row.querySelector("progress"), result = row.querySelector(".result");
    var data = new FormData();
    data.append("clientId", clientId);
    data.append("file", file, file.name);
    var xhr = new XMLHttpRequest();
    xhr.open("POST", form.getAttribute("action"));
    if (meta) { xhr.setRequestHeader("X-CSRF-Token", meta.getAttribute("content")); }
    xhr.setRequestHeader("Idempotency-Key", key);
    xhr.upload.addEventListener("progress", function (event) {
      if (event.lengthComputable) { bar.max = event.total; bar.value = event.loaded; }
    });
    xhr.addEventListener("load", function () {
      var wait = parseInt(xhr.getResponseHeader("Retry-After") || "0", 10);
      if (xhr.status === 429 && wait && attempt < 5) {
        result.innerHTML = xhr.responseText;
        window.setTimeout(function () { sendFile(form, row, file, clientId, key, attempt + 1); }, wait * 1000);
        return;
      }
      bar.value = bar.max;
      if (xhr.responseText.indexOf("upload-result") < 0) {
        // refused before the upload page answered (the proxy's problem+json, a body cap's
        // error page): said in words here
        row.setAttribute("data-state", "refused");
        result.innerHTML = '<span class="upload-result refused error" role="alert"></span>';
        result.firstChild.textContent = form.getAttribute(xhr.status === 413 ? "data-too-large" : "data-lost");
        return;
      }
      result.innerHTML = xhr.responseText;
      row.setAttribute("data-state", xhr.status < 300 ? "accepted" : "refused");
      if (xhr.status < 300) { refreshRecent(); }
    });
    xhr.addEventListener("error", function () {
      row.setAttribute("data-state", "lost");
      result.textContent = form.getAttribute("data-lost") + " ";
      var again = document.createElement("button");
      again.type = "button";
      again.className = "secondary";
      again.textContent = form.getAttribute("data-retry");
      again.addEventListener("click", function () { result.textContent = ""; sendFile(form, row, file, clientId, key, 0); });
      result.appendChild(again);
    });
    xhr.send(data);
  }
  function uploadFiles(files) {
    var form = uploadForm();
    if (!form || !files.length) { return; }
    var select = form.querySelector("#clientId"), beside = form.querySelector("[data-error-for='clientId']");
    if (!select.value) {
      beside.hidden = false;
      select.setAttribute("aria-invalid", "true");
      select.focus();
      return;
    }
    beside.hidden = true;
    select.removeAttribute("aria-invalid");
    var table = document.getElementById("sending"), body = table.querySelector("tbody");
    table.hidden = false;
    Array.prototype.forEach.call(files, function (file) {
      var row = document.createElement("tr");
      row.className = "upload-file";
      var name = document.createElement("td"), sent = document.createElement("td"), result = document.createElement("td");
      name.textContent = file.name;
      var bar = document.createElement("progress");
      bar.max = 1; bar.value = 0;
      sent.appendChild(bar);
      result.className = "result";
      row.append(name, sent, result);
      body.appendChild(row);
      if (file.size > parseInt(form.getAttribute("data-max-bytes"), 10)) {
        row.setAttribute("data-state", "refused");
        result.innerHTML = '<span class="upload-result refused error" role="alert"></span>';
        result.firstChild.textContent = form.getAttribute("data-too-large");
        return;
      }
      sendFile(form, row, file, select.value, newKey(), 0);
    });
  }
  document.addEventListener("change", function (event) {
    if (event.target.id === "files" && uploadForm()) {
      uploadFiles(event.target.files);
      event.target.value = "";
    }
  });
  ["dragenter", "dragover"].forEach(function (type) {
    document.addEventListener(type, function (event) {
      var zone = event.target.closest && event.target.closest("#drop");
      if (zone) { event.preventDefault(); zone.classList.add("over"); }
    });
  });
  document.addEventListener("dragleave", function (event) {
    var zone = event.target.closest && event.target.closest("#drop");
    if (zone) { zone.classList.remove("over"); }
  });
  document.addEventListener("drop", function (event) {
    var zone = event.target.closest && event.target.closest("#drop");
    if (!zone) { return; }
    event.preventDefault();
    zone.classList.remove("over");
    uploadFiles(event.dataTransfer.files);
  });
  document.addEventListener("submit", function (event) {
    if (event.target.id === "upload") { event.preventDefault(); }
  });
})();
