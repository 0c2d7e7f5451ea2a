"""Tables of personal data: the columns of CSV, TSV, semicolon-separated and Markdown tables whose header names
what their cells hold (label per header: :attr:`app.languages.Language.table_headers`).

Staff rotas, participant lists, patient lists and exports pasted into a document put personal data in columns. A model
trained on running text sees a row ("3;Wagner;Florian;22.01.2001;Autohaus Berger") as one odd sentence without
context: it misses names ("Wagner" stayed in clear, stop 44), labels them wrongly, and tags the header cells
themselves ("Name" as MISC, "Date" of "Date of birth" as a person). The header says what each column holds, as a
field's name does on a form (Dias, 2016, §4.2.2: patterns for what has a regular form): every cell of a column named
"Name", "Vorname", "Apellidos", "Telefone" or "Date of birth" is an entity of that column's label, and the header
cells are no entities.

A header row is a line of at least two cells, split by one delimiter (``|``, tab, ``;``, ``,`` or a gap of two spaces
or more), of which every cell
but at most one (every cell for ``,``, the delimiter of ordinary sentences) is a known header, one of them of a
sensitive label; with ``|``, a tab or ``;`` and two known columns of personal data, a third of the cells may be unknown
(stop 55), and a header with a qualifier ("Arzt (LANR)") or two names joined by a slash ("Kasse / KVNR") counts by its
known part; a header that is the word for "number" alone ("Nr.", "N.º", "#": :data:`COUNTER`) numbers the rows, and a
cell of three digits or more under it is an identifier (a register's entry), and an unknown header that ends in the
word for "number" or "ID" ("WBK-Nr.", "Reg. no.", "Tkt No") is a column of identifiers (stop 56). The rows below it
that split into as many cells belong to the table (a pipe table's row with empty outer cells too, a ledger's second
line of an entry; a Markdown table's separator row, "|---|---|", skipped); the first other line ends it. Headers of all
languages count (an English export in a German letter). Cost: linear in the text (each line split once per delimiter
it holds).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from functools import lru_cache

from app import languages
from app.detection.base import Recognizer
from app.detection.labels import DATE, EMAIL, ID_NUMBER, MONEY, PHONE, POSTAL_CODE
from app.doc import Entity, Sentence

#: The delimiters a header row is split by, in the order they are tried; the last, two spaces, stands for a column
#: gap of two spaces or more, as a form or a printed report aligns its columns ("Account Number      Routing No." of a
#: mortgage application; stop 52: its account and routing numbers stayed in clear).
DELIMITERS: tuple[str, ...] = ("|", "\t", ";", ",", "  ")
_GAP = re.compile(r"[ \t]{2,}")
#: The longest header cell, in characters.
MAX_HEADER_CHARS = 40
#: The longest data cell taken as an entity, in characters.
MAX_CELL_CHARS = 120
#: Cell values that say "nothing here" in the four languages.
EMPTY_VALUES: frozenset[str] = frozenset(
    "- -- — – n/a na none nil keine keiner ninguno ninguna nenhum nenhuma x".split())
#: Labels whose cells must hold a digit ("07700 900123", "12.05.1990"), and EMAIL's an "@".
_DIGIT_LABELS = frozenset({DATE, PHONE, POSTAL_CODE, ID_NUMBER, MONEY})
#: The characters of a Markdown table's separator row ("|---|:---:|"), a dash among them.
_SEPARATOR_CHARS = frozenset(" \t|:+-")
_SPACES = re.compile(r"\s+")


@lru_cache(maxsize=1)
def headers() -> dict[str, str]:
    """``{header in lower case: label}`` over every declared language (``"O"``: a header of another column); a header
    two languages label differently keeps the first language's label."""
    out: dict[str, str] = {}
    for table in languages.per_language("table_headers").values():
        for label, words in table.items():
            for word in words:
                out.setdefault(word, label)
    return out


