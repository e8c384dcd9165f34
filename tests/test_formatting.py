import math

from playground.core import formatting as fmt


def test_number_handles_every_float():
    assert fmt.number(0.76159415) == "0.7616"
    assert fmt.number(-0.0) == "0" and fmt.number(2.0) == "2"
    assert fmt.number(math.nan) == "NaN" and fmt.number(math.inf) == "∞" and fmt.number(-math.inf) == "−∞"
    assert fmt.number(1e300) == "1e+300"


def test_vector_and_latex_matrix():
    assert fmt.vector([0, 1.5, math.nan]) == "[0, 1.5, NaN]"
    assert fmt.latex_matrix("W", [[1, 0], [0, -1]]) == r"W = \begin{bmatrix} 1 & 0 \\ 0 & -1 \end{bmatrix}"
    assert fmt.latex_matrix("h", [0, 0, 1]) == r"h = \begin{bmatrix} 0 & 0 & 1 \end{bmatrix}"
    assert r"\infty" in fmt.latex_matrix("x", [math.inf])


def test_escape_markdown_leaves_no_markup():
    import html

    assert fmt.escape_markdown("我爱自然语言处理") == "我爱自然语言处理"
    link = fmt.escape_markdown("我愛[點這裡](https://evil.example/)")
    assert link == "我愛&#91;點這裡&#93;&#40;https&#58;\u2060//evil.example/&#41;"
    assert fmt.escape_markdown(r"**b** $x$ `c` a\b <i> :red[x] ~~s~~ {a} |t| www.x.y a@b.cd") == (
        "&#42;&#42;b&#42;&#42; &#36;x&#36; &#96;c&#96; a&#92;b &lt;i&gt; &#58;red&#91;x&#93; &#126;&#126;s&#126;&#126; "
        "&#123;a&#125; &#124;t&#124; www\u2060.x.y a\u2060@b.cd")
    # block marks at the start, and line breaks (which would start new blocks) become spaces
    assert fmt.escape_markdown("# h\n- x\r\n\n1. y") == "&#35; h - x 1. y"
    assert fmt.escape_markdown("  12) z").startswith("&#32;&#32;&#49;&#50;&#41;")
    # it reads as written: decoding the references gives the text back, less the invisible joiners
    for text in ("![t](https://host.example/p.png)", "**请点击**[登录](https://x.example)", 'a "b" & \'c\' <d>'):
        assert html.unescape(fmt.escape_markdown(text)).replace(fmt.WORD_JOINER, "") == text
    assert fmt.escape_markdown("unit 1: +1.0000 · f·c = 0.72") == "unit 1: +1.0000 · f·c = 0.72"


def test_significant_keeps_the_lectures_trailing_zeros():
    from playground.core.formatting import significant

    assert significant(0.36340) == "0.36340" and significant(0.7854037) == "0.78540"
    assert significant(0.0) == "0" and significant(-0.7615941) == "-0.76159"
    assert significant(12345.6) == "12346" and significant(float("nan")) == "NaN"
