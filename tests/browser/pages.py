"""What several browser tests do to a page of the app: its address, waiting for it to settle, and the
check that it shows no exception and no dialog."""

from bench.harness import wait_rendered


def page_url(base: str, spec, query: str = "") -> str:
    """The address of ``spec``'s page (the default page is served at the root), with ``query`` ("?k=v")."""
    return (f"{base}/" if spec.default else f"{base}/{spec.url_path}") + query


def settled(page, paint_ms: int = 500) -> None:
    """The script ran to its end, then a moment for Plotly to paint (and reflow, after a resize)."""
    wait_rendered(page)
    page.wait_for_timeout(paint_ms)
    wait_rendered(page)


def assert_no_exception(page) -> None:
    errors = page.locator("[data-testid='stException']")
    assert errors.count() == 0, errors.first.inner_text()
    dialogs = page.locator("[role='dialog']")  # e.g. "page not found" on a deep link
    assert dialogs.count() == 0, dialogs.first.inner_text()
