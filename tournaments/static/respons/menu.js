// The header's menu folds behind one button on a phone (site.css, max-width 720px).
// base.html marks the page "js-menu" at once (no flash of the open menu while this loads).
(function () {
  "use strict";
  var toggle = document.querySelector("[data-menu-toggle]");
  var menu = toggle && document.getElementById(toggle.getAttribute("aria-controls"));
  if (!menu) return;
  toggle.addEventListener("click", function () {
    var open = toggle.getAttribute("aria-expanded") !== "true";
    toggle.setAttribute("aria-expanded", String(open));
    menu.classList.toggle("is-open", open);
  });
  document.addEventListener("keydown", function (e) {
    if (e.key === "Escape" && menu.classList.contains("is-open")) { toggle.click(); toggle.focus(); }
  });
})();
