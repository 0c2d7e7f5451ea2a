"""Language data in one place: every word list and grammar fact of a language that the stages need.

One module per language (``app/languages/en.py``, ``de.py``, ``es.py``, ``pt.py``) declares a :class:`Language`
and passes it to :func:`register`; every stage reads it from here and from nowhere else. The vocabulary that has
the same entries in every language (:data:`DATA_FIELDS`: months and weekdays, continents, national identifiers,
organization nouns, label names, the strict profile's lexicons; and the grammar's :data:`PHRASE_WORDS`: the nouns of
places and labels and the other words of the phrases) is in the module's data file next to it (``es.toml``), which
the module names and reads with :func:`data_file`; the module holds the rest. The stages read:

* tokenization (:mod:`app.tokenization`): ``abbreviations``, ``closing_abbreviations``, ``sentence_starters``;
* detection (:mod:`app.detection`): the gazetteer (``place_connectors``), the rules (``titles``, ``honorifics``, ``greetings``,
  ``academic_degrees``, ``office_modifiers``, ``name_particles``, ``name_fields``, ``organization_fields``,
  ``first_name_locales``, ``legal_forms``, ``company_nouns``, ``organization_heads``, ``organization_connectors``,
  ``institution_heads``,
  ``conjunctions``, ``stop_words``, ``months``, ``weekdays``), the patterns (``months`` and their variants, ``date_of``,
  ``phone_regions``, ``phone_keywords``, ``postal_codes``, ``street_addresses``, ``national_ids``, ``id_keywords``, ``field_labels``),
  the second pass (``head_final``, ``name_openers``), the strict profile's ``quasi_identifiers``, the proper-noun
  fallback (``dictionary``, ``compounds``);
* coreference (:mod:`app.coreference.config`): ``coreference`` (with ``titles``, ``title_genders``, ``legal_forms``,
  ``head_final``);
* anonymization (:mod:`app.anonymization`): ``faker_locales``, ``surrogate_countries``, ``surrogate_legal_forms``,
  ``title_genders``, ``months``, ``weekdays``, ``date_words``, ``month_first``, ``articles``, ``genitive_s``,
  ``possessive_apostrophe_s``, ``continent_names``, ``continent_adjectives``, ``country_names``,
  ``country_aliases``, ``organization_nouns``, ``organization_synonyms``, ``headword_before``, ``mask_connectors``
  and the phrase ``grammar`` (:mod:`app.languages.grammar`);
* re-identification (:mod:`app.reidentification.label_names`): ``label_names``;
* the message schema and the worker (:func:`supported`): which languages a document may have.

Adding a language is one new module here with its data file (or a module anywhere, imported before the stages,
with its tables inline: see ``tests/fixtures/toy_language.py``), its NER weights, and a line of configuration;
README "Adding a language" has the checklist. A field left at its default switches the stage's use of it off (no
street addresses, no quasi-identifier lexicon, English phrases for generalization), it never makes a stage fail.

The ``FOREIGN_*`` lists hold the words of languages without a module that documents of any language contain
(French and Italian titles, Dutch legal forms, Italian name particles).
"""

from __future__ import annotations

import functools
import importlib
import importlib.resources
import tomllib
import types
import typing
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, fields, is_dataclass
from typing import Any

import pydantic

from app.detection.labels import STANDARD_LABELS
from app.languages.grammar import Grammar
from app.registry import UnknownComponent
from app.tokenization import UPPER

#: The languages shipped with the worker, in this order (English first: the fallback of the surrogates).
BUILT_IN: tuple[str, ...] = ("en", "de", "es", "pt")

#: Titles of languages without a module, found in texts of any language (French, Italian): lower case without
#: the final dot → ``"male"``, ``"female"``.
FOREIGN_TITLE_GENDERS: dict[str, str] = {
    "monsieur": "male", "signor": "male", "mme": "female", "madame": "female", "signora": "female",
}

#: Legal forms of countries without a language module (Dutch, Italian, French), as written.
#: A British postcode (outward and inward code, in capitals), which a document in any language may quote for an address
#: in the UK ("Anschrift: 17 Harcourt Gardens, Birmingham B15 2QX" of a German hotel's registration form; stop 53).
UK_POSTCODE = r"\b[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}\b"
#: A Polish postal code before its town and the country's name, in a document of any language ("31-150 Kraków, Polen"
#: of a Zurich tax return's support payments; stop 70: in clear).
POLISH_POSTCODE = (r"(?<![\w.-])\d{2}-\d{3}(?=[^\S\n]+[A-ZŁŚŻŹĆ][\w-]+(?:[^\S\n][A-ZŁŚŻŹĆ][\w-]+)?,?[^\S\n]+"
                   r"(?:Polen|Poland|Polska|Polonia|Polónia)(?![\w]))")
FOREIGN_LEGAL_FORMS: frozenset[str] = frozenset("N.V. B.V. BV NV SpA S.p.A. S.A.S. SAS".split())

#: Lower-case particles inside person names of languages without a module (Italian, Dutch: "della", "di", "van").
#: (Stop 65: and Welsh "ap", "Mr Rhodri Llŷr ap Gwilym" of a council tax bill.)
FOREIGN_NAME_PARTICLES: frozenset[str] = frozenset("della di van ap".split())

#: Capitalised particles of Arabic and Berber names ("Rachid El Amrani", "Karim Ben Salah", "Omar Ait Ali"), joined to
#: a name only between two of its parts (alone, "El" and "Al" open Spanish and Portuguese sentences).
#: (Stop 65: and of Irish names, "Dr Ciara Nic Giolla Phádraig", "Seán Ó Súilleabháin" of a discharge summary.)
FOREIGN_CAPITAL_PARTICLES: frozenset[str] = frozenset("El Al Ben Bin Ibn Abu Ould Ait Aït Abd Bou Nic Ní Ó Uí".split())