#: The pseudo-label of headers that number the rows ("Nr.", "N.º", "#"): a cell of three digits or more under one is an
#: identifier (a register's entry, a member's number: "0412", "2024/1183"), a shorter one the row's place (stop 56).
COUNTER = "COUNTER"
_DOTS = re.compile(r"[.\-]+")


def _dotless(key: str) -> str:
    """``key`` with its dots and hyphens read as spaces ("mitgl.-nr" → "mitgl nr", "lfd.nr." → "lfd nr")."""
    return _SPACES.sub(" ", _DOTS.sub(" ", key)).strip()


@lru_cache(maxsize=1)
def dotless_headers() -> dict[str, str]:
    """:func:`headers` keyed by :func:`_dotless` (a header written with other dots or hyphens than the lexicon's:
    "Mitgl.-Nr", "Lfd.Nr."; stop 56)."""
    out: dict[str, str] = {}
    for key, label in headers().items():
        out.setdefault(_dotless(key), label)
    return out


@dataclass(frozen=True)
class Table:
    """A table found in a text.

    Attributes:
        header: the header cells, ``((start, end), ...)`` character offsets (half-open, spaces and quotes trimmed).
        entities: the cells of the columns of a sensitive label, ``tuple[Entity, ...]`` in text order, source
            ``table``.
    """

    header: tuple[tuple[int, int], ...]
    entities: tuple[Entity, ...]


def _cells(text: str, start: int, end: int, delimiter: str, outer: bool = True) -> list[tuple[int, int]]:
    """The cells of ``text[start:end]`` split by ``delimiter``, each trimmed of spaces and quotes; a Markdown row's
    outer pipes open and close no cell (``outer``; without it, a row's empty first and last cells count: a ledger's
    second line of an entry, "       |       | DL ONEIL761029B99XY | …", stop 56)."""
    bounds = []
    i = start
    if delimiter == "  ":
        for m in _GAP.finditer(text, start, end):
            if m.start() > i:
                bounds.append((i, m.start()))
            i = m.end()
        if i < end:
            bounds.append((i, end))
        return bounds
    while True:
        j = text.find(delimiter, i, end)
        if delimiter in ",;\t" and j >= 0 and text.count('"', i, j) % 2:
            # a CSV cell in double quotes holds commas of its own (RFC 4180, §2.6: "moved to Galway w/ husband, …" of
            # a CRM export's notes; stop 51: the row split into more cells and ended the table), and semicolons
            # (stop 59: "Diabetes Typ 1, Insulinpumpe; Polier" of a course's participants list)
            close = text.find('"', j, end)
            j = text.find(delimiter, close + 1, end) if close >= 0 else -1
        if j < 0:
            bounds.append((i, end))
            break
        bounds.append((i, j))
        i = j + 1
    if delimiter == "|" and outer:
        if bounds and not text[bounds[0][0]:bounds[0][1]].strip():
            bounds = bounds[1:]
        if bounds and not text[bounds[-1][0]:bounds[-1][1]].strip():
            bounds = bounds[:-1]
    out = []
    for a, b in bounds:
        while a < b and (text[a].isspace() or text[a] in "\"'"):
            a += 1
        while b > a and (text[b - 1].isspace() or text[b - 1] in "\"'"):
            b -= 1
        out.append((a, b))
    return out


#: A currency's code after a header's words ("monthly_spend_gbp", "Betrag EUR").
#: (Stop 61: and Peru's sol, "Valor (S/)" of a sworn declaration of assets.)
_CURRENCY_SUFFIX = re.compile(r"\s+\(?(?:gbp|eur|usd|brl|chf|mxn|ars|clp|cop|aud|cad|inr|pen|€|£|\$|r\$|s/\.?)\)?$")


_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z][a-z])")


