"""A CPU inference path for one bidirectional LSTM layer on packed sequences, both directions in one recurrence.

PyTorch's LSTM on a ``PackedSequence`` runs the forward direction over every time step and then the backward
direction (two recurrences, one after the other), each step a small matrix product per direction. For the NER
tagger's word-level BiLSTM on one document (a few sentences: 2–9 rows per step) those steps are small, and their
fixed cost, not their arithmetic, is what a document pays.

:class:`PackedBiLSTM` computes the same function with half the steps: the backward direction reads each sentence
reversed *within its own length*, so at every step ``t`` both directions have the same rows (``batch_sizes[t]``
sentences are still running in either direction) and one batched product ``torch.baddbmm`` serves both. The
input products of all tokens are computed before the recurrence in one batched product (as PyTorch does for
padded inputs). The character model's BiLSTM (one short recurrence per batch of words) gets the same path. The
equations are the LSTM's (Hochreiter & Schmidhuber, 1997; with the forget gate of Gers et al.,
2000, and PyTorch's gate order ``i, f, g, o``)::

    (i_t, f_t, g_t, o_t) = W x_t + b_ih + b_hh + U h_{t-1}
    c_t = σ(f_t) ⊙ c_{t-1} + σ(i_t) ⊙ tanh(g_t)
    h_t = σ(o_t) ⊙ tanh(c_t)

Each step runs one sigmoid over all four gates: the cell input's ``tanh(g)`` is computed as ``2 σ(2g) − 1`` (the
same function), with the ``g`` rows of ``W``, ``U`` and the biases multiplied by 2 once at construction (exact in
floating point: a power of two); ``c_t = σ(f) ⊙ c_{t-1} + 2 σ(i) ⊙ σ(2g) − σ(i)`` takes two ``torch.addcmul``. That
is four tensor operations fewer per step than the plain equations (~15 % of a step's fixed cost).

Only rounding differs from PyTorch's (``W x + b`` and ``U h`` are summed in another order; ``tanh`` through the
sigmoid): outputs agree within ~1e-6 (``tests/unit/test_bilstm.py``), and the NER tags of four test sets are the same
(``docs/performance.md``, "Both directions in one recurrence", "One sigmoid per step"). Memory: a stacked copy of each wrapped LSTM's
weights (the English word BiLSTM: 2.1 MB).
"""

from typing import Any, List, Tuple

import torch
from torch.nn.utils.rnn import PackedSequence, pack_padded_sequence, pad_packed_sequence


def _recurrence_loop(gates_in: torch.Tensor, h: torch.Tensor, c: torch.Tensor, u: torch.Tensor,
                     batch_sizes: List[int], hidden: int,
                     keep_outputs: bool = True) -> Tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """Both directions' recurrence (scripted by :func:`_recurrence`).

    Args:
        gates_in: ``(2, tokens, 4 × hidden)``, the input products of both directions in packed order (the backward
            direction's rows already reversed within each sentence), biases included, the ``g`` block doubled.
        h, c: ``(2, batch, hidden)`` initial states.
        u: ``(2, hidden, 4 × hidden)``, the recurrent weights, transposed, the ``g`` block doubled.
        batch_sizes: the packed batch's ``batch_sizes``.
        keep_outputs: ``False`` when only the final states are wanted (the character model's representations).

    Returns:
        ``(outputs (2, tokens, hidden) in the rows' order, h_n (2, batch, hidden), c_n (2, batch, hidden))``;
        ``outputs`` is an empty ``(2, 0, hidden)`` tensor when ``keep_outputs`` is false.
    """
    outputs: List[torch.Tensor] = []
    last_h: List[torch.Tensor] = []
    last_c: List[torch.Tensor] = []
    offset = 0
    for n in batch_sizes:
        if n < h.size(1):  # sentences n.. ended at the previous step: keep their final states
            last_h.append(h[:, n:])
            last_c.append(c[:, n:])
            h = h[:, :n]
            c = c[:, :n]
        i, f, g2, o = torch.sigmoid(torch.baddbmm(gates_in[:, offset:offset + n], h, u)).chunk(4, 2)
        c = torch.addcmul(torch.addcmul(-i, i, g2, value=2.0), f, c)  # f c + i tanh(g), tanh(g) = 2 σ(2g) − 1
        h = o * torch.tanh(c)
        if keep_outputs:
            outputs.append(h)
        offset += n
    last_h.append(h)
    last_c.append(c)
    last_h.reverse()
    last_c.reverse()
    out = torch.cat(outputs, 1) if keep_outputs else h.new_empty((2, 0, hidden))
    return out, torch.cat(last_h, 1), torch.cat(last_c, 1)


_RECURRENCE: Any = None


