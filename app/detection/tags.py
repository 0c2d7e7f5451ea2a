"""Tag-scheme conversions of one sentence: IOB1, BIO (IOB2) and BIOES.

The runtime needs :func:`bioes_to_bio` (the Stanza NER models decode BIOES, :mod:`app.detection.stanza_ner`);
the corpus readers of the tools (``anontools.detection.conll``) use all of them.

Source: Ramshaw & Marcus 1995 (IOB1); Tjong Kim Sang & Veenstra 1999 (IOB2).
"""

from __future__ import annotations


def _split_tag(tag: str) -> tuple[str, str]:
    """Split ``'B-PER'`` into ``('B', 'PER')``; ``'O'`` gives ``('O', '')``.

    Raises:
        ValueError: if the tag has neither ``O`` nor a ``B-/I-/E-/S-`` prefix.
    """
    if tag == "O":
        return "O", ""
    if len(tag) > 2 and tag[1] == "-" and tag[0] in "BIES":
        return tag[0], tag[2:]
    raise ValueError(f"not a BIO/BIOES tag: {tag!r}")


def iob1_to_bio(tags: list[str]) -> list[str]:
    """Convert one sentence of IOB1 (or any loosely prefixed) tags to BIO/IOB2.

    In IOB1 (CoNLL-2003 English original release) an entity starts with ``I-`` and ``B-`` is only
    used when it directly follows another entity of the same type. In BIO every entity starts with
    ``B-``. The rule applied: an ``I-X`` that does not follow ``B-X`` or ``I-X`` becomes ``B-X``.
    BIO input is returned unchanged, so the function is idempotent. ``E-X``/``S-X`` (BIOES) are
    mapped to ``I-X``/``B-X`` first.

    Args:
        tags: ``list[str]``, one tag per token, e.g. ``["I-PER", "I-PER", "O", "B-PER"]``.

    Returns:
        ``list[str]`` of the same length, e.g. ``["B-PER", "I-PER", "O", "B-PER"]``.

    Raises:
        ValueError: on a tag that is neither ``O`` nor prefixed with ``B-/I-/E-/S-``.

    Source: Ramshaw & Marcus 1995 (IOB1); Tjong Kim Sang & Veenstra 1999 (IOB2).
    """
    out: list[str] = []
    prev_label = ""
    prev_prefix = "O"
    for tag in tags:
        prefix, label = _split_tag(tag)
        if prefix == "O":
            out.append("O")
        elif prefix in ("B", "S"):
            out.append("B-" + label)
        else:  # I or E: continues an entity only if the previous token is inside one of the same label
            if prev_prefix != "O" and prev_label == label:
                out.append("I-" + label)
            else:
                out.append("B-" + label)
        prev_prefix, prev_label = prefix, label
        if prefix in ("E", "S"):
            # E-/S- close the entity: a following I- must start a new one
            prev_prefix, prev_label = "O", ""
    return out


def bio_to_bioes(tags: list[str]) -> list[str]:
    """Convert BIO tags of one sentence to BIOES (``S-`` single-token, ``E-`` last token).

    Args:
        tags: ``list[str]`` in BIO (run :func:`iob1_to_bio` first on other schemes).

    Returns:
        ``list[str]`` of the same length.
    """
    tags = iob1_to_bio(tags)
    out: list[str] = []
    for i, tag in enumerate(tags):
        if tag == "O":
            out.append(tag)
            continue
        prefix, label = tag[0], tag[2:]
        nxt = tags[i + 1] if i + 1 < len(tags) else "O"
        continues = nxt == "I-" + label
        if prefix == "B":
            out.append(("B-" if continues else "S-") + label)
        else:
            out.append(("I-" if continues else "E-") + label)
    return out


def bioes_to_bio(tags: list[str]) -> list[str]:
    """Convert BIOES (or BILOU-like ``E-``/``S-``) tags of one sentence to BIO.

    Args:
        tags: ``list[str]``, e.g. ``["S-PER", "B-LOC", "E-LOC"]``.

    Returns:
        ``list[str]``, e.g. ``["B-PER", "B-LOC", "I-LOC"]``.
    """
    return iob1_to_bio(tags)
