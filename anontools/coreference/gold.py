"""Gold coreference documents (``eval/coreference/gold/*.json``; format in ``eval/coreference/README.md``).

A gold document either ships its text::

    {"id": "...", "language": "en", "source": {...}, "text": "...",
     "entities": [{"start": 0, "end": 19, "label": "ORGANIZATION", "text": "European Parliament"}, ...],
     "chains": [[0, 4, 7], [1], ...]}

or refers to a corpus that may not be redistributed, by file, document number and token offsets, without any of
its text::

    {"id": "...", "language": "en",
     "reference": {"path": "ner/en/conll2003/test.txt", "format": "conll2003", "document": 140, "sha1": "..."},
     "entities": [{"sentence": 0, "tokens": [4, 5], "label": "PERSON"}, ...],
     "chains": [[0, 3], ...]}

Referenced documents are read from the data directory at run time (tokens joined by one space, sentences by a
line break); ``sha1`` (of the document's tokens joined by single spaces) guards against another version of the
corpus. Chains are lists of indices into ``entities``; every entity is in exactly one chain.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app.doc import Entity


class GoldError(ValueError):
    """A gold file is malformed (message names the file)."""


class SourceUnavailable(Exception):
    """A referenced corpus file is absent or differs from the annotated version (message says which)."""


@dataclass
class GoldDocument:
    """One annotated document.

    Attributes:
        id: document id.
        language: ISO 639-1 code.
        text: the document text.
        entities: gold entities (``source="gold"``), in text order.
        chains: gold chains as lists of indices into ``entities``.
        path: the gold file.
        source: the ``source`` or ``reference`` record of the file.
    """

    id: str
    language: str
    text: str
    entities: list[Entity]
    chains: list[list[int]]
    path: Path | None = None
    source: dict[str, Any] = field(default_factory=dict)


def gold_files(path: str | Path) -> list[Path]:
    """The ``*.json`` files of a directory (sorted), or the file itself."""
    p = Path(path)
    if p.is_dir():
        return sorted(p.glob("*.json"))
    if p.is_file():
        return [p]
    raise FileNotFoundError(f"no gold file or directory at {p}")


def load_document(path: str | Path, data_root: str | Path | None = None) -> GoldDocument:
    """Read one gold file.

    Args:
        path: the JSON file.
        data_root: directory holding the corpora referenced by ``reference.path`` (``/work/shared/data`` layout).

    Raises:
        GoldError: malformed file (bad offsets, chains not covering every entity exactly once, ...).
        SourceUnavailable: a referenced corpus is missing or not the annotated version.
    """
    path = Path(path)
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise GoldError(f"{path}: cannot read JSON ({exc})") from None
    try:
        if "reference" in data:
            text, entities = _from_reference(data, path, data_root)
            source = dict(data["reference"])
        else:
            text = data["text"]
            entities = [
                Entity(int(e["start"]), int(e["end"]), str(e["label"]), text[int(e["start"]) : int(e["end"])], "gold")
                for e in data["entities"]
            ]
            for e, raw in zip(entities, data["entities"]):
                if "text" in raw and raw["text"] != e.text:
                    raise GoldError(f"{path}: entity text {raw['text']!r} does not match offsets ({e.text!r})")
            source = dict(data.get("source", {}))
        chains = [[int(i) for i in chain] for chain in data["chains"]]
        doc = GoldDocument(str(data["id"]), str(data["language"]), text, entities, chains, path, source)
    except (KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, GoldError):
            raise
        raise GoldError(f"{path}: malformed gold document ({type(exc).__name__}: {exc})") from None
    check(doc)
    return doc


def check(doc: GoldDocument) -> None:
    """Raise :class:`GoldError` unless every entity is in exactly one chain and chains do not mix labels."""
    seen: list[int] = [i for chain in doc.chains for i in chain]
    if sorted(seen) != list(range(len(doc.entities))):
        raise GoldError(f"{doc.path}: chains must hold every entity index exactly once")
    for chain in doc.chains:
        if len({doc.entities[i].label for i in chain}) != 1:
            raise GoldError(f"{doc.path}: chain {chain} mixes labels")


def load_gold(path: str | Path, data_root: str | Path | None = None) -> tuple[list[GoldDocument], list[str]]:
    """All gold documents under ``path``.

    Returns:
        ``(documents, skipped)``: the documents that could be loaded, and one message per referenced document
        skipped because its corpus is unavailable.

    Raises:
        GoldError: a malformed gold file.
    """
    documents: list[GoldDocument] = []
    skipped: list[str] = []
    for file in gold_files(path):
        try:
            documents.append(load_document(file, data_root))
        except SourceUnavailable as exc:
            skipped.append(f"{file.name}: {exc}")
    return documents, skipped


# ---------------------------------------------------------------------------------------------- references
def read_documents(path: Path, fmt: str) -> list[list[list[str]]]:
    """Documents of a column-format corpus as lists of sentences of tokens.

    ``conll2003``/``conll2002``: the token is the first space- or tab-separated column, ``-DOCSTART-`` starts a
    document (a file without it is one document). ``conllu``: ``index<TAB>token<TAB>...``.
    """
    documents: list[list[list[str]]] = [[]]
    sentence: list[str] = []
    for line in path.read_text("utf-8").splitlines():
        if not line.strip():
            if sentence:
                documents[-1].append(sentence)
                sentence = []
            continue
        if line.startswith("#"):
            continue
        columns = line.split("\t") if fmt == "conllu" or "\t" in line else line.split(" ")
        token = columns[1] if fmt == "conllu" else columns[0]
        if token == "-DOCSTART-":
            if sentence:
                documents[-1].append(sentence)
                sentence = []
            if documents[-1]:
                documents.append([])
            continue
        sentence.append(token)
    if sentence:
        documents[-1].append(sentence)
    return [d for d in documents if d]


def tokens_sha1(sentences: list[list[str]]) -> str:
    """SHA-1 of a document's tokens joined by single spaces (identifies the corpus version without its text)."""
    return hashlib.sha1(" ".join(t for s in sentences for t in s).encode("utf-8")).hexdigest()