#: Medicines by the stems of their International Nonproprietary Names (WHO, "The use of stems in the selection of
#: International Nonproprietary Names (INN) for pharmaceutical substances", WHO/EMP/RHT/TSN/2018.1), as the endings of
#: a word in the English, German, Spanish and Portuguese spellings ("ramipril", "atorvastatin", "atorvastatina",
#: "omeprazol", "levotiroxina"), in lower case: a prescription names its patient's conditions as surely as a diagnosis
#: (stop 52: a discharge letter's and a prescription's medicines stayed in clear in the strict profile). Three letters
#: at least must stand before the ending ("April" is no "-pril"); endings that end common words are left out ("-azin":
#: "Magazin", "-farin": "Pininfarina", "-amine").
MEDICATION_SUFFIXES: tuple[str, ...] = (
    "afil", "alol", "azepam", "azolam", "buvir", "ciclina", "ciclovir", "cilina", "cillin", "cillina", "cilline",
    "conazol", "conazole", "cyclin", "cycline", "dipin", "dipina", "dipine", "dipino", "dogrel", "dronat",
    "dronate", "dronato", "floxacin", "floxacina", "floxacino", "formin", "formina", "fovir", "gabalin",
    "gabalina", "gliflazin", "gliflazina", "gliflazine", "gliflozin", "gliflozina", "gliflozine", "glinid",
    "glinida", "glinide", "gliptin", "gliptina", "gliptine", "glitazon", "glitazona", "glitazone", "grelor",
    "lukast", "mab", "metason", "metasona", "metasone", "methason", "methasone", "micina", "mycin", "mycina",
    "mycine", "navir", "nisolon", "nisolona", "nisolone", "nison", "nisona", "nisone", "olol", "oxetin", "oxetina",
    "oxetine", "parin", "parina", "parine", "pentin", "pentina", "peridon", "peridona", "peridone", "prazol",
    "prazole", "previr", "pril", "prilat", "profen", "profeno", "proxen", "proxeno", "sartan", "semid", "semida",
    "semide", "setron", "sonid", "sonida", "sonide", "statin", "statina", "statine", "sugrel", "tegravir", "terol",
    "thiazid", "thiazide", "thyroxin", "thyroxine", "tiapin", "tiapina", "tiapine", "tiazida", "tidin", "tidina",
    "tidine", "tinib", "tiracetam", "tiroxina", "tralin", "tralina", "traline", "triptan", "tropium", "xaban",
    "zapin", "zapina", "zapine", "zolam",
)
#: Endings of the names of diseases, symptoms and operations in the four languages (medical terminology's Greek and
#: Latin suffixes: "-itis" inflammation, "-osis"/"-ose" condition, "-ectomy" removal, "-algia" pain, "-pathy" disease,
#: "-plasty"/"-otomy" operations, "-emia" blood), for the strict profile's health conditions (stop 54: "acute
#: pancreatitis", "osteoarthritis", "cholecystectomy", "Makuladegeneration" stayed in clear). Three letters at least
#: before the ending; the words of :data:`CONDITION_SUFFIX_EXCEPTIONS` end so without naming one.
CONDITION_SUFFIXES: tuple[str, ...] = (
    "itis", "itiden", "osis", "ose", "ectomy", "ectomies", "ektomie", "ectomía", "ectomia", "algia", "algie",
    "pathy", "pathie", "patía", "patia", "plasty", "plastia", "otomy", "otomie", "otomía", "otomia",
    "emia", "ämie", "degeneration", "insuffizienz", "insuficiencia", "insuficiência", "störung", "störungen",
    "plasia", "plasie",  # (stop 72) "hip dysplasia", "Hüftdysplasie", "displasia"
)
CONDITION_SUFFIX_EXCEPTIONS: frozenset[str] = frozenset((
    "diagnose", "diagnosen", "prognose", "prognosen", "dose", "doses", "hose", "hosen", "rose", "rosen", "roses",
    "close", "those", "whose", "chose", "purpose", "suppose", "expose", "propose", "impose", "compose", "oppose",
    "dispose", "morose", "verbose", "glucose", "glukose", "lactose", "laktose", "fructose", "frutose", "sucrose",
    "cellulose", "zellulose", "celulose", "hypnose", "osmose", "symbiose", "metamorphose", "franchise", "mimose",
    "apotheose", "nostalgia", "nostalgie", "sympathy", "empathy", "apathy", "antipathy", "telepathy", "sympathie",
    "empathie", "apathie", "antipathie", "telepathie", "simpatía", "empatía", "apatía", "antipatía", "telepatía",
    "simpatia", "empatia", "apatia", "antipatia", "telepatia", "homöopathie", "homeopathy", "dichotomy",
    "dichotomie", "dicotomía", "dicotomia", "academia", "bohemia", "boêmia", "verbindungsstörung", "betriebsstörung",
    "netzstörung", "funkstörung", "leitungsstörung", "bildstörung", "tonstörung", "ruhestörung", "sendestörung",
    "empresa", "cose", "espose", "esposa", "repose", "rapose", "mariposa", "glosa", "prosa", "ociosa", "cosa",
    "diagnosis", "diagnoses", "prognosis", "prognoses", "hypnosis", "symbiosis", "metamorphosis", "osmosis",
    "raumdegeneration", "metrose", "franzose", "matrose", "apoteosis", "apoteose", "apotheosis",
    "aprikose", "aprikosen", "glicose", "sacarose", "grandiose", "bellicose", "pandemia", "epidemia", "blasfemia",
))
#: Endings that make a word no condition although it ends in one of :data:`CONDITION_SUFFIXES`: German adjectives in
#: "-lose" ("arbeitslose"; not "Tuberkulose"), Spanish enclitic "-se" after a gerund ("dándose"), Lithuanian surnames
#: in "-aitis" ("Stremaitis"), sailors ("Leichtmatrose"), English verbs in "-close" and "-pose" ("disclose",
#: "decompose"), German trousers and boxes ("Badehose", "Steckdose").
CONDITION_NOT_ENDINGS: tuple[str, ...] = ("lose", "ndose", "aitis", "matrose", "close", "pose", "hose", "dose")
CONDITION_ENDINGS_KEPT: tuple[str, ...] = ("kulose", "ychose")  # "Tuberkulose", "Psychose"
#: Endings of German compounds that name an occupation (the strict profile's ``OCCUPATION``; stop 56:
#: "Werkzeugmacher", "Fliesenlegermeister", "Steuerfachangestellte", "Personalsachbearbeiterin" of probe documents
#: stayed in clear): a capitalised word ending so, three letters at least before the ending. Whole endings only where a
#: shorter one names other things too ("Wasserkraft", "Gegenwart", "Halbleiter").
OCCUPATION_SUFFIXES: tuple[str, ...] = (
    "meister", "meisterin", "geselle", "gesellin", "mechaniker", "mechanikerin", "mechatroniker", "mechatronikerin",
    "techniker", "technikerin", "elektroniker", "elektronikerin", "angestellte", "angestellter", "fachkraft",
    "pflegekraft", "lehrkraft", "hilfskraft", "reinigungskraft", "servicekraft", "kauffrau", "kaufmann", "fachfrau",
    "fachmann", "sachbearbeiter", "sachbearbeiterin", "arbeiter", "arbeiterin", "berater", "beraterin", "pfleger",
    "pflegerin", "erzieher", "erzieherin", "lehrer", "lehrerin", "fahrer", "fahrerin", "ingenieur", "ingenieurin",
    "verkäufer", "verkäuferin", "therapeut", "therapeutin", "helfer", "helferin", "trainer", "trainerin",
    "abteilungsleiter", "abteilungsleiterin", "teamleiter", "teamleiterin", "schichtleiter", "schichtleiterin",
    "übungsleiter", "übungsleiterin", "filialleiter", "filialleiterin", "platzwart", "hauswart", "gerätewart",
    "disponent", "disponentin", "lagerist", "lageristin", "macher", "macherin", "leger", "legerin",
    "beschäftigte", "beschäftigter", "chauffeur", "chauffeurin",  # (stop 72) "Justizbeschäftigte", "Lastwagenchauffeur"
    "ologe", "ologin", "pädagoge", "pädagogin",  # (stop 72) "Pharmakologin", "Kardiologe", "Sozialpädagogin"
)
#: Words that end in one of :data:`OCCUPATION_SUFFIXES` without naming an occupation.
OCCUPATION_SUFFIX_EXCEPTIONS: frozenset[str] = frozenset((
    "bürgermeisterwahl", "fahrerflucht", "mitarbeiter", "mitarbeiterin", "nachleger", "verleger",
    "ableger", "hersteller", "zusammenhelfer",
))
#: Where the words that make an occupation's name more precise stand, per language (the strict profile extends the
#: lexicon's occupation over them, stop 56): before it in English and German ("software engineer", "self-employed
#: plumber", "selbständiger Elektriker"), after it in Spanish and Portuguese ("ingeniero de software", "médica
#: pediatra", "professora de educação física").
OCCUPATION_MODIFIERS_SIDE: dict[str, str] = {"en": "before", "de": "before", "es": "after", "pt": "after"}
#: Medicines whose names follow no stem, in the four languages' spellings, in lower case (matched case-blind), and
#: those written in capitals only (German "ASS", Portuguese "AAS": "ass" is an English word).
MEDICATIONS: frozenset[str] = frozenset((
    "acetaminophen", "allopurinol", "alopurinol", "amiodaron", "amiodarona", "amiodarone", "amoxicilina",
    "amoxicillin", "amoxicilline", "aspirin", "aspirina", "aspirine", "bisoprolol", "brilique", "clonazepam",
    "clopidogrel", "codein", "codeina", "codeine", "codeín", "codeína", "codeíne", "diazepam", "diclofenac",
    "diclofenaco", "digoxin", "digoxina", "digoxine", "eliquis", "espironolactona", "furosemid", "furosemida",
    "furosemide", "heparin", "heparina", "heparine", "ibuprofen", "ibuprofeno", "insulin", "insulina", "insuline",
    "levodopa", "lithium", "litio", "lorazepam", "lítio", "marcumar", "metamizol", "methotrexat", "methotrexate",
    "metotrexato", "morfina", "morphin", "morphina", "morphine", "naproxen", "naproxeno", "nitroglicerina",
    "nitroglycerin", "nitroglycerine", "novalgin", "ozempic", "paracetamol", "penicilina", "penicillin",
    "penicilline", "phenprocoumon", "prednison", "prednisone", "salbutamol", "sintrom", "spironolacton",
    "spironolactone", "tramadol", "warfarin", "warfarina", "warfarine", "xarelto", "acetilsalicílico",
))
MEDICATION_ABBREVIATIONS: frozenset[str] = frozenset({"ASS", "AAS"})

