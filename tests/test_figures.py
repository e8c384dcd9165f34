import plotly.graph_objects as go
import torch

from playground import figures, forms


def test_unrolled_diagram_draws_one_cell_per_step():
    graph = forms.unrolled("many_to_many_aligned")
    fig = figures.unrolled_diagram(graph)
    texts = [a.text for a in fig.layout.annotations]
    assert sum(t.startswith("h<sub>") for t in texts) == len(graph.steps) + 1  # + h_0
    assert texts.count("W_hh") == len(graph.steps) - 1  # the same weight on every transition


def test_seq2seq_diagram_names_encoder_and_decoder():
    fig = figures.unrolled_diagram(forms.unrolled("many_to_many_unaligned"), {"encoder": "ENC", "decoder": "DEC"})
    texts = [a.text for a in fig.layout.annotations]
    assert "<b>ENC</b>" in texts and "<b>DEC</b>" in texts and "c" in texts


def test_other_figures_build():
    assert isinstance(figures.folded_diagram(), go.Figure)
    fig = figures.hidden_state_heatmaps([torch.zeros(3, 4), torch.ones(2, 4)], ["abc", "ab"], ["A", "B"], "unit")
    assert len(fig.data) == 2 and fig.data[0].x == ("1:a", "2:b", "3:c")
    fig = figures.parameters_vs_window([1, 2], [10, 20], [5, 5], {"mlp": "m", "rnn": "r"}, chosen=2)
    assert len(fig.data) == 2
    assert len(figures.loss_curve([1, 2], [1.0, 0.5], "step", "loss").data) == 1
