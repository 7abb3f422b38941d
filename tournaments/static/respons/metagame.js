/* The metagame pages: bar charts (the vendored Chart.js) over the tables that say the same
   in text, and the wait while the numbers are computed. No network but the page's own API. */
(function () {
  "use strict";

  function charts() {
    var data = document.getElementById("metagame-charts");
    if (!data || typeof window.Chart === "undefined") return; // the tables stand alone
    var series = JSON.parse(data.textContent);
    var style = getComputedStyle(document.documentElement);
    var colour = (style.getPropertyValue("--brand") || "").trim() || "#2b5797";
    var ink = (style.getPropertyValue("--ink") || "").trim() || "#222";
    var canvases = document.querySelectorAll("canvas[data-metagame-chart]");
    for (var i = 0; i < canvases.length; i++) {
      var canvas = canvases[i];
      var rows = series[canvas.getAttribute("data-metagame-chart")] || [];
      if (!rows.length) { canvas.parentNode.hidden = true; continue; }
      // Horizontal bars: long hero names read on a phone; the box grows with the rows.
      canvas.parentNode.style.height = (60 + 28 * rows.length) + "px";
      new window.Chart(canvas, {
        type: "bar",
        data: {
          labels: rows.map(function (r) { return r[0]; }),
          datasets: [{ label: canvas.getAttribute("data-metagame-label"), data: rows.map(function (r) { return r[1]; }),
                       backgroundColor: colour }]
        },
        options: {
          indexAxis: "y", responsive: true, maintainAspectRatio: false, animation: false,
          plugins: { legend: { display: false } },
          scales: { x: { beginAtZero: true, ticks: { color: ink } }, y: { ticks: { color: ink, autoSkip: false } } }
        }
      });
    }
  }

  function poll() {
    var box = document.querySelector("[data-metagame-poll]");
    if (!box || !window.fetch) return;
    var url = box.getAttribute("data-metagame-poll");
    var progress = document.querySelector("[data-metagame-progress]");
    var bar = document.querySelector(".metagame-computing progress");
    var template = progress ? progress.textContent.replace(/\d+/, "{n}") : "";
    function ask() {
      window.fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin" })
        .then(function (r) { return r.json(); })
        .then(function (answer) {
          if (answer.status === "ready" && !answer.stale) { window.location.reload(); return; }
          if (progress) progress.textContent = template.replace("{n}", String(answer.progress));
          if (bar) bar.value = answer.progress;
          window.setTimeout(ask, 2500);
        })
        .catch(function () { window.setTimeout(ask, 10000); });
    }
    window.setTimeout(ask, 1500);
  }

  function start() { charts(); poll(); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