#: Connectors of place and organization names of languages without a module (French, Italian, Dutch), kept by
#: the ``kmask`` method like :attr:`Language.mask_connectors`.
FOREIGN_MASK_CONNECTORS: frozenset[str] = frozenset("di du van et".split())

#: Lower-case words inside multi-word place names of languages without a module ("Città della Pieve", "Saint-Pierre
#: et Miquelon", "Den Haag van"), for the gazetteer like :attr:`Language.place_connectors`.
FOREIGN_PLACE_CONNECTORS: frozenset[str] = frozenset("della di du le les et van".split())

#: Function words inside dates of languages without a module (French "le 3 mars").
FOREIGN_DATE_WORDS: frozenset[str] = frozenset({"le"})

#: A lookahead for postal code formats that are only postal codes before a city ("10115 Berlin"): a capitalised word
#: after white space (:attr:`Language.postal_codes`).
CITY_AFTER: str = rf"(?=\s+(?:[DLdl]['’])?[{UPPER}][\w-]+)"  # (an elided article: "03580 L'Alfàs del Pi"; stop 54)

#: The organization types of the knowledge base (language-neutral concepts, named in English), in the order the
#: knowledge base builds its tables: each language names them in :attr:`Language.organization_nouns`.
ORGANIZATION_TYPES: tuple[str, ...] = tuple("""university college school academy institute hospital clinic bank company
    corporation group ministry department agency authority council commission committee parliament government court
    party union association federation foundation society club museum library church team office laboratory center
    police newspaper airline organization theatre orchestra publisher insurer senate congress cooperative chamber
    assembly army service network fund firm studio""".split())


@dataclass(frozen=True)
class StreetAddresses:
    """How a language writes a street with its house number (the ``address`` recognizer,
    :mod:`app.detection.addresses`, builds its regular expressions from these).

    Attributes:
        order: ``"type_last"`` (German: "Hauptstraße 5", "Berliner Straße 5": the street type ends the name, glued or
            as a word, the number follows), ``"type_first"`` (Spanish, Portuguese: "calle Mayor 12", "Rua das Flores,
            123") or ``"number_first"`` (English: "221B Baker Street").
        types: regular expression of the street types: glued to the name for ``type_last`` ("straße|weg"), a word
            of their own otherwise ("[Cc]alle|C/|Avda\\.", "Street|St\\.?").
        separate_types: ``type_last``: the types also written as a word of their own ("Straße|Str\\.|Weg").
        prefixes: ``type_last``: words that open a street name, as written, several words separated by one space
            ("Am", "An der", "Alte"); ``number_first``: regular expressions of a direction between the house number
            and the name ("N\\.", "West": "1234 N. Elm St.").
        particles: ``type_first``: regular expression of the lower-case words inside a street name ("de|del|la").
        not_after: ``number_first``: words after which a number is no house number ("in", "since": a year).
        suffixes: ``number_first``: words that may follow the type ("NW", "SE").
        not_streets: matches whose first word is one of these are no address ("Ring 5", "Weg 3").
        cues: ``type_last``: words right before an address, as written ("wohnhaft", "Anschrift:"); after one, a
            prefix and capitalised words with a house number are an address without a street type ("wohnhaft Am
            Kanal 3"), and so they are before a postal code (:attr:`postal_code`) and a town ("Am Kanal 3, 14467
            Potsdam").
        postal_code: ``type_last``: regular expression of the postal code that confirms such an address;
            ``number_first``: the one after a house on a named close without a type ("3 The Paddocks, …, NR21 0AA").
        units: ``number_first``, ``type_last``: regular expression of the words that name a flat or suite after the
            street ("Apt", "Suite", "Unit"; "Whg.", "Zimmer"); with its number they are part of the address ("45 Oak
            Ridge Dr, Apt 3B", "Hauptstraße 5, Whg. 12"), and before it ("Flat 4, 27 Brunswick Square", "Zimmer 214,
            Gustav-Esche-Str. 3").
        cased_types: ``number_first``: street types that are everyday words in lower case ("Walk", "Rise", "View":
            "a 1 percent rise"), types only as written in cased text ("9 Canal Walk"), never for case restoration.
        buildings: ``number_first``, ``type_first``: regular expression of the words that end a building's name ("House", "Court",
            "Mansions"): a flat or suite with its number before such a name is an address ("Flat 2B, Marlowe House").
        grid_types: ``type_first``: the street types of grid addresses as Colombia writes them, the street's number,
            "#" or "No.", the cross street's number and the distance from the corner ("Calle 127 # 15-42", "Cra. 7
            No. 32-16").
        floors: ``type_last``: regular expression of a floor and side after the house number, part of the address
            ("Schönhauser Allee 141, VH 3. OG rechts", "Hinter der Mauer 7, 2. OG links").
        flats: a regular expression of a flat's designation that names a dwelling without its street, as owners'
            minutes and residents' chats write them ("WE 7", "apto 704", "el 3.º B"): each match an address of its own
            (stop 55).
    """

    order: str
    types: str
    separate_types: str = ""
    prefixes: tuple[str, ...] = ()
    particles: str = ""
    not_after: tuple[str, ...] = ()
    suffixes: tuple[str, ...] = ()
    not_streets: frozenset[str] = frozenset()
    cues: tuple[str, ...] = ()
    postal_code: str = ""
    cased_types: str = ""
    units: str = ""
    buildings: str = ""
    grid_types: str = ""
    floors: str = ""
    flats: str = ""

    def __post_init__(self) -> None:
        if self.order not in ("type_last", "type_first", "number_first"):
            raise ValueError(f"unknown street address order {self.order!r}")


