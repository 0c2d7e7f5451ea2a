"""Cross-job, reused-job and moved-ciphertext cases of re-identification (issue 16, items 1 and 5c).

    python -m anontools.reidentification.binding_cases [--data ../shared/data/parallel] [--methods tag,suppress,substitute]
        [--limit N] [--json-report out/binding.json]

Counts **wrong restorations**: originals put into a translation that are not the originals of the document
the translation was made from. Every case runs the worker's own code in-process — the anonymize stage
(:meth:`app.pipeline.Pipeline.anonymize`: table and anonymization id), the binding check and the reverse stage
(:meth:`app.pipeline.Pipeline.reidentify`), and the real cipher with its associated data (:mod:`app.crypto`) —
over a table index keyed like the Redis store (job, anonymization id; newest per job), so it needs neither
Kafka nor Redis (the store itself is tested against Redis in ``tests/test_store.py`` and end to end in
``tests/test_e2e_binding.py``).

Documents: the English Europarl sentences with gold entities (Agerri et al. 2018) when ``--data`` has them, else
a small built-in set. The "translation" of a document is its own anonymized text (the marks untouched: binding
is what is measured, not the matcher). Cases, for every document ``i`` and partners ``j`` (``i + 1``, ``i + 2``,
``i + 7`` modulo the number of documents):

* ``cross_job_with_id`` — ``i``'s translation sent with ``j``'s job id and ``i``'s anonymization id;
* ``cross_job_legacy`` — the same without an anonymization id (``j``'s newest table is tried);
* ``reused_job_with_id`` — one job id anonymized with ``j``'s text, then ``i``'s; ``j``'s translation sent with
  ``j``'s id (must restore ``j``'s originals, not ``i``'s);
* ``reused_job_legacy`` — the same without an id (the newest table is ``i``'s);
* ``ciphertext_moved`` — ``i``'s encrypted table placed under ``j``'s key (and under ``i``'s job with another
  anonymization id) and read there.

Outcomes per case: ``refused`` (a dead letter: no table, ``table_mismatch``, or the ciphertext does not
decrypt), ``restored_right`` (the output is the document's own original text), ``not_restored`` (neither, and no
original of another document in it) and ``wrong_restorations`` (the number of originals of another document
that the output contains; for ``ciphertext_moved``, the originals of a table that decrypted under another key).
Every case runs with the default settings, where a result without the id is refused
(``ANON_REQUIRE_ANONYMIZATION_ID=true``); the target is 0 wrong restorations in every case. The legacy cases run a
second time with legacy clients admitted (``ANON_REQUIRE_ANONYMIZATION_ID=false``), where the binding check cannot
tell apart two documents whose anonymized texts have the same placeholders: those wrong restorations are counted,
not hidden (columns ``legacy mode: wrong cases / wrong restorations``), and are the reason the id is required by
default.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer

from anontools import cli_options as opt
from anontools.report import write_json_report
from app.coreference.resolver import resolve_chains
from app.crypto import KeyError_, TableCipher, associated_data, generate_key
from app.doc import Entity
from app.pipeline import Pipeline, StageError
from app.settings import Settings
from app.table import Table
from models.records import ResolvedDocument, TranslationResult

CASES = ("cross_job_with_id", "cross_job_legacy", "reused_job_with_id", "reused_job_legacy", "ciphertext_moved")
PARTNER_OFFSETS = (1, 2, 7)

#: Built-in documents (text, [(surface, label), ...]) for runs without the corpus.
BUILTIN: list[tuple[str, list[tuple[str, str]]]] = [
    ("Anna Lindqvist works for Nordic Shipping Ltd in Gothenburg.", [("Anna Lindqvist", "PERSON"), ("Nordic Shipping Ltd", "ORGANIZATION"), ("Gothenburg", "LOCATION")]),
    ("Peter Holm lives in Malmo.", [("Peter Holm", "PERSON"), ("Malmo", "LOCATION")]),
    ("Maria Garcia met John Smith in Madrid.", [("Maria Garcia", "PERSON"), ("John Smith", "PERSON"), ("Madrid", "LOCATION")]),
    ("Jane Roe lives in Paris.", [("Jane Roe", "PERSON"), ("Paris", "LOCATION")]),
    ("Acme Corporation hired Luis Pereira in Lisbon.", [("Acme Corporation", "ORGANIZATION"), ("Luis Pereira", "PERSON"), ("Lisbon", "LOCATION")]),
    ("Klaus Weber wrote to Eva Lund.", [("Klaus Weber", "PERSON"), ("Eva Lund", "PERSON")]),
    ("Olga Petrova visited Berlin and Hamburg.", [("Olga Petrova", "PERSON"), ("Berlin", "LOCATION"), ("Hamburg", "LOCATION")]),
    ("Tom Baker lives in Leeds.", [("Tom Baker", "PERSON"), ("Leeds", "LOCATION")]),
    ("The European Parliament thanked Mrs Lynne.", [("European Parliament", "ORGANIZATION"), ("Lynne", "PERSON")]),
    ("Carlos Ruiz and Ana Ruiz moved from Seville to Porto.", [("Carlos Ruiz", "PERSON"), ("Ana Ruiz", "PERSON"), ("Seville", "LOCATION"), ("Porto", "LOCATION")]),
]


@dataclass(frozen=True, slots=True)
class Document:
    """A document with gold entities (character offsets, half-open)."""

    text: str
    entities: list[Entity]


def builtin_documents() -> list[Document]:
    """:data:`BUILTIN` as :class:`Document` objects."""
    out = []
    for text, spans in BUILTIN:
        entities = [Entity(text.index(s), text.index(s) + len(s), label, s, "gold") for s, label in spans]
        out.append(Document(text, sorted(entities, key=lambda e: e.start)))
    return out


def corpus_documents(data: Path, limit: int | None) -> list[Document]:
    """English Europarl sentences with gold entities (``en-europarl.test.conll02`` under ``data``)."""
    from anontools.reidentification.evaluate import read_parallel

    return [Document(s.text, s.entities) for s in read_parallel(data / "en-europarl.test.conll02")[:limit] if s.entities]


class _Index:
    """Encrypted tables keyed like :class:`app.store.TableStore`: (job hash, anonymization id), newest per job."""

    def __init__(self, pipeline: Pipeline, cipher: TableCipher) -> None:
        self.pipeline, self.cipher = pipeline, cipher
        self.values: dict[tuple[str, str], bytes] = {}
        self.newest: dict[str, str] = {}

    def ad(self, job_id: str, aid: str) -> bytes:
        return associated_data(self.pipeline.hasher.job_hash(job_id), aid)

    def save(self, table: Table) -> None:
        aid = table.anonymization_id or ""
        self.values[(table.job_id, aid)] = self.cipher.encrypt(table.to_json(), self.ad(table.job_id, aid))
        self.newest[table.job_id] = aid

    def load(self, job_id: str, aid: str | None) -> Table | None:
        aid = aid or self.newest.get(job_id)
        raw = self.values.get((job_id, aid or ""))
        return None if raw is None else Table.from_json(self.cipher.decrypt(raw, self.ad(job_id, aid)))


def _anonymize(pipeline: Pipeline, doc: Document, job_id: str, method: str) -> tuple[str, Table]:
    chains = resolve_chains(doc.entities, "en")
    resolved = ResolvedDocument(job_id=job_id, text=doc.text, language="en", method=method,
                                entities=[e.to_dict() for e in doc.entities], chains=[c.to_dict() for c in chains])
    request, table = pipeline.anonymize(resolved)
    return request.text, table


def _outcome(index: _Index, pipeline: Pipeline, *, job_id: str, aid: str | None, text: str, source: Document,
             others: set[str]) -> str | int:
    """``"refused"``, ``"right"`` or the number of foreign originals restored (wrong restorations)."""
    try:
        table = index.load(job_id, aid)
        if table is None:
            return "refused"
        result = pipeline.reidentify(TranslationResult(job_id=job_id, text=text, language="en", anonymization_id=aid), table)
    except (KeyError_, StageError):
        return "refused"
    if result.text == source.text:
        return "right"
    own = {e.text for e in source.entities}
    wrong = sum(result.text.count(o) for o in others - own if o not in text and not any(o in x for x in own))
    return wrong if wrong else "not_restored"


def evaluate_binding(documents: list[Document], methods: list[str]) -> dict[str, Any]:
    """Run the cases of the module docstring; returns ``{method: {case: counts}}`` plus ``documents``.

    Counts per case (default settings: the anonymization id required): ``cases``, ``refused``, ``restored_right``,
    ``not_restored`` (output not the original text, no foreign original in it), ``wrong_cases``,
    ``wrong_restorations``; legacy cases also ``legacy_mode_wrong_cases`` and ``legacy_mode_wrong_restorations``
    (the same results with ``require_anonymization_id=False``).
    """
    secret = "binding evaluation secret (not a production secret)"
    pipeline = Pipeline(Settings(table_hmac_secret=secret, allow_plaintext_tables=True))
    legacy_mode = Pipeline(Settings(table_hmac_secret=secret, allow_plaintext_tables=True, require_anonymization_id=False))
    cipher = TableCipher([generate_key()])
    n = len(documents)
    report: dict[str, Any] = {"documents": n, "partners_per_document": len(PARTNER_OFFSETS), "methods": {}}
    for method in methods:
        counts = {case: Counter() for case in CASES}
        index = _Index(pipeline, cipher)
        anonymized = [_anonymize(pipeline, doc, f"job-{i}", method) for i, doc in enumerate(documents)]
        for (_, table) in anonymized:
            index.save(table)

        def record(case: str, outcome: str | int, legacy_outcome: str | int | None = None) -> None:
            c = counts[case]
            c["cases"] += 1
            if outcome == "refused":
                c["refused"] += 1
            elif outcome == "right":
                c["restored_right"] += 1
            elif outcome == "not_restored":
                c["not_restored"] += 1
            else:
                c["wrong_cases"] += 1
                c["wrong_restorations"] += int(outcome)
            if legacy_outcome is not None:
                c["legacy_mode_wrong_cases"] += int(isinstance(legacy_outcome, int))
                c["legacy_mode_wrong_restorations"] += legacy_outcome if isinstance(legacy_outcome, int) else 0

        for i, doc in enumerate(documents):
            text_i, table_i = anonymized[i]
            for d in PARTNER_OFFSETS:
                j = (i + d) % n
                if j == i:
                    continue
                others = {e.text for e in documents[j].entities}
                job_j = f"job-{j}"
                record("cross_job_with_id", _outcome(index, pipeline, job_id=job_j, aid=table_i.anonymization_id,
                                                     text=text_i, source=doc, others=others))
                record("cross_job_legacy", _outcome(index, pipeline, job_id=job_j, aid=None, text=text_i, source=doc, others=others),
                       _outcome(index, legacy_mode, job_id=job_j, aid=None, text=text_i, source=doc, others=others))
                # one job id used for j's text, then for i's
                reused = f"reused-{i}-{j}"
                text_rj, table_rj = _anonymize(pipeline, documents[j], reused, method)
                index.save(table_rj)
                _, table_ri = _anonymize(pipeline, doc, reused, method)
                index.save(table_ri)
                mine = {e.text for e in doc.entities}
                record("reused_job_with_id", _outcome(index, pipeline, job_id=reused, aid=table_rj.anonymization_id,
                                                      text=text_rj, source=documents[j], others=mine))
                record("reused_job_legacy", _outcome(index, pipeline, job_id=reused, aid=None, text=text_rj,
                                                     source=documents[j], others=mine),
                       _outcome(index, legacy_mode, job_id=reused, aid=None, text=text_rj, source=documents[j], others=mine))
                # i's ciphertext moved under j's key, and under i's job with another anonymization id
                moved = index.values[(f"job-{i}", table_i.anonymization_id)]
                for target in ((job_j, index.newest[job_j]), (f"job-{i}", "0" * 32)):
                    saved = index.values.get(target)
                    index.values[target] = moved
                    try:  # a ciphertext that decrypts under another key is a wrong restoration waiting to happen
                        used = index.load(*target)
                        record("ciphertext_moved", len(used.originals()) if used else "refused")
                    except KeyError_:
                        record("ciphertext_moved", "refused")
                    if saved is None:
                        del index.values[target]
                    else:
                        index.values[target] = saved
        report["methods"][method] = {case: dict(c) for case, c in counts.items()}
    return report


def render(report: dict[str, Any]) -> None:
    """Print one table per method with rich."""
    from rich.console import Console
    from rich.table import Table as RichTable

    console = Console(width=max(Console().width, 140))
    for method, cases in report["methods"].items():
        table = RichTable(title=f"Binding cases — {method} — {report['documents']} documents")
        for column in ("case", "cases", "refused", "restored right", "not restored", "wrong cases",
                       "wrong restorations", "legacy mode: wrong cases", "legacy mode: wrong restorations"):
            table.add_column(column, justify="left" if column == "case" else "right")
        for case, c in cases.items():
            table.add_row(case, *(str(c.get(k, 0)) for k in ("cases", "refused", "restored_right", "not_restored",
                                                                "wrong_cases", "wrong_restorations")),
                          *(str(c[k]) if k in c else "-" for k in ("legacy_mode_wrong_cases", "legacy_mode_wrong_restorations")))
        console.print(table)


def main(
    data: Annotated[Path | None, typer.Option(help="directory with en-europarl.test.conll02 (default: built-in documents)")] = None,
    methods: opt.Methods = "tag,suppress,substitute",
    limit: opt.SentenceLimit = None,
    json_report: opt.JsonReport = None,
) -> None:
    """Cross-job, reused-job and moved-ciphertext cases: wrong restorations must be 0 with the anonymization id."""
    documents = corpus_documents(data, limit) if data else builtin_documents()
    report = evaluate_binding(documents, [m.strip() for m in methods.split(",") if m.strip()])
    render(report)
    if json_report is not None:
        write_json_report(json_report, report)



if __name__ == "__main__":
    typer.run(main)