def _recurrence() -> Any:
    """:func:`_recurrence_loop` compiled by TorchScript, once per process (~0.1 s; :func:`use_packed_bilstm` compiles
    it at model load, before a worker forks its stage processes). Run by TorchScript's interpreter, the loop's ~15
    tensor operations per step cost less than from Python: 1.14x the NER speed of Stanza's LSTMs on the English
    demo documents, where the same loop run from Python gains nothing (``docs/performance.md``). torch 2.13 marks
    ``torch.jit.script`` deprecated in favour of ``torch.compile``, which would need a C compiler at run time; the
    warning is silenced here, and a torch without TorchScript falls back to the Python loop (same results)."""
    global _RECURRENCE
    if _RECURRENCE is None:
        import warnings

        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                _RECURRENCE = torch.jit.script(_recurrence_loop)
        except Exception:  # noqa: BLE001 - no TorchScript in this torch: the same loop from Python
            _RECURRENCE = _recurrence_loop
    return _RECURRENCE


def reversed_within_lengths(batch_sizes: list[int]) -> list[int]:
    """For the rows of a packed batch (time-major, sentences sorted longest first), the row that holds the same
    sentence's token at the mirrored position: row ``(t, s)`` ↦ row ``(len(s) − 1 − t, s)``.

    Args:
        batch_sizes: the ``PackedSequence``'s ``batch_sizes`` (non-increasing, first = number of sentences).

    Returns:
        ``list[int]`` of ``sum(batch_sizes)`` row indices; a permutation that is its own inverse.
    """
    offsets = [0]
    for n in batch_sizes:
        offsets.append(offsets[-1] + n)
    lengths = [0] * (batch_sizes[0] if batch_sizes else 0)
    for n in batch_sizes:
        for s in range(n):
            lengths[s] += 1
    return [offsets[lengths[s] - 1 - t] + s for t, n in enumerate(batch_sizes) for s in range(n)]


def is_one_bidirectional_layer(lstm: Any) -> bool:
    """Whether ``lstm`` is what :class:`PackedBiLSTM` computes: one ``torch.nn.LSTM`` layer, bidirectional, with
    biases, without projection."""
    return (type(lstm) is torch.nn.LSTM and lstm.num_layers == 1 and lstm.bidirectional and lstm.bias
            and not lstm.proj_size)


class PackedBiLSTM:
    """Inference replacement of a one-layer bidirectional ``torch.nn.LSTM`` with biases, on ``PackedSequence``
    inputs whose sentences are sorted longest first (``enforce_sorted``: no ``sorted_indices``), as Stanza's NER
    tagger packs them.

    Called like the LSTM (``module(input, hx)``); anything else (a padded tensor, unsorted packing) goes to the
    wrapped LSTM unchanged. The weights are copies of the LSTM's at construction, stacked per direction; the LSTM is
    kept (its parameters still belong to the model).

    Args:
        lstm: ``torch.nn.LSTM`` with ``num_layers=1``, ``bidirectional=True``, ``bias=True``, no projection.

    Raises:
        ValueError: any other LSTM.
    """

    def __init__(self, lstm: Any) -> None:
        if not is_one_bidirectional_layer(lstm):
            raise ValueError("PackedBiLSTM needs one bidirectional torch.nn.LSTM layer with biases")
        self.lstm = lstm
        self.hidden = lstm.hidden_size
        with torch.no_grad():
            directions = ("", "_reverse")
            self.w = torch.stack([getattr(lstm, f"weight_ih_l0{d}").detach().t() for d in directions]).contiguous()
            self.u = torch.stack([getattr(lstm, f"weight_hh_l0{d}").detach().t() for d in directions]).contiguous()
            self.b = torch.stack([(getattr(lstm, f"bias_ih_l0{d}") + getattr(lstm, f"bias_hh_l0{d}")).detach()
                                  for d in directions]).unsqueeze(1)
            cell = slice(2 * self.hidden, 3 * self.hidden)  # the g block: tanh(g) = 2 σ(2g) − 1 in the recurrence
            for weights in (self.w, self.u, self.b):
                weights[..., cell] *= 2

    def __call__(self, input: Any, hx: Any = None) -> Any:
        """``(PackedSequence of (tokens, 2 × hidden), (h_n, c_n) each (2, batch, hidden))``, as the LSTM returns."""
        if not self.takes(input):
            return self.lstm(input, hx)
        out, (h_n, c_n), mirror = self._run(input, hx, True)
        data = torch.cat([out[0], out[1].index_select(0, mirror)], 1)
        return PackedSequence(data, input.batch_sizes, None, None), (h_n, c_n)

    def takes(self, input: Any) -> bool:
        """Whether ``input`` is what this path computes: a ``PackedSequence`` sorted longest first, of rows of the
        weights' dtype and device."""
        return isinstance(input, PackedSequence) and input.sorted_indices is None and input.data.dim() == 2 \
            and input.data.dtype == self.w.dtype and input.data.device == self.w.device

    def final_states(self, input: Any, hx: Any = None) -> tuple[Any, Any]:
        """``(h_n, c_n)``, each ``(2, batch, hidden)``, as the LSTM returns them, without assembling the outputs
        (the character model's representations are the final states only).

        Raises:
            ValueError: an ``input`` that :meth:`takes` refuses.
        """
        if not self.takes(input):
            raise ValueError("final_states needs a sorted PackedSequence of the weights' dtype and device")
        return self._run(input, hx, False)[1]

    def _run(self, input: Any, hx: Any, keep_outputs: bool) -> tuple[Any, tuple[Any, Any], Any]:
        batch_sizes = input.batch_sizes.tolist()
        if hx is None:
            zeros = input.data.new_zeros((2, batch_sizes[0], self.hidden))
            hx = (zeros, zeros)
        mirror = torch.as_tensor(reversed_within_lengths(batch_sizes), dtype=torch.long, device=input.data.device)
        x = torch.stack([input.data, input.data.index_select(0, mirror)])
        gates_in = torch.baddbmm(self.b, x, self.w)
        out, h_n, c_n = _recurrence()(gates_in, hx[0], hx[1], self.u, batch_sizes, self.hidden, keep_outputs)
        return out, (h_n, c_n), mirror

    def input_gates(self, rows: Any) -> Any:
        """The input products of ``rows`` for both directions, as the recurrence reads them: ``W x + b_ih + b_hh``
        with the ``g`` block doubled.

        Args:
            rows: ``Tensor (n, input_size)``, one row per word (not per token: a word's row is the same wherever it
                stands, so a caller computes each distinct word once, or looks it up: :class:`app.detection.char_table.InputGateTable`).

        Returns:
            ``Tensor (2, n, 4 × hidden)``: direction 0 forward, 1 backward.
        """
        return torch.baddbmm(self.b, torch.stack([rows, rows]), self.w)

    def from_input_gates(self, gates: Any, rows: list[int], batch_sizes: list[int], hx: Any) -> Any:
        """The BiLSTM's output rows of a packed batch whose input products are already known per word.

        Args:
            gates: ``Tensor (2, words, 4 × hidden)`` of :meth:`input_gates` (or a table of them).
            rows: for each token of the batch in packed order, its word's row in ``gates``.
            batch_sizes: the packed batch's ``batch_sizes`` (sentences sorted longest first).
            hx: ``(h_0, c_0)``, each ``(2, batch, hidden)``.

        Returns:
            ``Tensor (tokens, 2 × hidden)`` in packed order, forward then backward states: the ``data`` of what
            :meth:`__call__` returns for the same tokens (the same products, gathered instead of recomputed).
        """
        mirror = reversed_within_lengths(batch_sizes)
        device = gates.device
        forward = torch.as_tensor(rows, dtype=torch.long, device=device)
        backward = torch.as_tensor([rows[j] for j in mirror], dtype=torch.long, device=device)
        gates_in = torch.stack([gates[0].index_select(0, forward), gates[1].index_select(0, backward)])
        out, _, _ = _recurrence()(gates_in, hx[0], hx[1], self.u, batch_sizes, self.hidden, True)
        return torch.cat([out[0], out[1].index_select(0, torch.as_tensor(mirror, dtype=torch.long,
                                                                           device=device))], 1)