@dataclass(frozen=True)
class QuasiIdentifiers:
    """The word lists of the strict privacy profile's quasi-identifiers (:mod:`app.detection.quasi_identifiers`).

    Every entry of the tuples is a regular expression matched case-insensitively as whole words (inflected forms
    written as alternatives: ``turc[oa]s?``). They are lexicons, not a classifier: a word missing from them stays
    in clear.

    Attributes:
        number_words: cardinals written in words that are not also articles ("two", "zwei", "dos").
        units: units of time and age ("years?", "Jahre?n?s?").
        age: words that make a number an age, before it or after it ("aged", "-year-old", "años de edad").
        age_of: the word between an age word and the number ("of": "age of 45"), a regular expression.
        age_after: regular expressions of what follows a number that is an age ("-year-old", ``\\sJahre\\salt``).
        year_words: the word "year", which may precede a bare year ("year 1990").
        legal_refs: words after which a number refers to a norm ("Article", "§", "Abs\\."): never masked.
        demographic, occupation, relation, health: nationality/ethnicity/religion/sex, occupations and offices,
            family relations, health conditions.
        demographic_fields: form fields whose short value is a sex or a religion ("Sexo: H", "Konfession: ev.").
        occupation_fields: form fields whose value, up to the line's end, a column gap or a comma, is an occupation
            ("Occupation: Forklift Operator", "Beruf: Schneiderin", "Profissão: Auxiliar de enfermagem"; stop 67).
        common_capitalised: capitalised words of legal and administrative text that name no one ("Article",
            "Convention"): an entity made only of them, numbers and :attr:`function_words` is dropped.
        function_words: lower-case words such an entity may contain ("of", "the", "der").
        decades: regular expression of a decade ("the 1990s", "in den 1990er Jahren", "los años 90").
        conjunction: the word joining two durations ("two years and six months").
        capitalised_months: month names count only when capitalised (English).
        ambiguous_months: month names (lower case) that are also common words ("may"): a date only after one of
            :attr:`month_prepositions`.
        month_prepositions: words before an ambiguous month ("in", "since").
        amount_words: words of a cardinal in an amount of money that :attr:`number_words` leaves out (articles and
            scales: "one", "a", "millón", "Millionen"): the money recognizer's amounts in words ("un millón de dólares";
            :func:`app.detection.patterns.amount_in_words`, stop 51).
        health_qualifiers: words that make a condition more precise, before or after it ("mild", "leve", "Typ 2",
            "beidseits"): a condition's entity takes them (stop 58).
    """

    number_words: tuple[str, ...]
    units: tuple[str, ...]
    age: tuple[str, ...]
    legal_refs: tuple[str, ...]
    demographic: tuple[str, ...]
    occupation: tuple[str, ...]
    relation: tuple[str, ...]
    health: tuple[str, ...]
    demographic_fields: tuple[str, ...]
    common_capitalised: tuple[str, ...]
    function_words: frozenset[str]
    decades: str
    conjunction: str
    age_of: str = ""
    age_after: tuple[str, ...] = ()
    year_words: tuple[str, ...] = ()
    capitalised_months: bool = False
    ambiguous_months: tuple[str, ...] = ()
    month_prepositions: tuple[str, ...] = ()
    amount_words: tuple[str, ...] = ()
    health_qualifiers: tuple[str, ...] = ()
    occupation_fields: tuple[str, ...] = ()


@dataclass(frozen=True)
class CoreferenceWords:
    """The words of the coreference rules (:mod:`app.coreference.config`), besides the language's ``titles``,
    ``title_genders``, ``legal_forms`` and ``company_nouns``.

    Attributes:
        titles: titles and roles dropped before a name that are not evidence of a person for detection (lower
            case, without final period, possibly several words: "king", "prime minister", "messrs").
        function_words: words skipped when forming acronyms and comparing prepositional variants.
        prepositions: words after which the headword stops ("*University* of Cambridge").
        leading_types: label → leading words naming the kind of object ("republic of", "Freistaat", "Grupo").
        trailing_types: label → trailing words naming the kind of object besides the legal forms and company nouns,
            which end organization names anyway ("company", "Konzern").
        stemmer: the Snowball algorithm of the ``stem`` rule (``"german"``), or ``None``.
    """

    titles: frozenset[str] = frozenset()
    function_words: tuple[str, ...] = ()
    prepositions: tuple[str, ...] = ()
    leading_types: dict[str, tuple[str, ...]] = field(default_factory=dict)
    trailing_types: dict[str, tuple[str, ...]] = field(default_factory=dict)
    stemmer: str | None = None


@dataclass(frozen=True)
class Compounds:
    """A language that writes compound nouns as one word (German "Weingärtnergenossenschaft").

    Attributes:
        linking_elements: letters between the parts of a compound (Fugenelemente), longest first.
        derivations: nominalisations: ``(suffix, endings of the base word)`` ("-ung" of a verb in "-en").
        noun_table: ``(distribution, package, file)`` of a CSV table of common nouns and their inflected forms
            (first column the noun, second its part of speech, the form columns after; package data read with
            :mod:`importlib.resources`), or ``None``.
        proper_name_markers: parts of speech of :attr:`noun_table` rows that are names, not common nouns.
        name_heads: heads (lower case) of compounds that are mostly place names ("-burg", "-dorf": "Rangsdorf",
            "Ravensburg"): a compound with one of them that the noun table does not list is no common word.
        person_name_markers: parts of speech of :attr:`noun_table` rows that are first names or surnames (their forms
            type a proper-noun fallback entity as a person, :mod:`app.detection.name_types`).
        place_name_markers: parts of speech of :attr:`noun_table` rows that are place names (likewise: a location).
    """

    linking_elements: tuple[str, ...] = ()
    derivations: tuple[tuple[str, tuple[str, ...]], ...] = ()
    noun_table: tuple[str, str, str] | None = None
    proper_name_markers: tuple[str, ...] = ()
    name_heads: tuple[str, ...] = ()
    person_name_markers: tuple[str, ...] = ()
    place_name_markers: tuple[str, ...] = ()


#: The genders of the nouns of a language's tables (``pl``: a plural noun such as "Vereinigte Staaten").
GENDERS: frozenset[str] = frozenset({"m", "f", "n", "pl"})

#: The fields of :class:`Language` that a data file gives (:func:`data_file`): the vocabulary that has the same
#: entries in every language (months, weekdays, continents, organization types, labels, the strict profile's lexicon
#: categories) and the national identifiers, one row each.
DATA_FIELDS: tuple[str, ...] = ("months", "weekdays", "national_ids", "continent_names", "continent_adjectives",
                                "organization_nouns", "label_names", "quasi_identifiers", "table_headers")

#: The fields of :class:`app.languages.grammar.Grammar` that a data file gives (its ``[grammar]`` table): the words of
#: the phrases, not the grammar's rules.
PHRASE_WORDS: tuple[str, ...] = ("place_nouns", "label_nouns", "something", "month_year", "decade", "definite",
                                 "indefinite")


@dataclass(frozen=True)
class DataFile:
    """A language's data file (:func:`data_file`), as keyword arguments: its module passes ``**language`` to its
    :class:`Language` and ``**grammar`` to its grammar class, and gives every other field itself (a field given in
    both places is a ``TypeError``).

    Attributes:
        language: :class:`Language` field (among :data:`DATA_FIELDS`) → value, of the field's type.
        grammar: :class:`app.languages.grammar.Grammar` field (among :data:`PHRASE_WORDS`) → value.
    """

    language: dict[str, Any] = field(default_factory=dict)
    grammar: dict[str, Any] = field(default_factory=dict)