def header_key(cell: str) -> str:
    """The form of a header cell looked up in :func:`headers`: lower case, "_" and "-" between words read as spaces
    ("first_name", "date-of-birth"; stop 51: a CRM export's snake_case header was no header), and a capital after a
    lower-case letter opening a word ("FirstName", "MemberNo"; stop 58: a club's export in CamelCase), spaces
    collapsed, a trailing colon and a currency's code dropped ("monthly_spend_gbp" → "monthly spend")."""
    cell = _CAMEL.sub(" ", cell)
    key = _SPACES.sub(" ", re.sub(r"(?<=\w)[_-](?=\w)", " ", cell.casefold())).rstrip(": ")
    return _CURRENCY_SUFFIX.sub("", key)


#: A header's qualifier in parentheses at its end ("arzt (lanr)": the doctor's column, with the number's name;
#: "empfänger (name, pers.-nr., abt.)").
_QUALIFIER = re.compile(r"\s*\([^()]{1,40}\)$")
#: A header that names a number of something: words, then the word for "number", "ID" or "ref" or a "#" ("wbk nr.",
#: "reg. no.", "tkt no", "schlüssel nr.", "pers.-nr.", "job#", "tenancy ref"; stop 56). The lexicon's headers come
#: first: a header of that shape that is no one's number is listed as ``O`` ("art.-nr.", "item no.").
_NUMBER_HEADER = re.compile(r"(?=.*[^\W\d_]).+?(?:[\s.-](?:nr\.?|no\.?|nº|n\.º|number|nummer|número|id|ref\.?)|\s?#)$")


def _qualified_header(key: str, known: dict[str, str]) -> str | None:
    """The label of a header written with a qualifier: a parenthesis after it ("prescritor (cédula)", "arzt (lanr)")
    or two names joined by a slash ("kasse / kvnr", "tel./e mail"), the first of a label other than ``O`` (stop 55);
    ``ID_NUMBER`` for a header (or a part of it) that names a number (:data:`_NUMBER_HEADER`, stop 56); ``None`` when
    no part is known."""
    if "(" in key:
        bare = _QUALIFIER.sub("", key)
        if bare != key and bare in known:
            return known[bare]
        key = bare
    if "/" in key:
        # (stop 56: also without spaces, "tel./e mail")
        labels = [known.get(part.strip()) or (ID_NUMBER if _NUMBER_HEADER.fullmatch(part.strip()) else None)
                  for part in key.split("/")]
        return next((label for label in labels if label not in (None, "O", COUNTER)), None)
    return ID_NUMBER if _NUMBER_HEADER.fullmatch(key) else None


#: A field's name, its colon or dot leader, and a value after them inside one cell.
_FIELD_AND_VALUE = re.compile(r"(?::|\.{3,})[^\S\n]*\w")
#: A number of three digits or more, not a year ("Betrag 2024" may head a column): never in a header cell.
_HEADER_NUMBER = re.compile(r"(?<!\d)(?!(?:19|20)\d\d(?!\d))\d{3,}")


