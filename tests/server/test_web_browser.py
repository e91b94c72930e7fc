"""The board's pages in a real browser: Debian's chromium driven by Playwright
(its Python driver; the browser is the system's, ``/usr/bin/chromium``, as
Playwright cannot download its own here), against the router served by uvicorn
on 127.0.0.1.

Each language at a phone's 360×740 and a desktop's 1280×800: nothing runs out
of the page or of its box, the cells of a row never overlap, long names are cut
with an ellipsis, the style sheet is applied (the CSP allows it by its hash:
a refused style shows as a console error).  Hostile names stay text in the DOM
and no script runs.  With JavaScript off the pages work as they are.

The screenshots go to pytest's temporary folder (the path is printed with
``-s``), and also to ``$BELOTE2P_SHOTS_DIR`` when it is set, for a person to
look at.  One browser for the module; well under 30 s in all.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package (dev extra)")

from tests.support.live_server import serving  # noqa: E402
from tests.support.web_board import HOSTILE_NAMES, LONG_NAME, board_app, sample_source  # noqa: E402

CHROMIUM = shutil.which("chromium") or ("/usr/bin/chromium" if Path("/usr/bin/chromium").exists()
                                        else None)
pytestmark = pytest.mark.skipif(CHROMIUM is None,
                                reason="no chromium on this machine (.ci/run installs Debian's)")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync"]
VIEWPORTS = {"phone": (360, 740), "desktop": (1280, 800)}
LANGUAGES = ("en", "pt", "es", "fr")

# Every box that must hold its text: the page, each row's cells, the names.
LAYOUT_PROBLEMS = """() => {
  const problems = [];
  const doc = document.documentElement;
  if (doc.scrollWidth > window.innerWidth + 1)
    problems.push(`page ${doc.scrollWidth}px wide in ${window.innerWidth}px`);
  for (const el of document.querySelectorAll('main *, header *')) {
    const r = el.getBoundingClientRect();
    if (r.width && r.right > window.innerWidth + 1)
      problems.push(`${el.tagName}.${el.className} ends at ${Math.round(r.right)}px`);
  }
  for (const tr of document.querySelectorAll('tr')) {
    const cells = [...tr.children].map(c => c.getBoundingClientRect()).filter(r => r.width);
    for (let i = 0; i < cells.length; i++)
      for (let j = i + 1; j < cells.length; j++) {
        const a = cells[i], b = cells[j];
        const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (w > 1 && h > 1) problems.push(`cells ${i} and ${j} of a row overlap: ${tr.innerText}`);
      }
    for (const cell of tr.children) {
      if (cell.scrollWidth > cell.clientWidth + 1 && !cell.classList.contains('cut'))
        problems.push(`text runs out of a cell: ${cell.innerText}`);
    }
  }
  for (const who of document.querySelectorAll('.who, .cut')) {
    if (getComputedStyle(who).textOverflow !== 'ellipsis')
      problems.push(`a name is cut without an ellipsis: ${who.innerText}`);
  }
  return problems;
}"""


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def base_url():
    with serving(board_app(sample_source())) as url:
        yield url


@pytest.fixture(scope="module")
def shots(tmp_path_factory):
    folder = tmp_path_factory.mktemp("web-shots")
    print(f"\nscreenshots in {folder}")
    return folder


def _keep(shots: Path, page, name: str) -> Path:
    path = shots / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    extra = os.environ.get("BELOTE2P_SHOTS_DIR")
    if extra:
        Path(extra).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, Path(extra) / path.name)
    return path


def _watch(page) -> list[str]:
    """Every console error, page error and dialog (an alert is a script that ran)."""
    seen: list[str] = []

    def console(message) -> None:
        if message.type == "error" and "favicon" not in message.text:
            seen.append(f"console {message.type}: {message.text}")

    def dialog(box) -> None:
        seen.append(f"dialog: {box.message}")
        box.dismiss()

    page.on("console", console)
    page.on("pageerror", lambda error: seen.append(f"page error: {error}"))
    page.on("dialog", dialog)
    return seen


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_the_board_in_every_language_fits(browser, base_url, shots, viewport):
    width, height = VIEWPORTS[viewport]
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    seen = _watch(page)
    for code in LANGUAGES:
        for name, path in (("today", "/"), ("closed", "/day/2026-12-03?by=skill")):
            page.goto(f"{base_url}{path}{'&' if '?' in path else '?'}lang={code}")
            assert page.locator("html").get_attribute("lang") == code
            # the style sheet applied (the CSP let it in): the header is the felt's green
            header = page.locator("header.top")
            assert header.evaluate("e => getComputedStyle(e).backgroundColor") == "rgb(20, 83, 45)"
            problems = page.evaluate(LAYOUT_PROBLEMS)
            assert problems == [], f"{code} {name} at {width}px: {problems}"
            _keep(shots, page, f"board-{name}-{code}-{width}")
        page.goto(f"{base_url}/day/2026-12-03/run/run-3?lang={code}")
        problems = page.evaluate(LAYOUT_PROBLEMS)
        assert problems == [], f"run page {code} at {width}px: {problems}"
        _keep(shots, page, f"run-{code}-{width}")
    assert seen == []
    context.close()


def test_a_long_name_is_cut_with_an_ellipsis_on_a_phone(browser, base_url):
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.goto(f"{base_url}/?lang=en")
    name = page.locator(".who", has_text=LONG_NAME)
    assert name.evaluate("e => e.scrollWidth > e.clientWidth")  # cut, so it needs the ellipsis
    assert name.get_attribute("title") == LONG_NAME  # and the whole name on hover
    context.close()


def test_hostile_names_are_text_and_no_script_runs(browser, base_url):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    seen = _watch(page)
    for path in ("/day/2026-12-03?lang=en", "/?lang=en", "/day/2026-12-03/run/run-1",
                 "/day/2026-12-03/run/run-2"):
        page.goto(base_url + path)
        assert page.evaluate("document.querySelectorAll('script, img, iframe, object').length") == 0
        assert page.evaluate("[...document.querySelectorAll('*')].filter(e => "
                             "[...e.attributes].some(a => a.name.startsWith('on'))).length") == 0
        text = page.locator("main").inner_text()
        assert any(name in text for name in HOSTILE_NAMES), path
    page.goto(base_url + "/day/2026-12-03?lang=en")
    names = page.locator(".who").all_inner_texts()
    assert set(HOSTILE_NAMES) <= set(names)
    assert seen == []
    context.close()


def test_without_javascript_the_switches_are_links(browser, base_url):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 360, "height": 740},
                                  locale="pt-BR")
    page = context.new_page()
    page.goto(base_url + "/day/2026-12-03")
    assert page.locator("html").get_attribute("lang") == "pt"  # from Accept-Language
    page.get_by_role("link", name="Pelo jogo").click()
    assert page.url.endswith("/day/2026-12-03?by=skill&lang=pt")
    assert page.locator('.tabs a[aria-current="page"]').inner_text() == "Pelo jogo"
    page.get_by_role("link", name="Français").click()
    assert page.locator("html").get_attribute("lang") == "fr"
    assert "by=skill" in page.url  # the order survives the language switch
    page.locator(".who").first.click()  # a closed day's name opens its run
    assert "/run/" in page.url and page.locator("article.hand").count() >= 2
    assert page.get_by_role("link", name="Télécharger le fichier du parcours").get_attribute(
        "href").endswith("/file")
    context.close()
