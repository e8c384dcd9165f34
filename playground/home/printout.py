"""The run-sheet for the lectern (issue 50): one sheet as an HTML page that prints on A4 portrait. Per
step: its clock, the text's words (maths rendered as MathML, which browsers draw natively), what to show
and press with a short link and a QR code, what to say, the blackboard cue, and the question with its
options, its answer and a one-line reveal; after a part's last step, its challenges as homework; at
the top the clock's budget and, in a class, the students' link and code. No Streamlit: Home passes in
what it computed (the questions, the class)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape

from playground.core.i18n import t
from playground.home.lecture_map import Demo, button_label, say
from playground.home.run_sheet import Sheet, Step, challenge_link, homework, section

QR_MM = 18  # a step's QR code: a phone reads it from the printed page
MATH = re.compile(r"\$\$(.+?)\$\$|\$(.+?)\$", re.S)
MARKUP = re.compile(r"\*\*|__|`|\\(?=[~*_`#\[\]()|.!-])")  # what the app's Markdown adds to a plain line


@dataclass(frozen=True)
class Asked:
    """A page's question as the page asks it, and what its reveal computes on the page as it opens."""

    stem: str
    options: dict[str, str]
    right: frozenset[str]
    reveal: str


@dataclass(frozen=True)
class ClassLink:
    code: str
    link: str


def maths(text: str) -> str:
    """``text`` as HTML: escaped, its ``$...$`` and ``$$...$$`` as MathML (left as written if one fails)."""
    from latex2mathml.converter import convert

    out, at = [], 0
    for match in MATH.finditer(text):
        out.append(escape(text[at:match.start()]))
        latex, block = (match.group(1), True) if match.group(1) is not None else (match.group(2), False)
        try:
            out.append(convert(latex.strip(), display="block" if block else "inline"))
        except Exception:  # the converter's own errors vary by input; the words stay readable
            out.append(escape(match.group(0)))
        at = match.end()
    return "".join(out) + escape(text[at:])


def plain(markdown: str) -> str:
    """One line of the app's Markdown as text: emphasis and escapes dropped, lines joined."""
    return " ".join(MARKUP.sub("", markdown).split())


def qr(link: str) -> str:
    import segno

    code = segno.make(link, error="m")
    svg = code.svg_inline(scale=1, dark="#000", light="#fff", omitsize=True)
    return f'<span class="qr" role="img" aria-label="QR">{svg}</span>'


def _short(link: str) -> str:
    """The link as printed: without the scheme (the QR code carries the whole address)."""
    return link.split("://", 1)[-1]


def _show(step: Step, lang: str, base: str, labels: dict[str, str]) -> str:
    if not step.places:
        said = step.saying(lang)
        return f"<p class='say'><b>{escape(labels['say'])}</b> {maths(said)}</p>" if said else ""
    rows = []
    for n, demo in enumerate(step.places):  # a QR code for the demo the step opens; the others as links
        address = base + step.link(lang, demo).removeprefix("./")
        rows.append(f"<div class='demo'>{qr(address) if n == 0 else ''}<div><b>{escape(say(demo.what, lang))}</b>"
                    f"{_press(demo, lang, labels)}<br><a class='link' href='{escape(address)}'>{escape(_short(address))}"
                    "</a></div></div>")
    return "".join(rows)


def _press(demo: Demo, lang: str, labels: dict[str, str]) -> str:
    if demo.press is None:
        return ""
    return f"<br><span class='press'>{escape(labels['press'].format(button=button_label(demo, lang)))}</span>"


def _ask(asked: Asked | None, labels: dict[str, str]) -> str:
    if asked is None:
        return ""
    options = "".join(f"<li class='{'right' if code in asked.right else ''}'>{escape(code)}. {maths(plain(text))}"
                      f"{' ✓' if code in asked.right else ''}</li>" for code, text in asked.options.items())
    answer = ", ".join(sorted(asked.right)) or "—"
    return (f"<p class='q'>{maths(plain(asked.stem))}</p><ol class='options'>{options}</ol>"
            f"<p><b>{escape(labels['answer'])}</b> {escape(answer)} · {maths(plain(asked.reveal))}</p>")


def _homework(sheet: Sheet, index: int, lang: str, base: str, labels: dict[str, str]) -> str:
    """After a part's last step, its challenges as homework (issue 53): title, task and a link."""
    names = homework(sheet, index)
    if not names:
        return ""
    items = []
    for name in names:
        address = base + challenge_link(name, lang).removeprefix("./")
        items.append(f"<li><b>{escape(t(f'challenge.{name}.title', lang))}</b>: "
                     f"{maths(plain(t(f'challenge.{name}.task', lang)))} <a class='link' href='{escape(address)}'>"
                     f"{escape(_short(address))}</a></li>")
    return (f"<tr class='homework'><td></td><td colspan='3'><b>{escape(labels['homework'])}</b>"
            f"<ul>{''.join(items)}</ul></td></tr>")


