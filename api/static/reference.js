// Renders the API reference at /docs with the bundled Redoc (no inline script: the page's
// Content-Security-Policy allows scripts from this origin only).
(function () {
  var root = document.getElementById("reference");
  Redoc.init(root.dataset.specUrl, {
    expandResponses: "200,201,202,207",
    hideDownloadButton: false,
    jsonSampleExpandLevel: 2,
    sortPropsAlphabetically: false,
    pathInMiddlePanel: true,
    theme: { typography: { fontFamily: "system-ui, sans-serif", headings: { fontFamily: "system-ui, sans-serif" } } }
  }, root, function (error) {
    document.documentElement.dataset.reference = error ? "failed" : "rendered";
  });
})();
