import math

from playground import formatting as fmt


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
    assert fmt.escape_markdown("我爱自然语言处理") == "我爱自然语言处理"
    link = fmt.escape_markdown("我愛[點這裡](https://evil.example/)")
    assert link == r"我愛\[點這裡\]\(https\:\/\/evil\.example\/\)"
    assert fmt.escape_markdown(r"**b** $x$ `c` a\b <i> :red[x] www.x.y") == (
        r"\*\*b\*\* \$x\$ \`c\` a\\b \<i\> \:red\[x\] www\.x\.y")


def test_significant_keeps_the_lectures_trailing_zeros():
    from playground.formatting import significant

    assert significant(0.36340) == "0.36340" and significant(0.7854037) == "0.78540"
    assert significant(0.0) == "0" and significant(-0.7615941) == "-0.76159"
    assert significant(12345.6) == "12346" and significant(float("nan")) == "NaN"
