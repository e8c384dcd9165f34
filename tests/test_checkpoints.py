import json

import pytest
import torch

from playground.core.checkpoints import CheckpointError, ModelCard, load_card, load_checkpoint, save_checkpoint


def _card(name="tiny"):
    return ModelCard(name=name, architecture={"kind": "lstm", "hidden": 4}, vocabulary=["a", "b"],
                     data={"source": "synthetic", "package": None, "version": None}, split={"train": 10},
                     hyperparameters={"lr": 0.01}, metrics={"test_accuracy": 0.9}, device="cpu",
                     training_seconds=1.5, seed=0)


def _tensors():
    torch.manual_seed(0)
    return {"w": torch.randn(4, 3), "ids": torch.arange(5)}


def test_round_trip(tmp_path):
    tensors = _tensors()
    save_checkpoint(tensors, _card(), tmp_path)
    loaded, card = load_checkpoint("tiny", tmp_path, device="cpu")
    assert torch.equal(loaded["w"], tensors["w"]) and torch.equal(loaded["ids"], tensors["ids"])
    assert card.metrics == {"test_accuracy": 0.9} and card.vocabulary == ["a", "b"]
    assert len(card.weights_sha256) == 64
    assert load_card("tiny", tmp_path).architecture["kind"] == "lstm"


def test_half_precision_is_stored_and_restored_as_float(tmp_path):
    tensors = _tensors()
    weights, _ = save_checkpoint(tensors, _card(), tmp_path, half=True)
    loaded, _ = load_checkpoint("tiny", tmp_path, device="cpu")
    assert loaded["w"].dtype == torch.float32
    assert torch.allclose(loaded["w"], tensors["w"], atol=1e-2)
    assert loaded["ids"].dtype == torch.int64
    assert weights.stat().st_size < 4 * 12 + 8 * 5 + 400


def test_missing_files_raise_one_error_type(tmp_path):
    with pytest.raises(CheckpointError, match="card"):
        load_checkpoint("nothing", tmp_path)
    save_checkpoint(_tensors(), _card(), tmp_path)
    (tmp_path / "tiny.safetensors").unlink()
    with pytest.raises(CheckpointError, match="missing"):
        load_checkpoint("tiny", tmp_path)


def test_corrupt_weights_are_caught(tmp_path):
    weights, _ = save_checkpoint(_tensors(), _card(), tmp_path)
    data = weights.read_bytes()
    weights.write_bytes(data[: len(data) // 2])
    with pytest.raises(CheckpointError, match="corrupt"):
        load_checkpoint("tiny", tmp_path)


def test_unreadable_file_even_with_matching_hash(tmp_path):
    weights, card_path = save_checkpoint(_tensors(), _card(), tmp_path)
    weights.write_bytes(b"\x00garbage")
    card = json.loads(card_path.read_text())
    card["weights_sha256"] = ""  # no hash to compare: the safetensors parser must catch it
    card_path.write_text(json.dumps(card))
    with pytest.raises(CheckpointError, match="unreadable"):
        load_checkpoint("tiny", tmp_path)


def test_bad_card(tmp_path):
    save_checkpoint(_tensors(), _card(), tmp_path)
    (tmp_path / "tiny.json").write_text("{not json")
    with pytest.raises(CheckpointError, match="unreadable"):
        load_checkpoint("tiny", tmp_path)
    (tmp_path / "tiny.json").write_text(json.dumps({"name": "tiny"}))
    with pytest.raises(CheckpointError, match="lacks"):
        load_card("tiny", tmp_path)


def test_half_embeddings_give_the_same_numbers_in_half_the_memory():
    from playground.core.checkpoints import as_shipped, half_embeddings

    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Embedding(50, 8), torch.nn.Linear(8, 2))
    model.load_state_dict(as_shipped(model.state_dict()))  # the file's float16 values
    ids = torch.randint(0, 50, (4, 7))
    before = model(ids)
    half_embeddings(model)
    assert model[0].weight.dtype == torch.float16 and model[1].weight.dtype == torch.float32
    after = model(ids)
    assert after.dtype == torch.float32
    torch.testing.assert_close(after, before, rtol=0, atol=0)
