// A box that scrolls within the page (a wide table on a phone, a long decklist) takes the
// keyboard's focus while it overflows, so the arrow keys can scroll it (WCAG 2.1.1); it is
// named after its section's heading. Checked again when the window's width changes and when
// htmx swaps a part of the page.
(function () {
  "use strict";
  var SELECTOR = ".table-scroll, pre.decklist, .bracket";

  function overflows(box) {
    return box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1;
  }

  function heading(box) {
    var section = box.closest("section, article, main");
    var h = section && section.querySelector("h1, h2, h3");
    return h ? h.textContent.replace(/\s+/g, " ").trim() : "";
  }

  function mark(box) {
    // A tabindex the page set itself is left alone.
    if (box.dataset.scroller === undefined) box.dataset.scroller = box.hasAttribute("tabindex") ? "page" : "";
    if (box.dataset.scroller === "page") return;
    var name = heading(box);
    if (overflows(box) && box.dataset.scroller !== "on") {
      box.dataset.scroller = "on";
      box.setAttribute("tabindex", "0");
      if (name && !box.hasAttribute("aria-label")) {
        box.setAttribute("role", "group"); // not "region": its section is the landmark already
        box.setAttribute("aria-label", name);
        box.dataset.scrollerNamed = "1";
      }
    } else if (!overflows(box) && box.dataset.scroller === "on") {
      box.dataset.scroller = "";
      box.removeAttribute("tabindex");
      if (box.dataset.scrollerNamed) {
        box.removeAttribute("role");
        box.removeAttribute("aria-label");
        delete box.dataset.scrollerNamed;
      }
    }
  }

  function markAll() {
    document.querySelectorAll(SELECTOR).forEach(mark);
  }

  var pending = 0;
  function later() {
    window.clearTimeout(pending);
    pending = window.setTimeout(markAll, 150);
  }

  markAll();
  window.addEventListener("resize", later);
  document.addEventListener("htmx:afterSettle", later);
})();
