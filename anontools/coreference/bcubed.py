"""B³ (B-cubed) precision and recall of coreference chains (Bagga & Baldwin 1998; Dias, 2016, §3.1.3).

For every mention *m* of a document, with *P_m* the predicted chain holding *m* and *T_m* the true (gold) chain
holding *m*::

    precision(m) = |P_m ∩ T_m| / |P_m|          recall(m) = |P_m ∩ T_m| / |T_m|

and over a dataset of *N* mentions (Dias, 2016, equations 3.6 and 3.7)::

    B³-precision = 1/N Σ_d Σ_{m ∈ d} precision(m)      B³-recall = 1/N Σ_d Σ_{m ∈ d} recall(m)

F1 is their harmonic mean. The mentions are the gold mentions; predicted chains are restricted to them (a
predicted mention that is not a gold mention is ignored; a gold mention in no predicted chain is a singleton).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field


@dataclass
class BCubed:
    """Sums of per-mention B³ precision and recall (add documents with :meth:`add`).

    Attributes:
        precision_sum: Σ precision(m).
        recall_sum: Σ recall(m).
        mentions: N, the number of mentions summed.
    """

    precision_sum: float = 0.0
    recall_sum: float = 0.0
    mentions: int = 0

    @property
    def precision(self) -> float:
        """B³ precision; 1.0 for no mentions (nothing was wrongly grouped)."""
        return self.precision_sum / self.mentions if self.mentions else 1.0

    @property
    def recall(self) -> float:
        """B³ recall; 1.0 for no mentions."""
        return self.recall_sum / self.mentions if self.mentions else 1.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0

    def add(self, other: "BCubed") -> "BCubed":
        """Pool another sum into this one (micro-average over mentions); returns ``self``."""
        self.precision_sum += other.precision_sum
        self.recall_sum += other.recall_sum
        self.mentions += other.mentions
        return self

    def to_dict(self) -> dict[str, float | int]:
        return {"precision": self.precision, "recall": self.recall, "f1": self.f1, "mentions": self.mentions}


@dataclass
class MentionScores:
    """Per-mention B³ scores of one document: ``{mention: (precision, recall)}``."""

    scores: dict[Hashable, tuple[float, float]] = field(default_factory=dict)

    def total(self, mentions: Iterable[Hashable] | None = None) -> BCubed:
        """Summed over ``mentions`` (default all)."""
        keys = self.scores if mentions is None else mentions
        out = BCubed()
        for m in keys:
            p, r = self.scores[m]
            out.precision_sum += p
            out.recall_sum += r
            out.mentions += 1
        return out


def _index(chains: Sequence[Iterable[Hashable]], name: str) -> dict[Hashable, frozenset]:
    chain_of: dict[Hashable, frozenset] = {}
    for chain in chains:
        members = frozenset(chain)
        for m in members:
            if m in chain_of:
                raise ValueError(f"mention {m!r} is in two {name} chains")
            chain_of[m] = members
    return chain_of


def mention_scores(gold: Sequence[Iterable[Hashable]], predicted: Sequence[Iterable[Hashable]]) -> MentionScores:
    """Per-mention B³ precision and recall of one document.

    Args:
        gold: the true chains, each an iterable of mention ids (e.g. entity indices); a mention in one chain only.
        predicted: the predicted chains over the same ids.

    Returns:
        :class:`MentionScores` over the gold mentions.

    Raises:
        ValueError: a mention appears in two chains of the same side.
    """
    gold_of = _index(gold, "gold")
    predicted_of = _index(predicted, "predicted")
    mentions = set(gold_of)
    out = MentionScores()
    for m in gold_of:
        truth = gold_of[m]
        pred = (predicted_of.get(m) or frozenset({m})) & mentions
        common = len(pred & truth)
        out.scores[m] = (common / len(pred), common / len(truth))
    return out


def bcubed(gold: Sequence[Iterable[Hashable]], predicted: Sequence[Iterable[Hashable]]) -> BCubed:
    """B³ sums of one document (see :func:`mention_scores`); pool documents with :meth:`BCubed.add`."""
    return mention_scores(gold, predicted).total()


def bcubed_corpus(documents: Iterable[tuple[Sequence[Iterable[Hashable]], Sequence[Iterable[Hashable]]]]) -> BCubed:
    """B³ over a dataset of ``(gold, predicted)`` chain pairs, averaged over all mentions (Dias, 2016 eq. 3.6, 3.7)."""
    total = BCubed()
    for gold, predicted in documents:
        total.add(bcubed(gold, predicted))
    return total
