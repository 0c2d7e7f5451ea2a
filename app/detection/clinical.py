"""Clinical vocabulary that names no one: tests, scans, drugs, units, specialities, ECG leads and spinal levels.

A news-trained model reads the capitalised abbreviations and terms of clinical text as names: on MEDDOCAN's
development set (Marimon et al., 2019) about half of the standard profile's false positives were "TAC", "PCR", "Hb",
"RMN", "Servicio de Urgencias", "Medicina Interna" tagged as organizations, "Troponin" and "Aspirin" as persons in an
English note, the "L" of "ng/L" a person. Masking them costs the translator the medical content and protects no one.
An entity of a name label is dropped (:meth:`app.detection.pipeline.Detector._detect`) when it is only:

* words of the language's clinical vocabulary (:attr:`app.languages.Language.clinical_terms`: abbreviations as
  written, "TAC", "Hb"; longer terms in any case, "Urología", "UROLOGÍA") and function words ("Servicio de
  Urgencias");
* one word carrying a stem of the International Nonproprietary Names of drugs (WHO, 2018, *The use of stems in the
  selection of International Nonproprietary Names (INN) for pharmaceutical substances*: "-pril", "-sartan", "-olol",
  "-statin", "-mab", "-grelor"; :data:`INN_STEMS`), with at least three letters before the stem ("Ticagrelor",
  "Atorvastatina"; not a short surname that happens to end so);
* a unit of measurement right after a number or a slash ("45 Gy", "ng/L", "U/l"; :data:`UNITS`);
* an ECG lead, a spinal level or an imaging sequence ("V4-V6", "C4-C5", "D10-D11", "T2"; :data:`LEVEL`; one level
  alone only near clinical words), a wave of the ECG ("T-wave", "onda T"), a tumour's grade or a Roman numeral alone
  ("G2", "estadio III"; both near clinical words only);
* a chemical symbol before a laboratory value ("Ca 9 mg/dl"; :data:`ELEMENTS`), a genus of bacteria or fungi
  ("Streptococcus"; :data:`GENERA`).

The lists are lexicons, not a classifier: a term missing from them is masked as before (the safe direction). A name
among the terms keeps the whole entity ("Servicio de Urología del Hospital San Carlos").
"""

from __future__ import annotations

import re
from functools import lru_cache

from app import languages
from app.detection.second_pass import is_function_word

#: Stems of International Nonproprietary Names (WHO, 2018) as English and the Romance languages end them (lower
#: case; "-prazol" also ends Spanish "omeprazol", "-cilina" Spanish "amoxicilina").
INN_STEMS: tuple[str, ...] = (
    "mab", "tinib", "rafenib", "ciclib", "parib", "lisib", "pril", "sartan", "sartán", "olol", "dipine", "dipino",
    "dipina", "statin", "statina", "prazole", "prazol", "tidine", "tidina", "floxacin", "floxacino", "oxacin",
    "cillin", "cilina", "cycline", "ciclina", "mycin", "micin", "micina", "conazole", "conazol", "nidazole",
    "nidazol", "navir", "ciclovir", "parin", "parina", "xaban", "xabán", "gatran", "gatrán", "grel", "grelor",
    "gliptin", "gliptina", "gliflozin", "gliflozina", "glitazone", "glitazona", "formin", "formina", "semide",
    "semida", "thiazide", "tiazida", "afil", "afilo", "triptan", "triptán", "setron", "setrón", "oxetine",
    "oxetina", "pramine", "pramina", "triptyline", "triptilina", "azepam", "zolam", "profen", "profeno", "coxib",
    "fenac", "fenaco", "caine", "caína", "olone", "olona", "isone", "isona", "terol", "tropium", "tropio", "lukast",
    "dronate", "dronato", "platin", "platino", "taxel", "rubicin", "rubicina", "tecan", "tecán", "relin", "relina",
    "pamil", "quine", "quina", "apine", "apina", "peridol", "oxone", "oxona", "tadine", "tadina")
_INN = re.compile(r"[^\W\d_]{3,}(?:" + "|".join(sorted(INN_STEMS, key=len, reverse=True)) + r")", re.IGNORECASE)

#: Units of measurement as clinical and laboratory text writes them after a number or a slash (case-sensitive).
UNITS: frozenset[str] = frozenset(
    "L l dL dl mL ml U UI IU Gy mg g kg µg mcg ng pg mmol µmol mol mEq meq mmHg cmH2O lpm rpm Hz mSv cGy kcal".split())