@functools.cache
def data_file(package: str, file: str) -> DataFile:
    """The TOML data file ``file`` of ``package`` (package data next to a language module, read with
    :mod:`importlib.resources` once per process): the fields of :data:`DATA_FIELDS` and, in a ``[grammar]`` table,
    those of :data:`PHRASE_WORDS`, each optional, named and typed as the field (a list where it is a tuple or a set,
    a table where it is a mapping, a dataclass or a tuple of pairs; rows kept in their order). A noun is
    ``[noun, gender]``, gender among :data:`GENDERS`; labels are those of :data:`app.detection.labels.STANDARD_LABELS`.
    Regular expressions are best written as literal strings (``'...'``: no escapes)::

        months = ["enero", "febrero", ...]
        [national_ids]                # python-stdnum module = regular expression of the candidates
        "stdnum.es.dni" = '\\b\\d{8}[- ]?[A-Za-z]\\b'
        [organization_nouns]          # organization type = [noun, gender]
        university = ["universidad", "f"]
        [grammar]
        something = "algo"
        decade = ["década", "f", "de {decade}"]
        [grammar.place_nouns]         # place concept = [noun, gender]
        city = ["ciudad", "f"]
        [label_names]                 # standard label = [name, ...]
        PERSON = ["Persona", "Nombre"]
        [quasi_identifiers]           # QuasiIdentifiers fields
        number_words = ['dos', 'tres']

    Raises:
        FileNotFoundError: no such file in ``package``.
        tomllib.TOMLDecodeError: the file is not TOML.
        ValueError: an unknown field, a value of another type, an unknown gender or label (the message names the
            file and the entry).
    """
    where = f"{package}/{file}"
    data = tomllib.loads((importlib.resources.files(package) / file).read_text(encoding="utf-8"))
    grammar = data.pop("grammar", {})
    _known(data, set(DATA_FIELDS), where)
    _known(grammar, set(PHRASE_WORDS), f"{where} [grammar]")
    language_types, grammar_types = typing.get_type_hints(Language), typing.get_type_hints(Grammar)
    found = DataFile(
        language={name: _typed(value, language_types[name], f"{where} {name}") for name, value in data.items()},
        grammar={name: _typed(value, grammar_types[name], f"{where} [grammar] {name}")
                 for name, value in grammar.items()},
    )
    for name, nouns in (("organization_nouns", found.language.get("organization_nouns", {})),
                        ("grammar.place_nouns", found.grammar.get("place_nouns", {})),
                        ("grammar.label_nouns", found.grammar.get("label_nouns", {}))):
        wrong = {key: gender for key, (_, gender) in nouns.items() if gender not in GENDERS}
        if wrong:
            raise ValueError(f"{where} [{name}]: unknown genders {wrong} (known: {', '.join(sorted(GENDERS))})")
    for name, labelled in (("grammar.label_nouns", found.grammar.get("label_nouns", {})),
                           ("label_names", found.language.get("label_names", {}))):
        _known(labelled, set(STANDARD_LABELS), f"{where} [{name}]")
    _known(found.language.get("table_headers", {}), set(STANDARD_LABELS) | {"O", "COUNTER"}, f"{where} [table_headers]")
    return found


def _known(table: object, names: set[str], where: str) -> None:
    """Raises ValueError when ``table`` is not a mapping or has keys outside ``names``."""
    if not isinstance(table, dict):
        raise ValueError(f"{where}: expected a table, got {table!r}")
    unknown = set(table) - names
    if unknown:
        raise ValueError(f"{where}: unknown {', '.join(sorted(unknown))} (known: {', '.join(sorted(names))})")


def _typed(value: object, hint: Any, where: str) -> Any:
    """``value`` read from TOML as the type ``hint``, converted and checked by pydantic (a list becomes a tuple or a
    frozenset, a table a mapping or a dataclass; no number becomes a string); a tuple of pairs may also come from a
    table (its rows in order), and a dataclass's table may name only its fields.

    Raises:
        ValueError: ``value`` is not of that type (``where`` and the entry's position name it).
    """
    inner = next((a for a in typing.get_args(hint) if a is not type(None)), hint) if typing.get_origin(hint) in (
        typing.Union, types.UnionType) else hint
    if is_dataclass(inner) and isinstance(value, dict):
        _known(value, {f.name for f in fields(inner)}, where)
    args = typing.get_args(hint)
    if typing.get_origin(hint) is tuple and args[1:] == (Ellipsis,) and typing.get_origin(args[0]) is tuple \
            and isinstance(value, dict):
        value = [list(row) for row in value.items()]
    try:
        return pydantic.TypeAdapter(hint).validate_python(value)
    except pydantic.ValidationError as exc:
        error = exc.errors()[0]
        at = "".join(f" {part}" for part in error["loc"] if isinstance(part, str))  # the entry's keys
        raise ValueError(f"{where}{at}: expected {hint}, got {value!r} ({error['msg']})") from None


