"""A link's value in the app's own notice, as a browser draws it (issue 28, item 5): plain text, with
no link, image, emphasis or colour in it - not even the link GFM makes of a bare web address."""

from urllib.parse import quote

import pytest

from bench.harness import wait_rendered

LINKS = [
    ("sentiment", "senti_kind", "**请点击**[登录](https://x.example)"),
    ("sentiment", "senti_kind", "![t](https://host.example/p.png) :red[红]"),
    ("sentiment", "senti_kind", "# 标题 a@b.example www.x.example"),
]


@pytest.mark.parametrize(("path", "key", "raw"), LINKS, ids=["bold-link", "image-colour", "heading-addresses"])
def test_a_link_value_in_a_toast_is_plain_text(path, key, raw, server_url, student):
    page = student(locale="zh-CN")
    page.goto(f"{server_url}/{path}?{key}={quote(raw)}")
    wait_rendered(page)
    toast = page.locator("[data-testid='stToast']").first
    toast.wait_for(timeout=30_000)
    shown = toast.inner_text().replace("\u2060", "")
    assert raw[:40] in shown, shown  # the value reads as written (a notice quotes 40 characters)
    for tag in ("a", "img", "strong", "em", "h1", "h2", "ul", "li", "code", "span[class*='colored']"):
        assert toast.locator(tag).count() == 0, (tag, toast.inner_html())
