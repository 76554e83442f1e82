"""The API explorer at ``/docs`` (issue 31, item 5): Swagger UI from the
server's own packaged files, under the page's Content-Security-Policy,
with no request leaving the server, listing every route."""

from __future__ import annotations

from typing import Any

from playmanager.web.guard import CONTENT_SECURITY_POLICY

# The browser and the server are pytest fixtures, passed by name: a linter
# sees the import unused and each parameter redefining it (F401, F811).
from tests.test_web_browser import browser, server  # noqa: F401


def test_docs_is_an_offline_explorer_listing_every_route(
    browser: Any,  # noqa: F811
    server: str,  # noqa: F811
) -> None:
    context = browser.new_context()
    page = context.new_page()
    outside: list[str] = []
    problems: list[str] = []

    def only_this_server(route: Any) -> None:
        if route.request.url.startswith(server):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    page.route("**/*", only_this_server)
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    try:
        response = page.goto(f"{server}/docs")
        assert response.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
        page.wait_for_selector(".opblock", timeout=20_000)
        shown = set(
            page.eval_on_selector_all(
                ".opblock",
                "blocks => blocks.map(b => b.querySelector('.opblock-summary-method')"
                ".textContent.toLowerCase() + ' ' + b.querySelector("
                "'.opblock-summary-path').dataset.path)",
            )
        )
        schema = page.request.get(f"{server}/openapi.json").json()
        routes = {
            f"{method} {path}"
            for path, methods in schema["paths"].items()
            for method in methods
        }
        assert len(routes) >= 14
        assert shown == routes
        assert outside == [], "every file comes from this server"
        assert problems == [], "no CSP refusal, no missing file"
    finally:
        context.close()
