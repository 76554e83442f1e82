"""The documentation site, built as CI builds it and opened in Chromium.

``mkdocs build --strict`` (no broken link or anchor, no missing
reference, no page outside the navigation) into a scratch folder, served
by a local http server; then a reader's three first steps: searching,
a page with a screenshot, the API reference of ``GameState.move``.
Skipped only where Chromium is missing (Debian's, as the web tests use).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
if not os.path.exists(CHROMIUM) and not shutil.which("chromium"):
    pytest.skip("install Debian's chromium: apt-get install -y chromium",
                allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api")

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (the stdlib's name)
        """No request log on the test's output."""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The URL of the freshly built site."""
    folder = tmp_path_factory.mktemp("site")
    built = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(folder)],
        cwd=ROOT, capture_output=True, text=True, check=False, timeout=300,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert built.returncode == 0, built.stderr
    server = ThreadingHTTPServer(("127.0.0.1", 0),
                                 partial(QuietHandler, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Any, site: str) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    opened = context.new_page()
    elsewhere: list[str] = []
    failed: list[str] = []
    opened.on("request", lambda request: None if request.url.startswith(
        (site, "data:", "blob:")) else elsewhere.append(request.url))
    opened.on("requestfailed", lambda request: failed.append(request.url))
    yield opened
    context.close()
    # Nothing from a CDN or a font server: every request is the site's own.
    assert not elsewhere, f"requests to other servers: {elsewhere}"
    assert not failed, f"requests that failed: {failed}"


def test_search_finds_a_page(page: Any, site: str) -> None:
    page.goto(f"{site}/index.html")
    box = page.locator("input.md-search__input")
    box.click()
    # The index loads in a web worker; it says so when it is ready.
    sync_api.expect(page.locator(".md-search-result__meta")).to_have_text(
        "Type to start searching", timeout=15_000
    )
    box.press_sequentially("Gradescope autograder", delay=20)
    results = page.locator(".md-search-result__item a")
    results.first.wait_for(timeout=15_000)
    targets = results.evaluate_all("links => links.map(link => link.href)")
    assert any("teach/gradescope.html" in target for target in targets), targets


def test_a_page_with_a_screenshot_renders_it(page: Any, site: str) -> None:
    page.goto(f"{site}/play/browser.html")
    images = page.locator("article img")
    assert images.count() >= 1
    for index in range(images.count()):
        image = images.nth(index)
        image.scroll_into_view_if_needed()
        loaded = image.evaluate("img => img.complete && img.naturalWidth > 0")
        assert loaded, f"{image.get_attribute('src')} did not load"


def test_the_api_reference_lists_game_state_move(page: Any, site: str) -> None:
    page.goto(f"{site}/reference/api/gamestate.html")
    heading = page.locator('[id="gamestate.GameState.move"]')
    heading.wait_for()
    assert "move" in heading.inner_text()
    section = page.locator("div.doc-object", has=heading).last
    assert "Direction" in section.inner_text()  # its signature's parameter
    contents = page.get_by_role("navigation", name="Table of contents", exact=True)
    assert "move" in contents.inner_text().split()
