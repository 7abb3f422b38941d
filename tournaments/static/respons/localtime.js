// Dates and times in the reader's time zone: every <time data-local="datetime"> (or "date") is rewritten
// from its ISO datetime attribute with the browser's zone and the page's language; the
// server's text (in the event's zone) stays as the title. A form's time zone select marked
// data-browser-zone starts at the browser's zone. No dependencies.
(function () {
  "use strict";
  var lang = document.documentElement.lang || undefined;
  var zone = "";
  try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone || ""; } catch (e) { zone = ""; }

  var styles = {
    datetime: { dateStyle: "medium", timeStyle: "short" },
    date: { dateStyle: "medium" },
  };

  function show() {
    document.querySelectorAll("time[data-local]").forEach(function (el) {
      var at = new Date(el.getAttribute("datetime")), text;
      if (isNaN(at) || !styles[el.dataset.local]) return;
      try { text = new Intl.DateTimeFormat(lang, styles[el.dataset.local]).format(at); } catch (e) { return; }
      if (!el.title) el.title = el.textContent.trim();
      el.textContent = text;
      el.dataset.readerZone = zone;
    });
    // "event time zone: X" matters only when the reader is elsewhere.
    document.querySelectorAll("[data-event-zone]").forEach(function (el) {
      el.hidden = el.dataset.eventZone === zone;
      if (zone && !el.hidden && el.dataset.readerText) el.textContent = el.dataset.readerText.replace("{reader}", zone);
    });
    document.querySelectorAll("select[data-browser-zone]").forEach(function (select) {
      if (zone && select.querySelector('option[value="' + zone + '"]')) select.value = zone;
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", show);
  else show();
})();