@dataclass(frozen=True, kw_only=True)
class Language:
    """Word lists and grammar facts of one language, given by keyword (the fields are declared in the order of this
    list, by topic: the required ones are those without a default).

    Attributes:
        code: ISO 639-1 code (``"en"``).
        name: English name (``"English"``).
        faker_locales: Faker locales for surrogates, primary first (``("en_US", "en_GB", "en_IE")``).
        surrogate_countries: ISO 3166 codes of the countries whose cities are surrogate places (``("DE", "AT")``).
        first_name_locales: Faker locales whose first names the ``first_name`` detection rule knows.
        titles: titles and honorifics as tokens, case-sensitive ("Mr.", "Herr", "Sra."), roles included
            ("President"): a capitalised run after one is a person (detection rule ``title``).
        honorifics: the titles that name no one by themselves ("Mr.", "Herr"; not a role such as "Minister", nor
            "Lord", which may be a name): an entity made only of them is no name. A subset of :attr:`titles`.
        greetings: the words that open or close a letter or a message around a name, in lower case, one phrase a
            string ("hi", "dear", "buenos días", "liebe grüße"): never part of a name; a model's span that starts with
            one ("Hi Anna", "Hola" before a comma) loses it (:func:`app.detection.rules.without_greeting`).
        nicknames: short forms of first names as messages and notes write them ("Kev", "Steph", "Paco", "Zé"),
            capitalised, that Faker's first names lack: names of the language's name lexicons
            (:func:`app.detection.name_types.name_types`), so that case restoration capitalises one written in lower
            case ("can you tell kev": "kev", a word of the common-word lexicon, stayed in clear before stop 46). Words
            of the language in lower case ("bill", "pat", "concha") are left out.
        informal_words: words of chat messages written without their apostrophe or as abbreviations, and pronouns
            and chat words that the common-word lexicon lacks or a name lexicon lists ("tú", "ella"), in lower case
            ("im", "dont", "btw", "vc", "porfa"): no dictionary of the language holds them, and case restoration
            would capitalise them as unknown words, which the models then take for names; they stay in lower case.
        enclitics: pronouns written onto a verb's end, in lower case ("me", "la", "se": Spanish "llámame", "dímelo",
            "decirle"); the common-word lexicon reads such a word as its verb (:class:`app.detection.proper_nouns.
            CommonWordLexicon`), so that "Avísame" is no proper noun.
        party_roles: the roles of parties and witnesses, in lower case ("plaintiff", "kläger", "demandante", "réu"):
            a person's entity that starts with them loses them (:func:`app.detection.rules.without_party_role`).
        birth_names: the words before a person's name at birth, after the person ("born", "née", "geb.",
            "nacida", "nascida"): the name after them is a person too (:class:`app.detection.rules.BirthNameRule`; stop
            67).
        vocatives: words in lower case that address people without naming them ("guys", "mate", "bro", "leute",
            "chicos", "galera"), as they follow a greeting ("hey guys,"): a word there that is not one of them, nor a
            word the casing table writes in lower case, is read as a name ("hey kev," → "Kev";
            :func:`app.detection.casing.greeting_pattern`).
        title_genders: title in lower case without the final dot → ``"male"``, ``"female"`` or ``None``
            (neutral): the gender of a surrogate first name after the title; coreference never merges a "Mr" with
            a "Mrs" of the same name.
        academic_degrees: degrees written between a title and a name ("Dr. rer. nat.", "PhD").
        office_modifiers: capitalised words that follow a title as part of the office, not of a name ("Deputado
            Distrital", "Juiz Federal", "Ministro Adjunto"): the title rule skips them like further titles.
        name_particles: lower-case words inside a person's name ("von", "da", "del").
        title_initials: titles written as a capital and a full stop, like a first name's initial ("D." for "Don" and
            "Dom": "D. Rachid El Amrani"), never joined to the name as an initial (the ``initials`` rule).
        particles_not_first: the particles that cannot open a name (articles, conjunctions: "der", "y").
        name_fields: form fields whose value is a person's name (lower case, one to three words: "vorname",
            "nombre y apellidos"): the ``name_field`` detection rule.
        organization_fields: form fields whose value is an organization, an employer or a business (lower case, one to
            three words: "arbeitgeber", "razón social", "place of work"): the ``organization_field`` detection rule.
        place_fields: form fields whose value is a place, a town, district or province (lower case, one to three
            words: "provincia", "parroquia", "gemeinde", "freguesia"): the ``place_field`` detection rule.
        public_body_words: words that name a public body in a letterhead's line in capitals (capitalised: "Police",
            "Authority", "Junta", "Cartório"; German also as a compound's ending, :attr:`public_body_endings`): the
            ``letterhead`` detection rule.
        public_body_endings: endings of compounds that name a public body ("verwaltung", "amt", "gericht": the
            letterhead's "STEUERVERWALTUNG", "BETREIBUNGSAMT"), lower case.
        document_title_words: words of a document's own title ("Certificate", "Acta", "Bescheid"): a letterhead's line
            with one is the document's title, no body (capitalised).
        abbreviations: words written with a final period that does not end a sentence (lower case, without the
            period: "dr", "z.b", "avda"): the tokenizer keeps the period on the word.
        closing_abbreviations: the abbreviations that often end a sentence ("etc", "usw"): a sentence ends after one
            when a :attr:`sentence_starters` word follows.
        sentence_starters: capitalised function words that open sentences ("The", "Der").
        months, weekdays: the 12 month and 7 weekday names as written in running text ("enero", "Montag").
        month_variants: other spellings of month names → month number (``{"Jänner": 1}``), also names.
        weekday_variants: other spellings of weekdays ("Sonnabend").
        weekday_abbreviations: the weekdays' abbreviations as written before their full stop ("Mo", "Mi", "Wed",
            "mié"): before a date, a time or another weekday ("Mi. 12.11.", "Mo.–Fr. 8–12 Uhr") no place nor name.
        month_abbreviations: abbreviations and unaccented spellings found in dates only → month number
            (``{"jan": 1, "marco": 3}``; lower case).
        date_of: regular expression between day, month and year in written dates (Spanish ``\\s+del?\\s+``).
        month_first: ambiguous numeric dates are month first ("5/13/2021": American English).
        date_words: function words inside dates ("of", "de", "am").
        day_words: regular expressions of the days of a month written in words as dates write them (cardinals and
            ordinals, 1–31: "doze", "veintiséis", "twelfth", "zwölften"): with a month name, a date in words.
        year_words: regular expressions of the words of a year written in words ("dois mil e vinte e seis", "two
            thousand and twenty-six", "zweitausendsechsundzwanzig"), joiners ("e", "y", "and") included.
        spelled_date: a regular expression of a date in words with the placeholders ``{day}``, ``{month}`` and
            ``{year}`` (:attr:`day_words`, the month names, :attr:`year_words`): "aos doze dias do mês de março de
            dois mil e vinte e seis" of a Portuguese deed; empty: none.
        date_cues: regular expressions of the words right before a day and month written without a year ("on 21/03",
            "bis zum 16.04.", "el 16/03", "até 16/03"): after one (or a weekday), such a day and month is a date.
        licence_plates: regular expressions of the vehicle registration plates of the language's countries as
            written without a keyword ("YK19 FHD", "HH-AB 1234", "4521 KLM", "45-GH-23"; :mod:`app.detection.plates`).
        payment_cues: regular expressions of the words before a transaction's payer or payee on a bank statement
            ("transfer to", "Überweisung an", "Bizum de", "Pix recebido"; :mod:`app.detection.payments`).
        payment_codes: regular expressions of banks' short transaction codes that open a statement's line before a
            payer or payee ("SO", "FPI", "BGC"; case-sensitive).
        payment_references: words of a transaction's reference that end the payer's or payee's name ("RENT",
            "MIETE", "ALQUILER"; any case).
        register_entries: regular expressions of a land or civil register's entry, matched whole as one identifier
            (its volume, book, page and plot numbers are short and name one property or marriage together: "tomo 212,
            folio 37", "livro B-12, folhas 34v", "Grundbuch … Blatt 18832"; group ``entry`` (or ``entry2`` to
            ``entry6``:
            a name once per language's joined pattern) when the match holds more;
            :class:`app.detection.identifiers.IdNumberRecognizer`).
        register_words: regular expressions of the words that name a register's volume, book, leaf or entry
            ("tomo", "folio", "livro", "Blatt"; any case): two or more of them, each before its number, in any order, on
            one line or on lines one under the other, at least one of these, are an entry whose every number is an
            identifier (``register_pages`` and
            a word for "number" may stand among them: "Tomo: 147        Folio: 283", "Livro: C-17     Folhas: 142
            v.º", "N° 2.184, folio 412"; stop 65).
        register_pages: regular expressions of the weaker words of such an entry ("página", "sección", "Seite"):
            part of an entry, never one alone.
        id_keywords: regular expressions of the words that name an identifier ("MRN", "Kundennummer"): the
            ``id_number`` recognizer (:mod:`app.detection.identifiers`) needs at least one.
        field_labels: names of form fields and identifier types ("DNI", "PLZ"): never an entity themselves.
        field_label_suffixes: endings of compounds that name a form field's number ("-nr", "-nummer":
            "Betriebsstättennr", "Versichertennummer"), in lower case: a single word of more letters that ends in
            one is a field's name too, never an entity.
        clinical_terms: abbreviations and terms of clinical text that name no one (tests, scans, laboratory values,
            drugs without an INN stem, specialities and departments: "TAC", "Hb", "Troponin", "Urología"; as written,
            those of five letters or more in any case): an entity made only of them and function words is no entity
            (:mod:`app.detection.clinical`).
        national_ids: ``(python-stdnum module, candidate regular expression)`` of the national identifiers (or a
            module of ours with the same ``is_valid``, for an identifier or a printed form python-stdnum lacks:
            :mod:`app.detection.gb_nino`, :mod:`app.detection.es_printed_id`).
        phone_regions: ISO 3166 regions of phone numbers written without ``+`` country code.
        phone_regions_dialled: more regions, tried only for a number written as one dials it, with its trunk prefix
            ("098 115 603" of Uruguay, "(01) 467-2290" of Peru), or in a national number's groups, each candidate
            parsed alone: no pass of libphonenumber's matcher over the whole text, as a region of ``phone_regions``
            costs (stop 67).
        phone_keywords: regular expressions of the words right before a phone number ("tel.", "call me on",
            "Handy", "móvil"): after one, a number of a possible length is a phone number even where
            libphonenumber does not know it as assigned (:class:`app.detection.patterns.PhoneRecognizer`).
        job_title_heads: regular expressions of the last words of job titles as signatures and letters write them
            ("Officer", "Manager", "Coordinador", "Analista"): after common words, a job title, not a name
            (:meth:`app.detection.pipeline.Detector._job_title`).
        secret_keywords: regular expressions of the words that name a password, a PIN, an API key or a token
            ("password", "Kennwort", "contraseña", "senha"): the value after one is a secret
            (:mod:`app.detection.secrets`); each starts with a letter (the scan tries only positions where one of
            their first letters stands).
        extension_keywords: regular expressions of the words before a telephone extension ("ext.", "Durchwahl",
            "ramal"): with its digits, a phone number's part (:class:`app.detection.patterns.PhoneRecognizer`).
        postal_codes: regular expressions of postal codes (:data:`CITY_AFTER` for formats that need the city).
        street_addresses: how streets and house numbers are written (:class:`StreetAddresses`), or ``None``.
        stop_words: capitalised function words that never start a name found by a rule ("The", "Der").
        legal_forms: legal forms that end company names, as written ("Ltd.", "GmbH", "S.A.", "Lda.").
        company_nouns: nouns that end company names without being legal forms ("Corporation", "Group"): the
            ``org_suffix`` detection rule takes them as legal forms, the knowledge base as organisation types.
        place_connectors: lower-case words inside multi-word place names ("upon", "am", "de"): the gazetteer
            matches a name only when its other words are capitalised.
        organization_heads: head nouns of organization names ("University", "Sparkasse", "Tribunal").
        organization_connectors: words between an organization head and a place ("University *of the*").
        institution_heads: heads of health-care institutions as token sequences ("Complejo", "Hospitalario"):
            the name after one is the institution's (detection rule ``institution``).
        institution_tails: words that end the name of a school, a nursery, a surgery or a care home, as token
            sequences ("Primary", "School"): the capitalised words before one are the institution's name ("Greenfield
            Primary School"; detection rule ``institution``); a child's school is as telling as an address.
        institution_words: lower-case words inside an institution's name besides :attr:`name_particles` (or two
            words one space apart: Spanish "en lo").
        institution_stops: words that end an institution's name (street types on a letterhead: "Avda.").
        conjunctions: words joining two names ("and", "und", "y", "&"): the ``conjunction`` detection rule.
        case_markers: the tokens that join the parties of a case citation ("v.", "vs.", German "./.", one token
            of :func:`app.tokenization.tokenize`): the ``case_name`` detection rule.
        opener_case_markers: words that join the parties of a case only right after a citation opener (German
            "in der Sache Herrmann gegen Deutschland"; "gegen" alone is an everyday preposition).
        citation_openers: capitalised words that open a citation before the first party ("See", "Urteil",
            "Asunto", "Sache"): the ``case_name`` rule leaves them out of the party's name.
        head_final: noun phrases are head-final (English, German) rather than head-initial (Spanish,
            Portuguese); the organisation head and the coreference head word are searched from that end.
        name_openers: lower-case words that open place and organization names without being their head ("são",
            "nueva"): such a name has no short form (head-initial languages).
        region_codes: the codes of a country's states written after a town and a slash ("Londrina/PR", Brazil's
            federal units): the ``region_code`` rule takes them into the town's entity (stop 61).
        spaced_region_codes: the codes of a country's states written after a town and a space, ending a line or
            before a comma ("Kirchberg BE", Switzerland's cantons): taken into the town's entity likewise (stop 66).
        compounds: how the language writes compound nouns (:class:`Compounds`, German), or ``None``.
        capitalised_nouns: whether the language capitalises every noun (German): case restoration then takes no
            capitalised word of a sentence in capitals for evidence of a name beside it.
        dictionary: simplemma and wordfreq know the language under :attr:`code` (the proper-noun fallback's
            common words; surrogates that are common words are avoided).
        quasi_identifiers: the strict profile's lexicons (:class:`QuasiIdentifiers`), or ``None``.
        coreference: the coreference rules' words (:class:`CoreferenceWords`).
        surrogate_legal_forms: legal forms of surrogate company names ("GmbH").
        articles: definite articles, lower case ("the", "die"): ignored before place names.
        genitive_s: names take a genitive "s" without apostrophe (German "Müllers", "Amsterdams").
        ordinal_full_stop: the language writes ordinal numbers with a full stop ("am 5. Mai", "5. Aufl.", "der 3.
            Senat"): after a number of at most three digits, the stop ends no sentence unless a sentence starter
            follows (:func:`app.tokenization.split_sentences` with ``language``).
        statute_abbreviation_endings: how the language's mixed-case abbreviations of statutes and law reports end
            ("G" of "EStG", "GB" of "StGB", "E" of "BVerfGE", "Bl" of "BGBl"): a capitalised word with two capitals
            or more that ends so is no proper-noun candidate (:func:`app.detection.proper_nouns.abbreviation_shaped`).
        court_registers: registers of court files cited without a senate's number ("KZR 25/14", "Vz 1/16"): the
            case-number recognizer takes "register number/year" (:mod:`app.detection.patterns`).
        court_abbreviations: courts whose abbreviations end like a statute's ("BVerwG": Gericht, not Gesetz): they
            stay proper-noun candidates, courts being organizations.
        case_number_formats: regular expressions of the country's case numbers that need no keyword before them,
            their format alone being unmistakable (Brazil's unified process number "0604337-81.2018.6.00.0000",
            Resolução CNJ n.º 65/2008): the case-number recognizer takes every match.
        place_cues: words right before a place name (a locative preposition without article, a court's kind:
            "in Essen", "OLG Hamm") after which the location gazetteer takes a city named like a common noun of a
            language that capitalises its nouns (:func:`app.detection.gazetteers.location_gazetteer`).
        currency_homographs: currency names of :mod:`app.detection.patterns` that are common words of the language
            (Portuguese "lei", the law, is also the Romanian currency): after a number they name no currency here
            ("art. 28 lei").
        possessive_apostrophe_s: a possessive written with an apostrophe alone takes "'s" after a surrogate that
            does not end in a sibilant (English "James'" → "John's").
        continent_names: continent code (GeoNames: ``AF AS EU NA OC SA AN``) → name.
        continent_adjectives: continent code → adjective ("European"): generalizations then say "a European
            city" rather than "a city in Europe".
        country_names: ISO 3166 code → the everyday name where pycountry's catalogue only has the formal one.
        country_aliases: everyday country names (lower case) → ISO 3166 code ("usa", "eeuu").
        organization_nouns: organization type (:data:`ORGANIZATION_TYPES`) → ``(noun, gender)``: the head nouns of
            organization names and the nouns of their generalizations ("the university").
        organization_synonyms: other head nouns (lower case) → organization type ("sparkasse" → "bank").
        headword_before: words before which the headword of an organization name stands ("*University* of").
        mask_connectors: lower-case words of place names that the ``kmask`` method never masks ("of", "de").
        grammar: how phrases are written (:class:`app.languages.grammar.Grammar`): nouns, articles, agreement.
        label_names: standard label → its names in this language as written, the everyday one first ("Persona",
            "Nombre"): placeholders a translator translated are still re-identified.
        table_headers: standard label → the headers of a table's columns whose cells are entities of that label, in
            lower case ("PERSON": "name", "vorname"; "PHONE": "telefon"), and under ``"O"`` the headers of other
            columns ("role", "alter"), which make a row a header row too (:mod:`app.detection.tables`).
    """

    code: str
    name: str
    faker_locales: tuple[str, ...]
    surrogate_countries: tuple[str, ...]
    first_name_locales: tuple[str, ...]
    titles: frozenset[str]
    honorifics: frozenset[str] = frozenset()
    greetings: frozenset[str] = frozenset()
    informal_words: frozenset[str] = frozenset()
    nicknames: frozenset[str] = frozenset()
    vocatives: frozenset[str] = frozenset()
    party_roles: frozenset[str] = frozenset()
    birth_names: tuple[str, ...] = ()
    enclitics: tuple[str, ...] = ()
    title_genders: dict[str, str | None]
    academic_degrees: frozenset[str] = frozenset()
    office_modifiers: frozenset[str] = frozenset()
    name_particles: frozenset[str] = frozenset()
    title_initials: frozenset[str] = frozenset()
    particles_not_first: frozenset[str] = frozenset()
    name_fields: frozenset[str] = frozenset()
    organization_fields: frozenset[str] = frozenset()
    place_fields: frozenset[str] = frozenset()
    public_body_words: frozenset[str] = frozenset()
    public_body_endings: tuple[str, ...] = ()
    document_title_words: frozenset[str] = frozenset()
    abbreviations: frozenset[str] = frozenset()
    closing_abbreviations: frozenset[str] = frozenset()
    sentence_starters: frozenset[str] = frozenset()
    months: tuple[str, ...]
    weekdays: tuple[str, ...]
    month_variants: dict[str, int] = field(default_factory=dict)
    weekday_variants: tuple[str, ...] = ()
    weekday_abbreviations: tuple[str, ...] = ()
    month_abbreviations: dict[str, int] = field(default_factory=dict)
    date_of: str = r"\s+"
    month_first: bool = False
    date_words: frozenset[str] = frozenset()
    day_words: tuple[str, ...] = ()
    spelled_date: str = ""
    year_words: tuple[str, ...] = ()
    date_cues: tuple[str, ...] = ()
    licence_plates: tuple[str, ...] = ()
    payment_cues: tuple[str, ...] = ()
    payment_codes: tuple[str, ...] = ()
    payment_references: tuple[str, ...] = ()
    id_keywords: tuple[str, ...] = ()
    register_entries: tuple[str, ...] = ()
    register_words: tuple[str, ...] = ()
    register_pages: tuple[str, ...] = ()
    field_labels: frozenset[str] = frozenset()
    field_label_suffixes: tuple[str, ...] = ()
    clinical_terms: frozenset[str] = frozenset()
    national_ids: tuple[tuple[str, str], ...] = ()
    phone_regions: tuple[str, ...] = ()
    phone_regions_dialled: tuple[str, ...] = ()
    phone_keywords: tuple[str, ...] = ()
    extension_keywords: tuple[str, ...] = ()
    secret_keywords: tuple[str, ...] = ()
    job_title_heads: tuple[str, ...] = ()
    postal_codes: tuple[str, ...] = ()
    street_addresses: StreetAddresses | None = None
    stop_words: frozenset[str]
    legal_forms: frozenset[str]
    company_nouns: frozenset[str] = frozenset()
    place_connectors: frozenset[str] = frozenset()
    organization_heads: frozenset[str]
    organization_connectors: frozenset[str] = frozenset()
    institution_heads: tuple[tuple[str, ...], ...] = ()
    institution_tails: tuple[tuple[str, ...], ...] = ()
    institution_words: frozenset[str] = frozenset()
    institution_stops: frozenset[str] = frozenset()
    conjunctions: frozenset[str] = frozenset()
    case_markers: frozenset[str] = frozenset()
    opener_case_markers: frozenset[str] = frozenset()
    citation_openers: frozenset[str] = frozenset()
    head_final: bool
    name_openers: frozenset[str] = frozenset()
    region_codes: frozenset[str] = frozenset()
    spaced_region_codes: frozenset[str] = frozenset()
    compounds: Compounds | None = None
    capitalised_nouns: bool = False
    dictionary: bool = False
    quasi_identifiers: QuasiIdentifiers | None = None
    coreference: CoreferenceWords = CoreferenceWords()
    surrogate_legal_forms: tuple[str, ...] = ()
    articles: frozenset[str] = frozenset()
    genitive_s: bool = False
    statute_abbreviation_endings: tuple[str, ...] = ()
    court_abbreviations: frozenset[str] = frozenset()
    court_registers: frozenset[str] = frozenset()
    case_number_formats: tuple[str, ...] = ()
    currency_homographs: frozenset[str] = frozenset()
    place_cues: frozenset[str] = frozenset()
    ordinal_full_stop: bool = False
    possessive_apostrophe_s: bool = False
    continent_names: dict[str, str] = field(default_factory=dict)
    continent_adjectives: dict[str, str] = field(default_factory=dict)
    country_names: dict[str, str] = field(default_factory=dict)
    country_aliases: dict[str, str] = field(default_factory=dict)
    organization_nouns: dict[str, tuple[str, str]] = field(default_factory=dict)
    organization_synonyms: dict[str, str] = field(default_factory=dict)
    headword_before: frozenset[str] = frozenset()
    mask_connectors: frozenset[str] = frozenset()
    grammar: Grammar = Grammar()
    label_names: dict[str, tuple[str, ...]] = field(default_factory=dict)
    table_headers: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if len(self.months) != 12 or len(self.weekdays) != 7:
            raise ValueError(f"language {self.code!r}: 12 months and 7 weekdays expected")
        if not self.faker_locales:
            raise ValueError(f"language {self.code!r}: at least one Faker locale expected")
        if not self.honorifics <= self.titles:
            raise ValueError(f"language {self.code!r}: honorifics must be titles "
                             f"({', '.join(sorted(self.honorifics - self.titles))})")
        unknown = set(self.organization_nouns) - set(ORGANIZATION_TYPES)
        if unknown:
            raise ValueError(f"language {self.code!r}: unknown organization types {', '.join(sorted(unknown))}")