#: An ECG lead (V1–V6, aVR), a spinal level or range (C4-C5, D10-D11, L5-S1), an imaging sequence (T1, T2): a capital
#: and one or two digits, alone or as a range.
LEVEL = re.compile(r"(?:[CDLSTV]\d{1,2}(?:\s?[-–/]\s?[CDLSTV]?\d{1,2})?|aV[RLF])")
#: A tumour's grade (G1–G4) or a Roman numeral alone ("estadio III", "grado II", "par craneal IV"): no name by itself
#: near clinical words (a king's numeral stays inside the king's entity; CoNLL-2002's market "IX" is one).
_GRADE_OR_NUMERAL = re.compile(r"G[1-4]|[IVX]{1,5}")
#: Chemical symbols that laboratory results write before their value ("Ca 9 mg/dl", "K 5 meq/l", "Mg: 1,9").
ELEMENTS: frozenset[str] = frozenset("Na K Ca Mg P Cl Fe Zn Cu Li".split())
_VALUE_AFTER = re.compile(r"[^\S\n]?:?[^\S\n]?\d")
#: Genera of bacteria and fungi named in clinical notes (Latin, the same in every language): a capitalised genus
#: alone is no person ("Streptococcus pneumoniae").
GENERA: frozenset[str] = frozenset("""Streptococcus Staphylococcus Enterococcus Escherichia Klebsiella Pseudomonas
    Acinetobacter Enterobacter Proteus Serratia Haemophilus Neisseria Listeria Salmonella Shigella Campylobacter
    Helicobacter Clostridium Clostridioides Mycobacterium Mycoplasma Chlamydia Legionella Bordetella Brucella Borrelia
    Treponema Aspergillus Cryptococcus Pneumocystis Toxoplasma Plasmodium Leishmania Giardia""".split())
#: An ECG wave ("T-wave", "P wave", "onda T", "Welle T") or an interval ("QT", "PR").
_WAVE = re.compile(r"(?:[PQRST]-?\s?(?:wave|waves|Welle|Wellen)|(?:onda|ondas|Welle)\s[PQRST])", re.IGNORECASE)
_WAVE_BEFORE = re.compile(r"(?:onda|ondas|Welle)\s$", re.IGNORECASE)
_WAVE_AFTER = re.compile(r"-?\s?(?:wave|waves|Welle|Wellen)\b", re.IGNORECASE)
#: Words of an entity (letters, digits, hyphens and apostrophes inside).
_WORDS = re.compile(r"[\w][\w'’.-]*")


@lru_cache(maxsize=8)
def _terms(language: str) -> tuple[frozenset[str], frozenset[str]]:
    """``(as written, case-folded)``: the clinical terms of ``language`` as written, and those of five letters or
    more case-folded (abbreviations count only as written: "AV" is a term, "Av" an avenue)."""
    terms = languages.get(language).clinical_terms
    return terms, frozenset(t.casefold() for t in terms if len(t) >= 5)


def _term(word: str, language: str) -> bool:
    written, folded = _terms(language)
    return word in written or word.rstrip(".") in written or (len(word) >= 5 and word.casefold() in folded)


#: Characters each side of a single spinal level or sequence read for clinical context.
CONTEXT_CHARS = 80


def _clinical_context(text: str, start: int, end: int, language: str) -> bool:
    """Whether a clinical term, a drug with an INN stem or another level stands within :data:`CONTEXT_CHARS`
    characters of ``text[start:end]`` (a bounded window: O(1) per entity)."""
    window = _WORDS.findall(text[max(0, start - CONTEXT_CHARS):start] + " " + text[end:end + CONTEXT_CHARS])
    return any(_term(w, language) or LEVEL.fullmatch(w) or _INN.fullmatch(w) for w in window)


def clinical_term(text: str, start: int, end: int, language: str) -> bool:
    """Whether ``text[start:end]`` (an entity of a name label; character offsets, half-open) names only a clinical
    concept of ``language``: clinical terms and function words, a drug with an INN stem, a unit after a number or a
    slash, an ECG lead, spinal level or ECG wave (see the module's description). Never raises for a language without
    clinical terms (the stems, units and levels still apply)."""
    surface = text[start:end].strip()
    if surface.endswith(".") and not surface[:-1].endswith("."):
        end -= len(text[start:end]) - len(text[start:end].rstrip()) + 1  # a sentence's full stop ("… 45 ng/L.")
        surface = surface[:-1]
    if not surface:
        return False
    if _WAVE.fullmatch(surface) or surface in GENERA:
        return True
    if _GRADE_OR_NUMERAL.fullmatch(surface):
        # only near clinical words: CoNLL-2002's "el nuevo mercado, que se llamará IX" names a market
        return _clinical_context(text, start, end, language)
    if LEVEL.fullmatch(surface):
        # a range ("V4-V6", "C4-C5") is a level anywhere; one level ("T2", "C5") only near clinical words or another
        # level (CoNLL-2003's "the French colonial-era T3 prison" is a place)
        return not surface[1:].isdigit() or _clinical_context(text, start, end, language)
    if surface in ELEMENTS and _VALUE_AFTER.match(text, end):
        return True  # "Ca 9 mg/dl"
    if len(surface) == 1 and surface in "PQRST" and (_WAVE_BEFORE.search(text, max(0, start - 8), start)
                                                      or _WAVE_AFTER.match(text, end)):
        return True  # the "T" of "onda T invertida", of "T wave"
    if surface in UNITS:
        before = text[max(0, start - 2):start]
        return before.endswith("/") or bool(re.search(r"\d\s?$", before))
    if " " not in surface and _INN.fullmatch(surface):
        return True
    words = _WORDS.findall(surface)
    return bool(words) and any(_term(w, language) for w in words) \
        and all(_term(w, language) or is_function_word(w) for w in words)
