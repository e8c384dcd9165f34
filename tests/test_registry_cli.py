import sys
import types

import pytest
import torch

from playground import registry, train
from playground.core.checkpoints import CheckpointError, ModelCard, load_checkpoint, save_checkpoint
from playground.core.device import device, device_label


def _toy_subject() -> types.ModuleType:
    """A subject that follows the shipped-model interface: SHIPPED, load(name), build(name, out_dir, device)."""
    subject = types.ModuleType("toy_subject")
    subject.SHIPPED = {"toy": "a one-weight model"}

    def build(name, out_dir, dev):
        card = ModelCard(name=name, architecture={}, vocabulary=None, data={"source": "none"}, split={},
                         hyperparameters={}, metrics={"loss": 0.5}, device=str(dev), training_seconds=0.0, seed=0)
        save_checkpoint({"w": torch.ones(1)}, card, out_dir)
        return card

    subject.build = build
    subject.load = lambda name, directory=None, device=None: load_checkpoint(name, directory, device="cpu")[0]["w"]
    return subject


def test_cli_trains_a_shipped_model(tmp_path, monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "toy_subject", _toy_subject())
    monkeypatch.setattr(registry.lessons, "shipped_subjects", lambda: {"demo": "toy_subject"})
    assert train.main(["demo", "--out", str(tmp_path)]) == 0
    assert "toy: loss=0.5" in capsys.readouterr().out
    tensors, card = load_checkpoint("toy", tmp_path)
    assert float(tensors["w"]) == 1.0 and card.device == str(device())
    assert float(registry.shipped()["toy"].load(tmp_path)) == 1.0
    assert train.main(["--list"]) == 0 and "toy" in capsys.readouterr().out
    assert train.main(["nonsense", "--out", str(tmp_path)]) == 2
    assert "no model or group named 'nonsense'" in capsys.readouterr().err


def test_every_subject_follows_the_interface():
    shipped = registry.shipped()
    assert {m.group for m in shipped.values()} == set(registry.lessons.shipped_subjects())
    assert list(registry.lessons.shipped_subjects())[:2] == ["two_ones", "memory_span"]  # the lessons' order
    for name, model in shipped.items():
        assert model.description and callable(model.subject.load) and callable(model.subject.build)
        assert registry.owner_of(name) == name
    assert registry.owner_of("charlm_shakespeare_lstm_snapshots") == "charlm_shakespeare_lstm"
    assert registry.owner_of("scaling_cpu") == "scaling"
    assert registry.owner_of("nothing_like_it") is None


@pytest.mark.parametrize("name", sorted(registry.shipped()))
def test_every_shipped_name_loads_frozen(name):
    """load(name) gives the thing ready for inference; models are frozen and carry their card."""
    loaded = registry.shipped()[name].load(device="cpu")
    module = getattr(loaded, "model", loaded)
    if isinstance(module, torch.nn.Module):
        assert not module.training and not any(p.requires_grad for p in module.parameters())
        assert loaded.card.name == name


def test_a_missing_file_raises_checkpoint_error(tmp_path):
    with pytest.raises(CheckpointError):
        registry.shipped()["two_ones"].load(tmp_path)


def test_device_is_cpu_without_cuda():
    if not torch.cuda.is_available():
        assert device().type == "cpu" and device_label() == "CPU"
