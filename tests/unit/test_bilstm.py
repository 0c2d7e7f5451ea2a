"""The one-recurrence BiLSTM (app.detection.bilstm) computes PyTorch's bidirectional LSTM on packed sequences."""

import pytest
import torch
from stanza.models.common.packed_lstm import PackedLSTM
from torch.nn.utils.rnn import pack_padded_sequence, pack_sequence

from app.detection.bilstm import PackedBiLSTM, one_recurrence_of, reversed_within_lengths, use_packed_bilstm


def _packed(lengths, size, seed=0):
    g = torch.Generator().manual_seed(seed)
    return pack_sequence([torch.randn(n, size, generator=g) for n in lengths])


@pytest.mark.parametrize("lengths", [[1], [5], [9, 9, 4, 1], [3, 2, 2], [12, 7, 7, 7, 3, 1, 1]])
@pytest.mark.parametrize("sizes", [(7, 5), (40, 16)])
@pytest.mark.parametrize("initial", [False, True])
def test_outputs_and_final_states_are_the_lstms(lengths, sizes, initial):
    torch.manual_seed(len(lengths) + sizes[0])
    lstm = torch.nn.LSTM(sizes[0], sizes[1], bidirectional=True)
    packed = _packed(lengths, sizes[0])
    hx = (torch.randn(2, len(lengths), sizes[1]), torch.randn(2, len(lengths), sizes[1])) if initial else None
    with torch.inference_mode():
        expected, (h, c) = lstm(packed, hx)
        mine, (h2, c2) = PackedBiLSTM(lstm)(packed, hx)
    assert torch.equal(mine.batch_sizes, expected.batch_sizes)
    assert torch.allclose(mine.data, expected.data, atol=1e-5)
    assert torch.allclose(h2, h, atol=1e-5) and torch.allclose(c2, c, atol=1e-5)


def test_reversed_within_lengths_mirrors_each_sentence_and_is_its_own_inverse():
    # sentences of 3, 2 and 1 tokens, packed time-major: rows (t0: s0 s1 s2) (t1: s0 s1) (t2: s0)
    assert reversed_within_lengths([3, 2, 1]) == [5, 4, 2, 3, 1, 0]
    mirror = reversed_within_lengths([4, 4, 2, 1])
    assert sorted(mirror) == list(range(11)) and [mirror[i] for i in mirror] == list(range(11))
    assert reversed_within_lengths([]) == []


def test_other_inputs_go_to_the_lstm_unchanged():
    lstm = torch.nn.LSTM(6, 4, bidirectional=True, batch_first=True)
    fast = PackedBiLSTM(lstm)
    x = torch.randn(3, 5, 6)
    unsorted = pack_padded_sequence(x, [2, 5, 3], batch_first=True, enforce_sorted=False)
    with torch.inference_mode():
        for inputs in (unsorted, x):  # packed with sorting indices; padded
            out, _ = fast(inputs)
            expected, _ = lstm(inputs)
            assert torch.equal(out.data if hasattr(out, "data") else out, expected.data if hasattr(expected, "data") else expected)


@pytest.mark.parametrize("lstm", [torch.nn.LSTM(4, 3), torch.nn.LSTM(4, 3, num_layers=2, bidirectional=True),
                                  torch.nn.LSTM(4, 3, bidirectional=True, bias=False), torch.nn.GRU(4, 3, bidirectional=True)])
def test_only_one_bidirectional_lstm_layer_with_biases(lstm):
    with pytest.raises(ValueError):
        PackedBiLSTM(lstm)


def test_use_packed_bilstm_wraps_the_tagger_and_character_lstms_and_can_be_undone():
    model = torch.nn.Module()
    model.taggerlstm = PackedLSTM(10, 6, 1, batch_first=True, bidirectional=True)
    model.charmodel = torch.nn.Module()
    model.charmodel.charlstm = PackedLSTM(5, 3, 1, batch_first=True, bidirectional=True)
    packed = _packed([6, 3, 3], 10, seed=4)
    with torch.inference_mode():
        expected = model.taggerlstm(packed, [6, 3, 3])[0].data
        wrapped = use_packed_bilstm(model)
        assert wrapped == [model.taggerlstm, model.charmodel.charlstm]
        assert torch.allclose(model.taggerlstm(packed, [6, 3, 3])[0].data, expected, atol=1e-5)
        padded = torch.randn(3, 6, 10)  # Stanza's PackedLSTM packs a padded batch by its lengths first
        assert torch.allclose(model.taggerlstm(padded, [6, 3, 3])[0].data,
                              PackedLSTM.forward(model.taggerlstm, padded, [6, 3, 3])[0].data, atol=1e-5)
    assert isinstance(one_recurrence_of(model.taggerlstm), PackedBiLSTM)
    del model.taggerlstm.forward  # Stanza's own forward again
    assert "forward" not in model.taggerlstm.__dict__
    assert one_recurrence_of(model.taggerlstm) is None and one_recurrence_of(torch.nn.LSTM(2, 2)) is None
    unidirectional = torch.nn.Module()
    unidirectional.taggerlstm = PackedLSTM(10, 6, 1, batch_first=True)
    assert use_packed_bilstm(unidirectional) == []


@pytest.mark.parametrize("lengths", [[1], [9, 9, 4, 1], [12, 7, 7, 7, 3, 1, 1]])
def test_final_states_alone_are_those_of_the_full_run(lengths):
    """``final_states`` gives exactly the ``(h_n, c_n)`` of a full call (outputs not assembled), and refuses an input
    the path does not take."""
    torch.manual_seed(len(lengths))
    fast = PackedBiLSTM(torch.nn.LSTM(7, 5, bidirectional=True))
    packed = _packed(lengths, 7, seed=2)
    hx = (torch.randn(2, len(lengths), 5), torch.randn(2, len(lengths), 5))
    with torch.inference_mode():
        _, (h, c) = fast(packed, hx)
        h2, c2 = fast.final_states(packed, hx)
        assert torch.equal(h2, h) and torch.equal(c2, c)
        with pytest.raises(ValueError):
            fast.final_states(torch.randn(3, 2, 7))


@pytest.mark.parametrize("tags", [
    [], ["O"], ["O", "S-PER", "O"], ["B-PER"], ["I-ORG", "O"], ["B-LOC", "E-LOC", "O", "E-PER"], ["O", "I-MISC", "I-MISC"],
    ["B-PER", "I-PER", "E-PER", "S-LOC"], ["<PAD>", "O"],
])
def test_singleton_tags_fixed_as_stanza_fixes_them(tags):
    """The shortcut for sentences without B-, I- or E- tags gives what Stanza's ``fix_singleton_tags`` gives."""
    from stanza.models.ner.trainer import fix_singleton_tags

    from app.detection.stanza_ner import _fix_singletons

    assert _fix_singletons(tags, fix_singleton_tags) == fix_singleton_tags(tags)