class UnknownLanguage(UnknownComponent):
    """No :class:`Language` is registered under this code (a ``KeyError`` and a ``ValueError``)."""


_REGISTRY: dict[str, Language] = {}


def register(language: Language) -> Language:
    """Declare ``language`` (its module calls this at import); a second declaration of a code replaces the first.

    Returns:
        ``language``.
    """
    _REGISTRY[language.code] = language
    return language


def get(code: str) -> Language:
    """The :class:`Language` of ``code``.

    Raises:
        UnknownLanguage: no module declared ``code``.
    """
    try:
        return _REGISTRY[code]
    except KeyError:
        raise UnknownLanguage(f"unknown language {code[:16]!r} (declared: {', '.join(_REGISTRY)})") from None


def find(code: str) -> Language | None:
    """The :class:`Language` of ``code``, or ``None`` when no module declared it."""
    return _REGISTRY.get(code)


def supported() -> tuple[str, ...]:
    """Codes of every declared language: the built-in ones first, then the others in declaration order."""
    return tuple(_REGISTRY)


def all_languages() -> tuple[Language, ...]:
    """Every declared :class:`Language`, in :func:`supported` order."""
    return tuple(_REGISTRY.values())


def union(attribute: str, transform: Callable[[str], str] = str) -> frozenset[str]:
    """The words of ``attribute`` (a word list or mapping of :class:`Language`) over every declared language,
    each passed through ``transform`` (e.g. ``str.capitalize``)."""
    return frozenset(transform(w) for lang in _REGISTRY.values() for w in getattr(lang, attribute))


def per_language(attribute: str) -> dict[str, object]:
    """``{code: getattr(language, attribute)}`` over every declared language."""
    return {code: getattr(lang, attribute) for code, lang in _REGISTRY.items()}


def import_modules(names: Iterable[str]) -> None:
    """Import language modules by dotted name (each registers its :class:`Language`).

    Raises:
        ModuleNotFoundError: a module does not exist.
    """
    for name in names:
        importlib.import_module(name)


import_modules(f"{__name__}.{code}" for code in BUILT_IN)
