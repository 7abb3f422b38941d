"""The site by keyboard (accessibility), in a real browser (Debian's Chromium,
driven by Playwright): the first Tab offers to skip to the content, every control the keyboard
reaches shows a focus ring that stands out from what is behind it (3:1, WCAG 1.4.11), and the
header's menu on a phone opens with Enter and closes with Escape."""

import pytest

from tests.support.browser import session_cookie

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The play-page tests' fixtures: Debian's Chromium, and the ORM allowed beside Playwright's loop.

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}

# The focused element's ring: its style, width, and its contrast with the first opaque
# background behind it (the element's parents', up to the page's own).
FOCUS_RING = """() => {
  const el = document.activeElement;
  const rgb = text => (text.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map(c => c / 255)
    .map(c => c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)
    .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);
  let behind = el.parentElement, back = null;
  while (behind) {
    const c = rgb(getComputedStyle(behind).backgroundColor);
    if (c.length === 3 || (c.length === 4 && c[3] === 1)) { back = c.slice(0, 3); break; }
    behind = behind.parentElement;
  }
  back = back || [255, 255, 255];
  const style = getComputedStyle(el);
  const ring = rgb(style.outlineColor).slice(0, 3);
  const [hi, lo] = [lum(ring), lum(back)].sort((a, b) => b - a);
  return {what: el.outerHTML.slice(0, 90), style: style.outlineStyle,
          width: parseFloat(style.outlineWidth), contrast: (hi + 0.05) / (lo + 0.05)};
}"""


def a_page(chromium, base_url: str, *, viewport: dict, language: str = "en", actor=None):
    context = chromium.new_context(
        viewport=viewport, locale=language, extra_http_headers={"Accept-Language": language}
    )
    if actor is not None:
        context.add_cookies([session_cookie(actor, base_url)])
    return context.new_page()


@pytest.mark.parametrize(
    ("language", "label"), [("en", "Skip to the content"), ("ru", "Перейти к содержанию")]
)
def test_the_first_tab_offers_to_skip_to_the_content(live_server, chromium, card_sets, language, label):
    page = a_page(chromium, live_server.url, viewport=PHONE, language=language)
    page.goto(f"{live_server.url}/cards/")
    skip = page.locator(".skip-link")
    assert skip.bounding_box()["y"] < 0  # out of sight until the keyboard reaches it
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.className") == "skip-link"
    assert skip.inner_text() == label
    box = skip.bounding_box()
    assert box["y"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "content"
    # The next Tab goes on from the content: the card browser's first filter, past the header.
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.closest('main') !== null")


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_every_control_the_keyboard_reaches_shows_its_focus(
    live_server, chromium, organizer, event_factory, viewport
):
    cup = event_factory(name="Focus Cup")
    cup.open()
    page = a_page(chromium, live_server.url, viewport=viewport, actor=organizer)
    seen = 0
    for path in ("/", f"/events/{cup.id}/manage/", "/cards/", "/decks/builder/"):
        page.goto(f"{live_server.url}{path}")
        first = None
        for _ in range(40):
            page.keyboard.press("Tab")
            ring = page.evaluate(FOCUS_RING)
            if ring["what"] == first or ring["what"].startswith("<body"):
                break  # round the page once
            first = first or ring["what"]
            seen += 1
            assert ring["style"] == "solid" and ring["width"] >= 2, (path, ring)
            assert ring["contrast"] >= 3, (path, ring)
    assert seen > 40


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_phone_menu_opens_and_closes_from_the_keyboard(live_server, chromium, organizer, language):
    page = a_page(chromium, live_server.url, viewport=PHONE, language=language, actor=organizer)
    page.goto(f"{live_server.url}/events/")
    toggle = page.locator("[data-menu-toggle]")
    for _ in range(3):  # the skip link, the brand, the menu button
        page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.hasAttribute('data-menu-toggle')")
    assert toggle.get_attribute("aria-expanded") == "false"
    page.keyboard.press("Enter")
    assert toggle.get_attribute("aria-expanded") == "true"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.closest('.mainnav') !== null")
    assert page.locator(".mainnav").is_visible()
    page.keyboard.press("Escape")
    assert not page.locator(".mainnav").is_visible()
    assert toggle.get_attribute("aria-expanded") == "false"
    assert page.evaluate("document.activeElement.hasAttribute('data-menu-toggle')")
    page.keyboard.press("Space")
    assert toggle.get_attribute("aria-expanded") == "true"