_CACHE: dict[tuple[Path, str], list[list[list[str]]]] = {}


def _from_reference(data: dict[str, Any], path: Path, data_root: str | Path | None) -> tuple[str, list[Entity]]:
    ref = data["reference"]
    root = Path(data_root) if data_root is not None else Path("../shared/data")
    corpus = root / ref["path"]
    if not corpus.is_file():
        raise SourceUnavailable(f"corpus file {corpus} not found (set --data-root)")
    key = (corpus.resolve(), ref.get("format", "conll2003"))
    if key not in _CACHE:
        _CACHE[key] = read_documents(corpus, key[1])
    documents = _CACHE[key]
    number = int(ref["document"])
    if not 0 <= number < len(documents):
        raise SourceUnavailable(f"{corpus} has no document {number}")
    sentences = documents[number]
    if ref.get("sha1") and tokens_sha1(sentences) != ref["sha1"]:
        raise SourceUnavailable(f"document {number} of {corpus} is not the annotated version (sha1 differs)")
    text = ""
    offsets: list[list[tuple[int, int]]] = []
    for k, sentence in enumerate(sentences):
        if k:
            text += "\n"
        spans = []
        for j, token in enumerate(sentence):
            if j:
                text += " "
            spans.append((len(text), len(text) + len(token)))
            text += token
        offsets.append(spans)
    entities = []
    for e in data["entities"]:
        s, (a, b) = int(e["sentence"]), e["tokens"]
        if not (0 <= s < len(offsets) and 0 <= a < b <= len(offsets[s])):
            raise GoldError(f"{path}: entity token span {s}:{a}-{b} outside the document")
        start, end = offsets[s][a][0], offsets[s][b - 1][1]
        entities.append(Entity(start, end, str(e["label"]), text[start:end], "gold"))
    return text, entities
