// Deck builder: pick a leader (hero/ruler), add cards by click, export as text.
// The list itself stays plain text, so pasting and clicking edit the same thing.
(function () {
  const area = document.getElementById("decktext");
  const form = document.getElementById("deck-form");
  if (!area || !form) return;

  function changed() { form.dispatchEvent(new Event("deck-changed")); }

  // Every header that names a section (data-headers, "|"-separated): a list typed with
  // English headers on a Russian page, or the other way round, keeps one section per zone.
  function headerWords(el, header) {
    return (el.dataset.headers || header.toLowerCase()).split("|");
  }

  function headerOf(line) {
    const m = line.match(/^\s*([^:#][^:]*?)\s*(?:\(\s*\d+\s*\))?\s*:\s*(.*)$/);
    return m ? m[1].trim().toLowerCase().replace(/\s+/g, " ") : null;
  }

  function sectionBounds(lines, words) {
    let start = -1;
    for (let i = 0; i < lines.length; i++) {
      const name = headerOf(lines[i]);
      if (name === null) continue;
      if (start >= 0) return [start, i];
      if (words.indexOf(name) >= 0) start = i;
    }
    return [start, lines.length];
  }

  document.querySelectorAll(".leader-pick").forEach(function (select) {
    select.addEventListener("change", function () {
      const header = select.dataset.leaderHeader;
      const words = headerWords(select, header);
      const lines = area.value.split("\n");
      const line = header + ": " + select.value;
      const at = lines.findIndex(function (l) { return words.indexOf(headerOf(l)) >= 0; });
      if (at >= 0) lines[at] = line; else lines.unshift(line);
      area.value = lines.join("\n");
      changed();
    });
  });

  document.addEventListener("click", function (event) {
    const button = event.target.closest(".add-card");
    if (!button) return;
    const zone = button.dataset.zone;
    const name = button.dataset.card;
    let lines = area.value.split("\n");
    let [start, end] = sectionBounds(lines, headerWords(button, zone));
    if (start < 0) { lines.push(zone + ":"); start = lines.length - 1; end = lines.length; }
    // Ordered zones (RESPONSE orders) list one card per line, left to right.
    for (let i = start + 1; i < end && !button.dataset.ordered; i++) {
      const m = lines[i].match(/^\s*(\d+)\s*[xх×]?\s+(.+?)\s*$/i);
      if (m && m[2].toLowerCase() === name.toLowerCase()) {
        lines[i] = (parseInt(m[1], 10) + 1) + " " + m[2];
        area.value = lines.join("\n");
        changed();
        return;
      }
    }
    let insertAt = end;
    while (insertAt > start + 1 && lines[insertAt - 1].trim() === "") insertAt--;
    lines.splice(insertAt, 0, button.dataset.ordered ? name : "1 " + name);
    area.value = lines.join("\n");
    changed();
  });

  const exportButton = document.getElementById("export-text");
  if (exportButton) exportButton.addEventListener("click", function () {
    const blob = new Blob([area.value.replace(/\s+$/, "") + "\n"], { type: "text/plain;charset=utf-8" });
    const link = document.createElement("a");
    const name = (document.getElementById("deck-name").value || "deck").replace(/[^\p{L}\p{N}_-]+/gu, "-");
    link.href = URL.createObjectURL(blob);
    link.download = name + ".txt";
    link.click();
    URL.revokeObjectURL(link.href);
  });
})();
