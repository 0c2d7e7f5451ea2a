"""Evaluate coreference chains against a gold set with B³ (Dias, 2016, §3.1.3 and §5.2.2).

Usage::

    python -m anontools.coreference.evaluate --gold eval/coreference/gold [--json-report out/coref.json] \\
        [--data-root ../shared/data] [--config my-coreference.json] [--errors 20]

As in Dias, 2016, §5.2.2 the gold entities are given to the resolver, so the figures measure the grouping alone.
Three systems are compared over the gold mentions:

* ``singletons`` — every mention a chain of its own (the baseline of Dias, 2016 Figure 5.13);
* ``identical``  — identical surfaces only (case, spacing and a leading article ignored);
* ``rules``      — :func:`app.coreference.resolver.resolve_chains` with the configured rules.

B³ precision and recall are averaged over all mentions of the gold set (Dias, 2016 eq. 3.6, 3.7), overall, per
language and per label; the macro-average over documents is reported too. Documents that refer to a corpus absent
from ``--data-root`` are skipped with a message.
"""

from __future__ import annotations

import json
import shlex
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from anontools import cli_options as opt
from anontools.coreference.bcubed import BCubed, mention_scores
from app.coreference.config import cached_config
from anontools.coreference.gold import GoldDocument, GoldError, load_gold
from app.coreference.resolver import resolve_chains
from app.doc import Entity

System = Callable[[list[Entity], str], list[list[int]]]


def singletons(entities: list[Entity], language: str) -> list[list[int]]:
    """Every mention alone."""
    return [[i] for i in range(len(entities))]


def identical_config(languages: set[str] | None = None) -> dict[str, Any]:
    """A configuration override applying only the ``identical`` rule to every label of every language."""
    entry = {"class": "Coreferencer", "rules": ["identical"]}
    labels = {label: dict(entry) for label in ("PERSON", "ORGANIZATION", "LOCATION", "MISC", "*")}
    sections = set(cached_config()) | set(languages or ())
    return {section: {"labels": labels} for section in sections}


def rules_system(config: dict[str, Any] | None = None) -> System:
    """:func:`resolve_chains` as a system (``config``: overrides merged over the configuration)."""

    def run(entities: list[Entity], language: str) -> list[list[int]]:
        return [c.mentions for c in resolve_chains(entities, language, config)]

    return run


def evaluate(documents: list[GoldDocument], systems: dict[str, System]) -> dict[str, Any]:
    """B³ of every system on the documents.

    Returns:
        ``{system: {"overall": {...}, "macro_documents": {...}, "by_language": {...}, "by_label": {...},
        "documents": {id: {...}}}}`` where each ``{...}`` is :meth:`BCubed.to_dict`.
    """
    results: dict[str, Any] = {}
    for name, system in systems.items():
        overall = BCubed()
        by_language: dict[str, BCubed] = {}
        by_label: dict[str, BCubed] = {}
        per_document: dict[str, dict[str, float | int]] = {}
        macro_p = macro_r = 0.0
        for doc in documents:
            predicted = system(doc.entities, doc.language)
            scores = mention_scores(doc.chains, predicted)
            total = scores.total()
            overall.add(total)
            by_language.setdefault(doc.language, BCubed()).add(total)
            for label in sorted({e.label for e in doc.entities}):
                idx = [i for i, e in enumerate(doc.entities) if e.label == label]
                by_label.setdefault(label, BCubed()).add(scores.total(idx))
            per_document[doc.id] = total.to_dict()
            macro_p += total.precision
            macro_r += total.recall
        n = len(documents) or 1
        mp, mr = macro_p / n, macro_r / n
        results[name] = {
            "overall": overall.to_dict(),
            "macro_documents": {"precision": mp, "recall": mr, "f1": 2 * mp * mr / (mp + mr) if mp + mr else 0.0},
            "by_language": {k: v.to_dict() for k, v in sorted(by_language.items())},
            "by_label": {k: v.to_dict() for k, v in sorted(by_label.items())},
            "documents": per_document,
        }
    return results


def differences(doc: GoldDocument, predicted: list[list[int]]) -> list[str]:
    """Human-readable errors of one document: predicted chains joining several gold chains (precision) and gold
    chains split over several predicted chains (recall)."""
    gold_of = {i: k for k, chain in enumerate(doc.chains) for i in chain}
    pred_of = {i: k for k, chain in enumerate(predicted) for i in chain}
    out = []

    def show(groups: dict[int, list[int]]) -> str:
        return " | ".join(", ".join(repr(doc.entities[i].text) for i in g) for g in groups.values())

    for chain in predicted:
        parts: dict[int, list[int]] = {}
        for i in chain:
            parts.setdefault(gold_of[i], []).append(i)
        if len(parts) > 1:
            out.append(f"{doc.id}: merged   {show(parts)}")
    for chain in doc.chains:
        parts = {}
        for i in chain:
            parts.setdefault(pred_of.get(i, -1 - i), []).append(i)
        if len(parts) > 1:
            out.append(f"{doc.id}: split    {show(parts)}")
    return out


