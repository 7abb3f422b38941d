"""axe-core (vendored in the site's static files) run in a page: the accessibility checks the
browser tests share."""

from pathlib import Path

AXE = Path(__file__).resolve().parents[2] / "tournaments" / "static" / "vendor" / "axe" / "axe.min.js"

# The page's structure, whatever the impact (axe's best practices): one main landmark, an h1,
# headings one level at a time, every content in a landmark, no empty table header or heading.
STRUCTURE = (
    "landmark-one-main",
    "page-has-heading-one",
    "heading-order",
    "region",
    "empty-table-header",
    "empty-heading",
)
# axe's WCAG 2.0/2.1 A and AA rules and its best practices: a serious or critical WCAG 2
# violation fails the page, and so does any of the structure rules it is given.
_WITH_STRUCTURE = """async (structure) => {
  const result = await axe.run(document, {
    runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]},
    resultTypes: ["violations"],
  });
  return result.violations
    .filter(v => structure.includes(v.id)
      || ((v.impact === "serious" || v.impact === "critical") && v.tags.some(t => t.startsWith("wcag2"))))
    .map(v => ({id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.slice(0, 4).map(n => n.target.join(" ") + " :: " + n.failureSummary)}));
}"""
# The serious and critical violations of the WCAG 2.0 A/AA and 2.1 AA rules, one line each.
_SERIOUS = (
    "() => axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa']}})"
    ".then(r => r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')"
    ".map(v => v.id + ': ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | ')))"
)


def axe_in_every_page(context) -> None:
    """Put axe-core in every page the browser context opens from now on: given to the browser
    once, instead of the whole script sent again with each page (``axe_load`` then finds it)."""
    context.add_init_script(path=str(AXE))


def axe_load(page) -> None:
    """Put axe-core in the page, unless it is there already."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))


def serious_violations(page) -> list[str]:
    """Return the page's serious and critical WCAG A/AA violations, one line each."""
    axe_load(page)
    return page.evaluate(_SERIOUS)


def violations(page, structure: tuple[str, ...] = STRUCTURE) -> list[dict]:
    """Return the page's serious and critical WCAG 2 A/AA violations and its violations of the
    ``structure`` rules, each with its rule, impact, help and first nodes."""
    axe_load(page)
    return page.evaluate(_WITH_STRUCTURE, list(structure))
