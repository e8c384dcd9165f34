import torch

from playground import registry, train
from playground.checkpoints import ModelCard, load_checkpoint, save_checkpoint
from playground.device import device, device_label


def test_cli_trains_a_registered_model(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(registry, "RECIPES", {})

    @registry.register("toy", group="demo", description="a one-weight model")
    def build(out_dir, dev):
        card = ModelCard(name="toy", architecture={}, vocabulary=None, data={"source": "none"}, split={},
                         hyperparameters={}, metrics={"loss": 0.5}, device=str(dev), training_seconds=0.0, seed=0)
        save_checkpoint({"w": torch.ones(1)}, card, out_dir)
        return card

    assert train.main(["demo", "--out", str(tmp_path)]) == 0
    assert "toy: loss=0.5" in capsys.readouterr().out
    tensors, card = load_checkpoint("toy", tmp_path)
    assert float(tensors["w"]) == 1.0 and card.device == str(device())
    assert train.main(["--list"]) == 0 and "toy" in capsys.readouterr().out
    assert train.main(["nonsense", "--out", str(tmp_path)]) == 2
    assert "no model or group named 'nonsense'" in capsys.readouterr().err


def test_all_registered_recipes_import():
    recipes = registry.load_all()
    assert all(r.name and r.group for r in recipes.values())


def test_device_is_cpu_without_cuda():
    if not torch.cuda.is_available():
        assert device().type == "cpu" and device_label() == "CPU"
