"""Build demo documents from the parallel Europarl test set (Agerri et al. 2018; Europarl, Koehn 2005:
no known copyright restrictions, so these sentences may ship with attribution).

    python -m anontools.devtools.europarl_demo --language de --ranges 8-12,17-20 --prefix demo-de --out demo/documents

Each range of consecutive sentences (0-based, inclusive) becomes one document; tokens are joined back
into natural text by :func:`detokenize`. The same ranges in ``en``, ``de`` and ``es`` give documents
that are translations of each other.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

DEFAULT_DIR = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "parallel"

_NO_SPACE_BEFORE = {",", ".", ";", ":", "?", "!", ")", "]", "}", "%", "'s", "'", "’s", "...", "»", "“"}
_NO_SPACE_AFTER = {"(", "[", "{", "¿", "¡", "«", "„", "‚"}


def read_sentences(path: Path) -> list[list[str]]:
    """Sentences of a ``token<TAB>tag`` file as token lists."""
    sentences: list[list[str]] = []
    current: list[str] = []
    for line in path.read_text("utf-8").splitlines():
        if not line.strip():
            if current:
                sentences.append(current)
            current = []
            continue
        current.append(line.split("\t")[0].split(" ")[0])
    if current:
        sentences.append(current)
    return sentences


def detokenize_with_offsets(tokens: list[str]) -> tuple[str, list[tuple[int, int]]]:
    """Join tokens with the usual spacing rules (no space before closing punctuation, none after
    opening brackets; straight double quotes alternate between opening and closing).

    Returns:
        ``(text, spans)`` with one half-open character span per token.
    """
    out = ""
    spans: list[tuple[int, int]] = []
    open_quote = False
    glue_next = False
    for token in tokens:
        if token == '"':
            if not open_quote and out:
                out += " "
            spans.append((len(out), len(out) + 1))
            out += token
            glue_next = not open_quote
            open_quote = not open_quote
            continue
        if out and not (glue_next or token in _NO_SPACE_BEFORE or token.startswith("'")):
            out += " "
        spans.append((len(out), len(out) + len(token)))
        out += token
        glue_next = token in _NO_SPACE_AFTER
    return out, spans


def detokenize(tokens: list[str]) -> str:
    """The text of :func:`detokenize_with_offsets`."""
    return detokenize_with_offsets(tokens)[0]


def build(language: str, ranges: list[tuple[int, int]], prefix: str, out: Path, directory: Path = DEFAULT_DIR) -> list[Path]:
    """Write one JSON document per range; returns the paths."""
    sentences = read_sentences(directory / f"{language}-europarl.test.conll02")
    written = []
    for n, (first, last) in enumerate(ranges, 1):
        text = " ".join(detokenize(s) for s in sentences[first : last + 1])
        path = out / f"{prefix}-{n:03d}.json"
        doc = {"job_id": path.stem, "language": language, "text": text}
        path.write_text(json.dumps(doc, ensure_ascii=False, indent=2) + "\n", "utf-8")
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> None:
    """Command line (module docstring); ``argv`` defaults to ``sys.argv[1:]``. Prints the written paths."""
    parser = argparse.ArgumentParser(prog="python -m anontools.devtools.europarl_demo", description=__doc__.split("\n\n")[0])
    parser.add_argument("--language", required=True)
    parser.add_argument("--ranges", required=True, help="comma-separated first-last sentence ranges (0-based)")
    parser.add_argument("--prefix", required=True)
    parser.add_argument("--out", type=Path, default=Path("demo/documents"))
    parser.add_argument("--data", type=Path, default=DEFAULT_DIR)
    args = parser.parse_args(argv)
    ranges = [tuple(int(x) for x in r.split("-")) for r in args.ranges.split(",")]
    for path in build(args.language, ranges, args.prefix, args.out, args.data):  # type: ignore[arg-type]
        print(path)


if __name__ == "__main__":
    main()