def _row(sheet: Sheet, index: int, lang: str, base: str, labels: dict[str, str], asked: Asked | None) -> str:
    step = sheet.steps[index]
    start, end = sheet.clock(index)
    gloss = f"<p class='gloss'>{escape(step.gloss)}</p>" if lang == "en" and step.gloss else ""
    cue = (f"<p class='cue'><b>{escape(labels['cue'])}</b> {maths(step.cue.words)}</p>" if step.cue else "")
    return (f"<tr><td class='n'>{index + 1}<br><span class='clock'>{start}–{end}′</span></td>"
            f"<td><p class='where'>{escape(section(step, lang))}</p><blockquote>{maths(step.quote.words)}</blockquote>"
            f"{gloss}{cue}</td><td>{_show(step, lang, base, labels)}</td>"
            f"<td>{_ask(asked, labels)}</td></tr>") + _homework(sheet, index, lang, base, labels)


STYLE = """<style>
@page { size: A4 portrait; margin: 12mm; }
body { font: 10pt/1.35 "Noto Sans CJK SC", "Noto Sans", sans-serif; color: #000; margin: 0; }
h1 { font-size: 15pt; margin: 0 0 4pt; }
.budget, .class { margin: 2pt 0 6pt; }
.class .qr svg { width: 28mm; height: 28mm; }
table { border-collapse: collapse; width: 100%; table-layout: fixed; }
col.n { width: 9%; } col.words { width: 38%; } col.show { width: 28%; } col.ask { width: 25%; }
th, td { border: 0.6pt solid #555; padding: 3pt; vertical-align: top; overflow-wrap: anywhere; word-break: break-word; }
th { background: #eee; text-align: left; }
tr { break-inside: avoid; page-break-inside: avoid; }
td.n { text-align: center; font-weight: bold; }
.clock { font-weight: normal; white-space: nowrap; font-size: 9pt; }
p { margin: 0 0 3pt; }
.where { font-size: 8.5pt; color: #333; }
blockquote { margin: 0 0 3pt; padding-left: 4pt; border-left: 2pt solid #444; color: #000; }
.gloss { font-style: italic; color: #222; }
.cue { background: #f3f3f3; padding: 2pt; }
.demo { display: flex; gap: 4pt; margin-bottom: 4pt; }
.demo .qr svg { width: QRmm; height: QRmm; display: block; }
.link { font-size: 7.5pt; color: #000; text-decoration: none; overflow-wrap: anywhere; word-break: break-all; }
.press { font-size: 9pt; }
ol.options { margin: 0 0 3pt; padding-left: 12pt; list-style: none; }
ol.options li.right { font-weight: bold; }
tr.homework td { background: #f7f7f7; }
tr.homework ul { margin: 0; padding-left: 12pt; }
math { font-size: 105%; }
</style>""".replace("QR", str(QR_MM))


def printout(sheet: Sheet, lang: str, base: str, labels: dict[str, str], questions: dict[str, Asked],
             in_class: ClassLink | None = None) -> str:
    """``sheet`` to print, in ``lang``: ``base`` makes the links absolute; ``labels`` are the words around
    the steps in ``lang``; ``questions``: the asked pages' questions; ``in_class``: the class being taught."""
    heads = "".join(f"<th>{escape(labels[k])}</th>" for k in ("step", "words", "show", "ask"))
    budget = escape(labels["budget"].format(total=sheet.minutes, opening=sheet.opening,
                                           transitions=sheet.transitions, slack=sheet.slack))
    poll = ""
    if in_class is not None:
        poll = (f"<div class='class demo'>{qr(in_class.link)}<div><b>{escape(labels['class'])}</b> "
                f"<span style='font-size:16pt'>{escape(in_class.code)}</span><br>"
                f"<a class='link' href='{escape(in_class.link)}'>{escape(_short(in_class.link))}</a></div></div>")
    rows = "".join(_row(sheet, i, lang, base, labels, questions.get(step.ask) if step.ask else None)
                   for i, step in enumerate(sheet.steps))
    return (f"<!doctype html><html lang='{lang}'><meta charset='utf-8'>"
            f"<title>{escape(labels['title'])} · {escape(say(sheet.title, lang))}</title>{STYLE}"
            f"<h1>{escape(say(sheet.title, lang))}</h1><p class='budget'>{budget}</p>{poll}"
            "<table><colgroup><col class='n'><col class='words'><col class='show'><col class='ask'></colgroup>"
            f"<thead><tr>{heads}</tr></thead><tbody>{rows}</tbody></table></html>")
