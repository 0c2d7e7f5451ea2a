"""Build an ensemble model directory (``ensemble.json``) from trained Stanza NER model directories.

    anonymizer-dev ensemble --output app/detection/weights/en MODEL_DIR_1 MODEL_DIR_2 ... [--combine average]

The manifest format and how the worker combines the members (CRF potentials averaged, one Viterbi decode) are
described in :mod:`app.detection.ensemble`, which reads what this module writes.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Annotated

import typer

from app.detection.ensemble import (  # noqa: F401  (re-exported for the tools)
    COMBINE_MODES,
    ENSEMBLE_FILE,
    MODEL_FILE,
    PRETRAIN_FILE,
    EnsembleError,
    read_manifest,
)


def build_ensemble(member_dirs: list[str | Path], output: str | Path, *, combine: str = "average") -> Path:
    """Copy trained model directories into one ensemble directory and write its manifest.

    The first member's files become ``<output>/ner.pt`` and ``<output>/pretrain.pt`` (so tools
    that expect a single model still find one); member ``k`` ≥ 2 goes to ``<output>/member-k/``.
    Model cards and ``training.json`` files are copied beside each member.

    Args:
        member_dirs: directories written by ``anonymizer-dev train`` (``ner.pt`` and an
            optional ``pretrain.pt``); at least two.
        output: the ensemble directory (created; it may be one of the members' own directory only
            if it is the first member).
        combine: ``"average"`` or ``"first"`` (module docstring).

    Returns:
        the path of the written ``ensemble.json``.

    Raises:
        EnsembleError: fewer than two members, a member without ``ner.pt``, or an unknown mode.
    """
    if len(member_dirs) < 2:
        raise EnsembleError("an ensemble needs at least two member directories")
    if combine not in COMBINE_MODES:
        raise EnsembleError(f"combine must be one of {COMBINE_MODES}, not {combine!r}")
    output = Path(output)
    output.mkdir(parents=True, exist_ok=True)
    entries = []
    for k, src in enumerate(map(Path, member_dirs), start=1):
        if not (src / MODEL_FILE).is_file():
            raise EnsembleError(f"{src} has no {MODEL_FILE}")
        sub = "" if k == 1 else f"member-{k}/"
        dst = output / sub if sub else output
        dst.mkdir(parents=True, exist_ok=True)
        for name in (MODEL_FILE, PRETRAIN_FILE, "training.json", "MODEL_CARD.md"):
            if (src / name).is_file() and (src / name).resolve() != (dst / name).resolve():
                shutil.copyfile(src / name, dst / name)
        entry = {"model": sub + MODEL_FILE}
        if (src / PRETRAIN_FILE).is_file():
            entry["pretrain"] = sub + PRETRAIN_FILE
        entries.append(entry)
    manifest = output / ENSEMBLE_FILE
    manifest.write_text(json.dumps({"combine": combine, "members": entries}, indent=2) + "\n", encoding="utf-8")
    read_manifest(output)  # validates what was written
    return manifest


app = typer.Typer(add_completion=False, help=__doc__.split("\n\n")[0])


@app.command()
def main(
    members: Annotated[list[Path], typer.Argument(help="Trained model directories (ner.pt [+ pretrain.pt]), 2 or more")],
    output: Annotated[Path, typer.Option(help="Ensemble directory to write")],
    combine: Annotated[str, typer.Option(help="average (CRF potentials averaged) or first (Stanza's merge)")] = "average",
) -> None:
    """Build an ensemble model directory from trained NER model directories."""
    try:
        manifest = build_ensemble(members, output, combine=combine)
    except EnsembleError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from exc
    typer.echo(f"wrote {manifest} ({len(members)} members, combine={combine})")


if __name__ == "__main__":
    app()
