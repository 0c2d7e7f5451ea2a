"""Names of the placeholder labels in other languages: what a translator or a machine translation
system writes when it translates the label of ``[PERSON_1]`` (issue 16, item 3).

One table per language from the everyday word for each concept (dictionary translations of "person",
"organisation", "place", "date", ...), plus the forms that Apertium 3 (Forcada et al. 2011,
"Apertium: a free/open-source platform for rule-based machine translation") was measured to write for
our labels (``[DATE_1]`` → ``[CITA_1]``, ``[ADDRESS_1]`` → ``[ALOCUCIÓN_1]``, ``[ID_NUMBER_1]`` →
``[VÃO_NÚMERO_1]``; see ``docs/reidentification.md``):

* the languages the worker supports name their labels in their own module
  (:attr:`app.languages.Language.label_names`; a language declared only there is read too);
* :data:`TRANSLATOR_LANGUAGES` is the translators' vocabulary: the label names of the languages a document may be
  translated *into* without being a supported source language — the other official languages of the European
  Union plus Russian, Japanese, Chinese and Arabic. A language that gets a module moves its entry there.

:data:`LABEL_NAMES` maps each **folded** name (upper case, accents removed, spaces and hyphens as
``_``: :func:`fold_label`) to the standard label. A folded name that two languages give to different
labels is ambiguous and left out (never guess): :data:`AMBIGUOUS` lists them.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from app.detection import labels as L

#: Translators' vocabulary: language without a module → standard label → names (as written; folded when the table
#: is built), the everyday name first.
TRANSLATOR_LANGUAGES: dict[str, dict[str, tuple[str, ...]]] = {
    "fr": {L.PERSON: ("Personne", "Nom"), L.ORGANIZATION: ("Organisation",), L.LOCATION: ("Lieu", "Localisation", "Endroit"),
           L.MISC: ("Divers",), L.DATE: ("Date",), L.TIME: ("Heure",), L.EMAIL: ("Courriel",),
           L.PHONE: ("Téléphone",), L.MONEY: ("Argent", "Montant"), L.NUMBER: ("Numéro",),
           L.POSTAL_CODE: ("Code postal",), L.PROPER_NOUN: ("Nom propre",),
           L.DEMOGRAPHIC: ("Démographie", "Démographique"), L.OCCUPATION: ("Profession",), L.HEALTH: ("Santé",),
           L.QUANTITY: ("Quantité",)},
    "it": {L.PERSON: ("Persona", "Persone", "Nome"), L.ORGANIZATION: ("Organizzazione",), L.LOCATION: ("Luogo", "Località", "Posizione"),
           L.MISC: ("Varie", "Vari"), L.DATE: ("Data",), L.TIME: ("Ora", "Orario"), L.EMAIL: ("Posta elettronica",),
           L.PHONE: ("Telefono",), L.MONEY: ("Denaro", "Importo"), L.NUMBER: ("Numero",),
           L.POSTAL_CODE: ("Codice postale", "CAP"), L.PROPER_NOUN: ("Nome proprio",), L.CODE: ("Codice",)},
    "nl": {L.PERSON: ("Persoon", "Naam"), L.ORGANIZATION: ("Organisatie",), L.LOCATION: ("Plaats", "Locatie"),
           L.MISC: ("Diversen",), L.DATE: ("Datum",), L.TIME: ("Tijd",), L.PHONE: ("Telefoon",),
           L.MONEY: ("Geld", "Bedrag"), L.NUMBER: ("Nummer",), L.POSTAL_CODE: ("Postcode",)},
    "da": {L.PERSON: ("Person", "Navn", "Personer"), L.ORGANIZATION: ("Organisation",), L.LOCATION: ("Sted", "Placering"),
           L.MISC: ("Diverse",), L.DATE: ("Dato",), L.TIME: ("Tid", "Klokkeslæt"), L.PHONE: ("Telefon",),
           L.MONEY: ("Penge", "Beløb"), L.NUMBER: ("Nummer",)},
    "sv": {L.PERSON: ("Person", "Namn"), L.ORGANIZATION: ("Organisation",), L.LOCATION: ("Plats",),
           L.MISC: ("Diverse", "Övrigt"), L.DATE: ("Datum",), L.TIME: ("Tid",), L.PHONE: ("Telefon",),
           L.MONEY: ("Pengar", "Belopp"), L.NUMBER: ("Nummer",)},
    "fi": {L.PERSON: ("Henkilö", "Nimi"), L.ORGANIZATION: ("Organisaatio",), L.LOCATION: ("Paikka", "Sijainti"),
           L.MISC: ("Sekalainen", "Muut"), L.DATE: ("Päivämäärä",), L.TIME: ("Aika",), L.PHONE: ("Puhelin",),
           L.EMAIL: ("Sähköposti",), L.MONEY: ("Raha", "Summa"), L.NUMBER: ("Numero",)},
    "et": {L.PERSON: ("Isik", "Nimi"), L.ORGANIZATION: ("Organisatsioon",), L.LOCATION: ("Koht", "Asukoht"),
           L.MISC: ("Muu",), L.DATE: ("Kuupäev",), L.TIME: ("Aeg", "Kellaaeg"), L.PHONE: ("Telefon",),
           L.EMAIL: ("E-post",), L.MONEY: ("Raha",), L.NUMBER: ("Number",)},
    "lv": {L.PERSON: ("Persona", "Vārds"), L.ORGANIZATION: ("Organizācija",), L.LOCATION: ("Vieta", "Atrašanās vieta"),
           L.MISC: ("Dažādi",), L.DATE: ("Datums",), L.TIME: ("Laiks",), L.PHONE: ("Tālrunis",),
           L.EMAIL: ("E-pasts",), L.MONEY: ("Nauda",), L.NUMBER: ("Numurs",)},
    "lt": {L.PERSON: ("Asmuo", "Vardas"), L.ORGANIZATION: ("Organizacija",), L.LOCATION: ("Vieta", "Vietovė"),
           L.MISC: ("Įvairūs", "Kita"), L.DATE: ("Data",), L.TIME: ("Laikas",), L.PHONE: ("Telefonas",),
           L.EMAIL: ("El. paštas",), L.MONEY: ("Pinigai", "Suma"), L.NUMBER: ("Numeris",)},
    "pl": {L.PERSON: ("Osoba", "Nazwisko"), L.ORGANIZATION: ("Organizacja",), L.LOCATION: ("Miejsce", "Lokalizacja"),
           L.MISC: ("Różne", "Inne"), L.DATE: ("Data",), L.TIME: ("Czas", "Godzina"), L.PHONE: ("Telefon",),
           L.EMAIL: ("E-mail",), L.MONEY: ("Pieniądze", "Kwota"), L.NUMBER: ("Numer", "Liczba"),
           L.POSTAL_CODE: ("Kod pocztowy",)},
    "cs": {L.PERSON: ("Osoba", "Jméno"), L.ORGANIZATION: ("Organizace",), L.LOCATION: ("Místo", "Umístění"),
           L.MISC: ("Různé", "Ostatní"), L.DATE: ("Datum",), L.TIME: ("Čas",), L.PHONE: ("Telefon",),
           L.MONEY: ("Peníze", "Částka"), L.NUMBER: ("Číslo",)},
    "sk": {L.PERSON: ("Osoba", "Meno"), L.ORGANIZATION: ("Organizácia",), L.LOCATION: ("Miesto", "Umiestnenie"),
           L.MISC: ("Rôzne", "Ostatné"), L.DATE: ("Dátum",), L.TIME: ("Čas",), L.PHONE: ("Telefón",),
           L.MONEY: ("Peniaze", "Suma"), L.NUMBER: ("Číslo",)},
    "sl": {L.PERSON: ("Oseba", "Ime"), L.ORGANIZATION: ("Organizacija",), L.LOCATION: ("Kraj", "Lokacija", "Mesto"),
           L.MISC: ("Razno",), L.DATE: ("Datum",), L.TIME: ("Čas",), L.PHONE: ("Telefon",),
           L.MONEY: ("Denar", "Znesek"), L.NUMBER: ("Številka",)},
    "hr": {L.PERSON: ("Osoba", "Ime"), L.ORGANIZATION: ("Organizacija",), L.LOCATION: ("Mjesto", "Lokacija"),
           L.MISC: ("Razno",), L.DATE: ("Datum",), L.TIME: ("Vrijeme",), L.PHONE: ("Telefon",),
           L.MONEY: ("Novac", "Iznos"), L.NUMBER: ("Broj",)},
    "hu": {L.PERSON: ("Személy", "Név"), L.ORGANIZATION: ("Szervezet",), L.LOCATION: ("Hely", "Helyszín"),
           L.MISC: ("Egyéb", "Vegyes"), L.DATE: ("Dátum",), L.TIME: ("Idő",), L.PHONE: ("Telefon",),
           L.MONEY: ("Pénz", "Összeg"), L.NUMBER: ("Szám",)},
    "ro": {L.PERSON: ("Persoană", "Nume"), L.ORGANIZATION: ("Organizație", "Organizaţie"), L.LOCATION: ("Loc", "Locație", "Localitate"),
           L.MISC: ("Diverse",), L.DATE: ("Dată",), L.TIME: ("Oră",), L.PHONE: ("Telefon",),
           L.MONEY: ("Bani", "Sumă"), L.NUMBER: ("Număr",)},
    "bg": {L.PERSON: ("Лице", "Име", "Човек"), L.ORGANIZATION: ("Организация",), L.LOCATION: ("Място", "Местоположение"),
           L.MISC: ("Разни", "Други"), L.DATE: ("Дата",), L.TIME: ("Час",), L.PHONE: ("Телефон",),
           L.MONEY: ("Пари", "Сума"), L.NUMBER: ("Номер", "Число")},
    "el": {L.PERSON: ("Πρόσωπο", "Άτομο", "Όνομα"), L.ORGANIZATION: ("Οργανισμός",), L.LOCATION: ("Τοποθεσία", "Τόπος"),
           L.MISC: ("Διάφορα",), L.DATE: ("Ημερομηνία",), L.TIME: ("Ώρα",), L.PHONE: ("Τηλέφωνο",),
           L.MONEY: ("Χρήματα", "Ποσό"), L.NUMBER: ("Αριθμός",)},
    "ga": {L.PERSON: ("Duine", "Ainm"), L.ORGANIZATION: ("Eagraíocht",), L.LOCATION: ("Áit", "Suíomh"),
           L.MISC: ("Ilghnéitheach",), L.DATE: ("Dáta",), L.TIME: ("Am",), L.PHONE: ("Fón", "Teileafón"),
           L.MONEY: ("Airgead", "Suim"), L.NUMBER: ("Uimhir",)},
    "mt": {L.PERSON: ("Persuna", "Isem"), L.ORGANIZATION: ("Organizzazzjoni",), L.LOCATION: ("Post", "Lok"),
           L.MISC: ("Diversi",), L.DATE: ("Data",), L.TIME: ("Ħin",), L.PHONE: ("Telefon",),
           L.MONEY: ("Flus", "Ammont"), L.NUMBER: ("Numru",)},
    "ru": {L.PERSON: ("Лицо", "Персона", "Человек", "Имя"), L.ORGANIZATION: ("Организация",),
           L.LOCATION: ("Место", "Местоположение", "Локация"), L.MISC: ("Разное", "Прочее"), L.DATE: ("Дата",),
           L.TIME: ("Время",), L.EMAIL: ("Электронная почта",), L.PHONE: ("Телефон",), L.MONEY: ("Деньги", "Сумма"),
           L.NUMBER: ("Номер", "Число")},
    "ja": {L.PERSON: ("人物", "人名", "人", "氏名", "名前"), L.ORGANIZATION: ("組織", "団体"), L.LOCATION: ("場所", "地名", "位置"),
           L.MISC: ("その他",), L.DATE: ("日付",), L.TIME: ("時刻", "時間"), L.EMAIL: ("メール", "電子メール"),
           L.PHONE: ("電話", "電話番号"), L.MONEY: ("金額",), L.NUMBER: ("番号", "数"), L.URL: ("ウェブアドレス",)},
    "zh": {L.PERSON: ("人物", "人名", "人", "姓名"), L.ORGANIZATION: ("组织", "組織", "机构", "機構"),
           L.LOCATION: ("地点", "地點", "位置", "地名"), L.MISC: ("其他", "杂项", "雜項"), L.DATE: ("日期",),
           L.TIME: ("时间", "時間"), L.EMAIL: ("电子邮件", "電子郵件", "邮箱"), L.PHONE: ("电话", "電話"),
           L.MONEY: ("金额", "金額"), L.NUMBER: ("号码", "號碼", "编号", "數字")},
    "ar": {L.PERSON: ("شخص", "اسم"), L.ORGANIZATION: ("منظمة", "مؤسسة"), L.LOCATION: ("مكان", "موقع"),
           L.MISC: ("متفرقات", "أخرى"), L.DATE: ("تاريخ",), L.TIME: ("وقت",), L.EMAIL: ("بريد إلكتروني",),
           L.PHONE: ("هاتف",), L.MONEY: ("مال", "مبلغ"), L.NUMBER: ("رقم",)},
}


@lru_cache(maxsize=4096)
def fold_label(label: str) -> str:
    """``"Organización"`` → ``"ORGANIZACION"``; ``"E-mail"`` → ``"E_MAIL"`` (NFKD, accents removed, upper
    case, spaces, hyphens and dots as ``_``)."""
    decomposed = unicodedata.normalize("NFKD", label)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c)).upper()
    return "_".join(part for part in bare.replace("-", " ").replace(".", " ").replace("_", " ").split())


def names_by_language() -> dict[str, dict[str, tuple[str, ...]]]:
    """language → standard label → names: every declared language's :attr:`app.languages.Language.label_names`,
    then :data:`TRANSLATOR_LANGUAGES` for the others."""
    from app import languages

    table = {lang.code: lang.label_names for lang in languages.all_languages()}
    return {**table, **{code: names for code, names in TRANSLATOR_LANGUAGES.items() if code not in table}}


def _names() -> list[tuple[str, str]]:
    """``(name, standard label)`` pairs of :func:`names_by_language`."""
    return [(name, label) for by_label in names_by_language().values() for label, names in by_label.items()
            for name in names]


def _build() -> tuple[dict[str, str], frozenset[str]]:
    table: dict[str, str] = {}
    ambiguous: set[str] = set()
    for name, label in _names():
        folded = fold_label(name)
        if table.get(folded, label) != label:
            ambiguous.add(folded)
        table[folded] = label
    for folded in ambiguous:
        del table[folded]
    return table, frozenset(ambiguous)


LABEL_NAMES, AMBIGUOUS = _build()
#: :func:`names_by_language` when the table was built.
NAMES_BY_LANGUAGE: dict[str, dict[str, tuple[str, ...]]] = names_by_language()
