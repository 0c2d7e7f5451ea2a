"""German."""

from app.languages import Language, register

LANGUAGE = register(Language(
    code="de",
    name="German",
    faker_locales=("de_DE", "de_AT", "de_CH"),
    surrogate_countries=("DE", "AT", "CH"),
    first_name_locales=("de_DE", "de_AT"),
    titles=frozenset("""Herr Herrn Frau Dr. Prof. Fräulein Minister Ministerin Bundeskanzler Bundeskanzlerin Präsident
        Präsidentin Richter Richterin Bürgermeister Bürgermeisterin""".split()),
    title_genders={
        "herr": "male", "hr": "male", "frau": "female", "fr": "female", "fräulein": "female",
        "ing": None, "dipl": None, "dipl.-ing": None, "univ.prof": None,
    },
    months=("Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November",
            "Dezember"),
    month_variants={"Jänner": 1},
    month_abbreviations={"jan": 1, "feb": 2, "mär": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9,
                         "okt": 10, "nov": 11, "dez": 12},
    weekdays=("Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"),
    weekday_variants=("Sonnabend",),
    stop_words=frozenset("Der Die Das Ein Eine Er Sie Es Wir Ich Und Im Am Zum Zur Mit Von Herr Frau".split()),
    legal_forms=frozenset("GmbH AG KG KGaA OHG e.V. eG SE".split()),
    conjunctions=frozenset({"und", "&", "oder", "sowie"}),
    organization_connectors=frozenset({"zu"}),
    organization_heads=frozenset("""Universität Hochschule Sparkasse Volksbank Raiffeisenbank Bank Stadtwerke Landgericht
        Amtsgericht Oberlandesgericht Verwaltungsgericht Sozialgericht Arbeitsgericht Landratsamt Stadtrat Gemeinderat
        Polizei Klinikum Krankenhaus Stadtverwaltung Tageblatt Zeitung Rundschau Anzeiger Kurier Verein Verband
        Stiftung Genossenschaft Museum Theater Gymnasium Landtag Senat Magistrat Handelskammer Bistum
        Erzbistum""".split()),
    id_keywords=(
        r"Patienten-?(?:ID|nummer|nr\.)", r"Fall-?(?:nummer|nr\.)", r"Krankenversichertennummer", r"KVNR",
        r"(?:Versicherten|Versicherungs|Kunden|Mitglieds|Konto|Vertrags|Rechnungs|Personal|Ausweis|Reisepass|Pass|"
        r"Matrikel|Sozialversicherungs|Rentenversicherungs|Auftrags|Bestell|Führerschein|Akten|Vorgangs)-?"
        r"(?:nummer|nr\.)", r"Kd\.-?Nr\.", r"Kennnummer", r"Kennung", r"(?:amtliches\s+|Kfz-)?Kennzeichen", r"ID",
    ),
    head_final=True,
    label_translations={
        "PERSONEN": "PERSON", "ORGANISATION": "ORGANIZATION", "ORT": "LOCATION", "STANDORT": "LOCATION",
        "DATUM": "DATE", "ZEIT": "TIME", "UHRZEIT": "TIME", "TELEFON": "PHONE", "VERSCHIEDENES": "MISC",
        "SONSTIGES": "MISC", "BETRAG": "MONEY", "GELD": "MONEY", "KENNNUMMER": "ID_NUMBER", "ID_NUMMER": "ID_NUMBER",
        "EIGENNAME": "PROPER_NOUN",
    },
))