def use_packed_bilstm(model: Any) -> list[Any]:
    """Give a Stanza NER model's BiLSTMs the one-recurrence path (:class:`PackedBiLSTM`), in place: the word-level
    ``taggerlstm`` and the character model's ``charlstm`` (whose final states are the character representations).

    Args:
        model: a Stanza ``NERTagger`` in eval mode, not quantized.

    Returns:
        the Stanza ``PackedLSTM`` modules wrapped (their instance attribute ``forward`` is the new path; deleting it
        restores Stanza's): none when no LSTM is one bidirectional ``torch.nn.LSTM`` layer with biases on the CPU.
    """
    wrapped = []
    for packed in (getattr(model, "taggerlstm", None), getattr(getattr(model, "charmodel", None), "charlstm", None)):
        lstm = getattr(packed, "lstm", None)
        if not is_one_bidirectional_layer(lstm) or lstm.weight_ih_l0.device.type != "cpu":
            continue
        packed.forward = _packed_forward(packed, PackedBiLSTM(lstm))
        wrapped.append(packed)
    if wrapped:
        _recurrence()  # compiled now, at load, not on the first document
    return wrapped


def _packed_forward(packed: Any, fast: PackedBiLSTM) -> Any:
    """Stanza's ``PackedLSTM.forward`` with :class:`PackedBiLSTM` in place of its ``lstm``."""
    def forward(input: Any, lengths: Any, hx: Any = None) -> Any:
        if not isinstance(input, PackedSequence):
            input = pack_padded_sequence(input, lengths, batch_first=packed.batch_first)
        res = fast(input, hx)
        if packed.pad:
            res = (pad_packed_sequence(res[0], batch_first=packed.batch_first)[0], res[1])
        return res

    forward.one_recurrence = fast  # type: ignore[attr-defined]
    return forward


def one_recurrence_of(packed: Any) -> "PackedBiLSTM | None":
    """The :class:`PackedBiLSTM` that a Stanza ``PackedLSTM`` wrapped by :func:`use_packed_bilstm` runs, or ``None``
    when it runs Stanza's own forward (never wrapped, or its ``forward`` deleted again)."""
    return getattr(getattr(packed, "__dict__", {}).get("forward"), "one_recurrence", None)