def _table(results: dict[str, Any], title: str):
    """One row per group (all, each language, each label) and system."""
    from rich.table import Table

    table = Table(title=title)
    for name, justify in (("group", "left"), ("mentions", "right"), ("system", "left"), ("B³ P", "right"),
                          ("B³ R", "right"), ("F1", "right")):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    first = next(iter(results.values()))
    groups: list[tuple[str, str | None, str]] = [("all", None, "overall")]
    groups += [(g, g, "by_language") for g in first["by_language"]]
    groups += [(g, g, "by_label") for g in first["by_label"]]
    for n, (title_, group, key) in enumerate(groups):
        for k, (name, r) in enumerate(results.items()):
            c = r[key] if group is None else r[key][group]
            table.add_row(title_ if k == 0 else "", str(c["mentions"]) if k == 0 else "", name,
                          f"{c['precision']:.3f}", f"{c['recall']:.3f}", f"{c['f1']:.3f}",
                          end_section=k == len(results) - 1 and n < len(groups) - 1)
    return table


app = typer.Typer(add_completion=False)


@app.command()
def main(
    gold: Annotated[Path, typer.Option(help="gold directory (*.json) or one gold file")],
    json_report: opt.JsonReport = None,
    data_root: opt.DataRoot = Path("../shared/data"),
    config: Annotated[Path | None, typer.Option(help="coreference configuration overrides (JSON)")] = None,
    errors: Annotated[int, typer.Option(help="print up to N grouping errors of the rules")] = 0,
) -> None:
    """B³ precision, recall and F1 of the coreference rules against gold chains, beside the baselines."""
    from rich.console import Console

    console = Console()
    try:
        documents, skipped = load_gold(gold, data_root)
    except (GoldError, FileNotFoundError) as exc:
        console.print(f"[red]error:[/red] {exc}")
        raise typer.Exit(2) from None
    reasons: dict[str, list[str]] = {}
    for message in skipped:
        name, _, reason = message.partition(": ")
        reasons.setdefault(reason, []).append(name)
    for reason, names in reasons.items():
        console.print(f"[yellow]skipped {len(names)} referenced document(s):[/yellow] {reason}", soft_wrap=True,
                      highlight=False)
    if not documents:
        console.print("[red]no gold document could be loaded[/red]")
        raise typer.Exit(1)
    overrides = json.loads(config.read_text("utf-8")) if config else None
    languages = {d.language for d in documents}
    systems: dict[str, System] = {
        "singletons": singletons,
        "identical": rules_system(identical_config(languages)),
        "rules": rules_system(overrides),
    }
    results = evaluate(documents, systems)
    mentions = sum(len(d.entities) for d in documents)
    chains = sum(len(d.chains) for d in documents)
    console.print(
        f"{len(documents)} documents, {mentions} mentions, {chains} gold chains "
        f"({sum(1 for d in documents for c in d.chains if len(c) > 1)} with more than one mention); "
        f"languages: {', '.join(sorted(languages))}"
    )
    console.print(_table(results, "B³ averaged over mentions (Dias, 2016 eq. 3.6, 3.7)"))
    macro = " · ".join(
        f"{name} P {r['macro_documents']['precision']:.3f} R {r['macro_documents']['recall']:.3f}"
        for name, r in results.items()
    )
    console.print(f"macro-average over documents: {macro}")
    if errors:
        lines = [line for d in documents for line in differences(d, systems["rules"](d.entities, d.language))]
        console.print(f"[bold]{len(lines)} grouping errors of the rules[/bold] (first {min(errors, len(lines))}):")
        for line in lines[:errors]:
            console.print(line, markup=False, highlight=False)
    if json_report:
        report = {
            "command": "python -m anontools.coreference.evaluate " + shlex.join(sys.argv[1:]),
            "gold": str(gold),
            "documents": len(documents),
            "mentions": mentions,
            "gold_chains": chains,
            "skipped": skipped,
            "systems": results,
        }
        json_report.parent.mkdir(parents=True, exist_ok=True)
        json_report.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", "utf-8")
        console.print(f"report written to {json_report}")


if __name__ == "__main__":
    app()