def _header_labels(text: str, cells: list[tuple[int, int]], delimiter: str) -> list[str] | None:
    """The label of each column when ``cells`` make a header row (module docstring), else ``None``."""
    if len(cells) < 2:
        return None
    known = headers()
    labels = []
    unknown = 0
    for a, b in cells:
        if b - a > MAX_HEADER_CHARS:
            return None
        if delimiter == "  " and any(c.isdigit() or c == ":" for c in text[a:b]):
            return None  # a form's fields side by side ("Nombre del padre: Mohamed   Nombre de la madre: Fátima")
        if delimiter != "|" and text.find("|", a, b) >= 0:
            # a pipe table's row split by another delimiter ("Name         | Derya Yılmaz, geb. Aksoy    | …" by its
            # comma read as the headers "name" and "geb." by their first words; stop 58: the names stayed in clear)
            return None
        if _FIELD_AND_VALUE.search(text, a, b):
            # a form's field and its value, not a header ("Name, Vorname ......: Nowak, Halina Teresa, geb. Zielińska"
            # read by its commas as the headers "vorname …" and "geb. …"; stop 59: the names stayed in clear)
            return None
        if _HEADER_NUMBER.search(text, a, b):
            # a value, not a header: a letterhead's line ("Rua de Cedofeita, 412, 4050-174 Porto  |  Tel. 222 083
            # 517" read as the headers "rua …" and "tel. …" by their first words; stop 58: the address stayed in clear)
            return None
        key = header_key(text[a:b])
        label = known.get(key) or _qualified_header(key, known) or dotless_headers().get(_dotless(key))
        if label is None and " " in key and delimiter != "  ":
            # an export's compound header by its first word ("clabe_deposito", "id_cliente"; stop 51), without its
            # number ("parent1_phone"; stop 56)
            first = key.split(" ", 1)[0]
            label = known.get(first) or known.get(first.rstrip("0123456789"))
        if label is None:
            unknown += 1
        labels.append(label or "O")
    # a comma's table (a CSV export) may have a quarter of its headers unknown when it has more than three columns
    # ("account_id,…,tariff,…,agent,notes" of a CRM export, stop 51: every header had to be known before)
    allowed = (len(cells) // 4 if len(cells) > 3 else 0) if delimiter == "," else 1
    if delimiter in "|\t;" and sum(label not in (None, "O", COUNTER) for label in labels) >= 2:
        # a pipe's, a tab's or a semicolon's table with two columns of personal data known may have a third of its
        # headers unknown (a pharmacy's dispensing log, stop 55: "… | Medicamento | Aport. | Obs." left every patient in
        # clear; a sports club's export, "Mitgl-Nr;Nachname;…;Eintritt;Gruppe;Bemerkung")
        allowed = max(allowed, len(cells) // 3)
    if unknown > allowed or len(cells) - unknown < 2 or all(label in ("O", COUNTER) for label in labels):
        return None
    return labels


def value_looks_like(text: str, start: int, end: int, label: str) -> bool:
    """Whether ``text[start:end]``, a cell of a column of ``label`` (or a structured field's value,
    :mod:`app.detection.structured`), holds a value worth an entity: a digit for dates, phone numbers, postal codes and
    identifiers, an "@" for e-mail addresses, a letter otherwise, three digits or more in one word under a
    :data:`COUNTER`; not empty, not a word for "none", at most :data:`MAX_CELL_CHARS` characters."""
    value = text[start:end]
    if not value or end - start > MAX_CELL_CHARS or value.casefold() in EMPTY_VALUES:
        return False
    if label == COUNTER:  # a register's number, not a row's place: three digits or more, one word
        return end - start <= 20 and sum(c.isdigit() for c in value) >= 3 and not any(c.isspace() for c in value)
    if label in _DIGIT_LABELS:
        return any(c.isdigit() for c in value)
    if label == EMAIL:
        return "@" in value
    return any(c.isalpha() for c in value)


def _separator_row(line: str) -> bool:
    """Whether ``line`` is a Markdown table's separator row: dashes, pipes, colons and spaces only (a set test: a
    pattern with two overlapping stars took quadratic time on a long line of dashes)."""
    return "-" in line and set(line) <= _SEPARATOR_CHARS


def find_tables(text: str) -> list[Table]:
    """The tables of ``text`` (module docstring): ``list[Table]`` in text order. Linear in ``len(text)``."""
    if "\n" not in text or not any(d in text for d in DELIMITERS):
        return []
    lines = []
    start = 0
    while start <= len(text):
        end = text.find("\n", start)
        if end < 0:
            end = len(text)
        lines.append((start, end - 1 if end > start and text[end - 1] == "\r" else end))
        start = end + 1
    tables = []
    i = 0
    while i < len(lines):
        a, b = lines[i]
        found = None
        for delimiter in DELIMITERS:
            if text.find(delimiter, a, b) >= 0:
                cells = _cells(text, a, b, delimiter)
                labels = _header_labels(text, cells, delimiter)
                if labels is not None:
                    found = (delimiter, cells, labels)
                    break
        i += 1
        if found is None:
            row = _row_with_its_header(text, lines, i - 1)
            if row is not None:
                tables.append(row)
            continue
        delimiter, header, labels = found
        entities = []
        if delimiter == "|" and i < len(lines) and _separator_row(text[lines[i][0]:lines[i][1]]):
            i += 1
        while i < len(lines):
            a, b = lines[i]
            row = _cells(text, a, b, delimiter) if text.find(delimiter, a, b) >= 0 else []
            if len(row) != len(header) and delimiter == "|" and row:
                row = _cells(text, a, b, delimiter, outer=False)
            if len(row) != len(header):
                break
            for (c, d), label in zip(row, labels):
                if label != "O" and value_looks_like(text, c, d, label):
                    entities.append(Entity(c, d, ID_NUMBER if label == COUNTER else label, text[c:d], "table", 1.0))
            i += 1
        tables.append(Table(tuple(header), tuple(entities)))
    return tables


def _first_cell_header(text: str, cells: list[tuple[int, int]]) -> str | None:
    """The label of the first of ``cells`` when it is a known header (:func:`headers`), else ``None``."""
    if not cells or cells[0][1] - cells[0][0] > MAX_HEADER_CHARS:
        return None
    return headers().get(header_key(text[cells[0][0]:cells[0][1]]))


def _pipe_cells(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The "|" cells of ``text[start:end]`` (:func:`_cells`), none on a line without a pipe."""
    return _cells(text, start, end, "|") if text.find("|", start, end) >= 0 else []


def _row_with_its_header(text: str, lines: list[tuple[int, int]], i: int) -> Table | None:
    """A transposed table's row ``lines[i]``, split by "|": its first cell a known header of a sensitive label, its
    other cells (one to three) values of that label, and the line before or after it a row of the same kind ("Name
    | Derya Yılmaz, geb. Aksoy | Murat Yılmaz" above "Geb.-Datum | 11.02.1986 | 30.09.1982" of a youth welfare form
    that gives mother and father side by side; stop 58: both names in clear). ``None`` otherwise, and when another
    cell is a header too (a header row: "Name | Colour | Size" over a list of products)."""
    cells = _pipe_cells(text, *lines[i])
    if not 2 <= len(cells) <= 4:
        return None
    known = headers()
    label = _first_cell_header(text, cells)
    if label in (None, "O", COUNTER) or any(header_key(text[c:d]) in known for c, d in cells[1:]):
        return None
    if not any(0 <= k < len(lines) and _first_cell_header(text, _pipe_cells(text, *lines[k])) is not None
               for k in (i - 1, i + 1)):
        return None
    entities = tuple(Entity(c, d, label, text[c:d], "table", 1.0) for c, d in cells[1:]
                     if value_looks_like(text, c, d, label))
    return Table((cells[0],), entities) if entities else None


def header_spans(text: str) -> list[tuple[int, int]]:
    """The header cells of every table of ``text``, ``[(start, end), ...]`` sorted (:func:`find_tables`)."""
    return [cell for table in find_tables(text) for cell in table.header]


def in_header(spans: list[tuple[int, int]], entity: Entity) -> bool:
    """Whether ``entity`` lies inside one of ``spans`` (sorted, non-overlapping header cells). O(log n)."""
    k = bisect_right(spans, (entity.start, float("inf"))) - 1
    return k >= 0 and spans[k][0] <= entity.start and entity.end <= spans[k][1]


class TableRecognizer(Recognizer):
    """The cells of the columns of personal data of CSV, TSV, semicolon-separated and Markdown tables (labels from
    their headers: "Name" → ``PERSON``, "Telefon" → ``PHONE``, "Date of birth" → ``DATE``; :func:`find_tables`).

    Returns ``list[Entity]`` of source ``table`` in text order."""

    name = "table"

    def recognize(self, text: str, sentences: list[Sentence]) -> list[Entity]:
        return self.cells(find_tables(text))

    @staticmethod
    def cells(tables: list[Table]) -> list[Entity]:
        """The entities of ``tables`` (:func:`find_tables` of a text), in text order: what :meth:`recognize` returns
        for that text (the detector reads a text's tables once, for these and for its header filter)."""
        return [e for table in tables for e in table.entities]
