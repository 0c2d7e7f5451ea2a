"""anontools/devtools/batch_agreement.py: a document's entities alone against the same document in random batches."""

from dataclasses import dataclass

from anontools.devtools.batch_agreement import batch_agreement, corpus_texts


@dataclass
class E:
    start: int
    end: int
    label: str


class Detector:
    """One entity per text; with ``leaky``, a text batched with "B" loses its entity (a batch-dependent detector)."""

    def __init__(self, leaky: bool) -> None:
        self.leaky = leaky

    def detect(self, text):
        return [E(0, 1, "PERSON")]

    def detect_many(self, texts):
        spoiled = self.leaky and "B" in texts
        return [[] if spoiled and text != "B" else self.detect(text) for text in texts]


def test_an_independent_detector_changes_nothing_and_a_batch_dependent_one_is_counted():
    texts = ["A", "B", "C", "D"]
    same = batch_agreement(Detector(leaky=False), texts, batch=2, rounds=4)
    assert same == {"documents": 4, "entities": 4, "batch": 2, "rounds": 4, "documents_changed": 0,
                    "entities_changed": 0}
    leaky = batch_agreement(Detector(leaky=True), texts, batch=4, rounds=2)  # all four together: A, C, D change
    assert (leaky["documents_changed"], leaky["entities_changed"]) == (6, 6)


def test_corpus_texts_cut_a_conll_file_into_documents(tmp_path):
    path = tmp_path / "t.conll"
    path.write_text("-DOCSTART- O\n\n" + "".join(f"Word{i} O\n.\tO\n\n".replace("\t", " ") for i in range(5)), "utf-8")
    texts = corpus_texts(path, "conll2003", doc_size=2)
    assert len(texts) == 3 and texts[0].startswith("Word0 .") and "Word1" in texts[0] and "Word4" in texts[2]
    assert corpus_texts(path, "conll2003", doc_size=2, limit=1) == texts[:1]
