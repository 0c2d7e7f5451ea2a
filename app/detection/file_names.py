"""Names of persons inside file names: an attachment's, a scan's, a photo's ("CV_Maria_Gonzalez_2024.docx",
"Zeugnis-Katrin-Schneider-2019.pdf", "Scan_JohnSmith_Passport.pdf", "IMG_20261102_kowalski-anna.jpg").

An e-mail or a ticket lists its attachments by file name, and people name files after the person they concern; the
model reads such a name as one token, or not at all (stop 49: "Zeugnis-Katrin-Schneider-2019.pdf" of a job
application stayed in clear). A file name is a run of letters, digits, "_", "-" and "." before a known extension; its
stem is split at "_", "-", "." and at a lower-to-upper case change ("JohnSmith"). A part that is a first name of any
declared language (Faker's locale lists, :func:`app.detection.rules.first_names`), in any case, marks a person: the
entity runs over it and the letter-only parts next to it (capitalised ones beside a capitalised first name), up to a
part with a digit or one of the words that name the
document rather than anyone (:data:`FILE_WORDS`: "CV", "Lebenslauf", "Scan", "Passport", "IMG"…): label ``PERSON``,
character offsets, half-open. The rest of the file name stays ("CV_[PERSON_1]_2024.docx"), so a translator still
sees what the attachment is.

One scan for file names (each candidate bounded: 100 characters), then a set lookup per part: linear in the text.
"""

from __future__ import annotations

import re
from functools import lru_cache

from app.detection.base import Recognizer
from app.detection.labels import PERSON
from app.doc import Entity, Sentence

#: A file name with a known extension: its stem (group 1), not inside a word or an e-mail address (after a path's
#: separator it is one: "C:\\Users\\x\\CV_Maria_Gonzalez.pdf").
_FILE_NAME = re.compile(r"(?<![\w.@-])([^\W_][\w.-]{0,99}?)\.(?i:pdf|docx?|xlsx?|pptx?|odt|ods|rtf|txt|csv|jpe?g|png"
                        r"|gif|heic|tiff?|bmp|webp|zip|msg|eml|mp4|mov|m4a|mp3|wav|pages)(?![\w-])")
#: The stem's parts: runs of letters (split again at a case change below), runs of digits.
_PART = re.compile(r"[^\W\d_]+|\d+")
#: A lower-case letter followed by a capital: "JohnSmith" is two parts.
_CASE_CHANGE = re.compile(r"(?<=[a-zà-ÿ])(?=[A-ZÀ-Þ])")
#: Words of file names that name the document or its kind, in the four languages (lower case): never part of a name.
FILE_WORDS: frozenset[str] = frozenset("""
    cv resume résumé curriculum vitae lebenslauf zeugnis zeugnisse bewerbung anschreiben arbeitszeugnis scan scanned
    passport pass reisepass ausweis personalausweis pasaporte pasaporte dni nie nif cpf rg cnh cc img dsc dscn pxl photo
    foto bild image screenshot captura copy kopie copia cópia final draft entwurf borrador rascunho signed unterschrieben
    firmado assinado contract contrato vertrag invoice rechnung factura fatura letter brief carta document documento
    dokument doc docs file datei archivo arquivo id card karte tarjeta cartão form formular formulario formulário
    report bericht informe relatório certificate zertifikat certificado certidão birth marriage geburtsurkunde
    page seite página v version new neu nuevo novo old alt
""".split())


@lru_cache(maxsize=1)
def folded_first_names() -> frozenset[str]:
    """Every declared language's first names, lower-cased (also :mod:`app.detection.passenger_names`)."""
    from app.detection.rules import all_first_names  # rules imports the recognizers' modules

    return frozenset(n.lower() for n in all_first_names())


class FileNameRecognizer(Recognizer):
    """Persons named in file names (see the module's description): ``list[Entity]`` of label ``PERSON``, in text order,
    disjoint."""

    name = "file_name"

    def recognize(self, text: str, sentences: list[Sentence]) -> list[Entity]:
        if "." not in text:
            return []
        names, out = folded_first_names(), []
        for m in _FILE_NAME.finditer(text):
            base = m.start(1)
            parts = [(base + p.start() + a, base + p.start() + b)
                     for p in _PART.finditer(m.group(1)) for a, b in _split_case(p.group())]
            words = [text[a:b] for a, b in parts]
            marked = [i for i, w in enumerate(words) if w.lower() in names and w.lower() not in FILE_WORDS]
            if not marked:
                continue
            first, last = marked[0], marked[-1]
            cased = words[first][:1].isupper()
            while first > 0 and _name_part(words[first - 1], cased):
                first -= 1
            while last + 1 < len(words) and _name_part(words[last + 1], cased):
                last += 1
            out.append(Entity(parts[first][0], parts[last][1], PERSON, text[parts[first][0]:parts[last][1]],
                              self.name))
        return out


def _split_case(part: str) -> list[tuple[int, int]]:
    """The spans of ``part`` (offsets into it, half-open) split at a lower-to-upper case change ("JohnSmith")."""
    bounds = [0, *(m.start() for m in _CASE_CHANGE.finditer(part)), len(part)]
    return [(a, b) for a, b in zip(bounds, bounds[1:]) if b > a]


def _name_part(word: str, cased: bool) -> bool:
    """Whether a part next to a first name may be a surname: letters only, two at least, no file word, capitalised
    beside a capitalised first name ("Tatarinov-German-Spring-day-in…jpg" stops at "day")."""
    return (word.isalpha() and len(word) >= 2 and word.lower() not in FILE_WORDS
            and (word[:1].isupper() or not cased))
