"""German."""

from __future__ import annotations

from dataclasses import dataclass, field

from app.detection import labels as L
from app.languages import (
    CITY_AFTER, Compounds, CoreferenceWords, Language, QuasiIdentifiers, StreetAddresses, register,
)
from app.languages.grammar import Agreement, Grammar, join

#: Prepositions (and their contractions with the article) → the case they govern.
_CASES: dict[str, str] = {
    **dict.fromkeys("aus bei mit nach seit von zu gegenüber ab außer in an auf über unter vor hinter neben zwischen "
                    "entgegen".split(), "dat"),
    **dict.fromkeys("durch für gegen ohne um bis wider".split(), "acc"),
    **dict.fromkeys("wegen während trotz statt anstatt innerhalb außerhalb laut".split(), "gen"),
    **dict.fromkeys("im am zum zur vom beim".split(), "dat"),
    **dict.fromkeys("ins ans aufs".split(), "acc"),
}
#: The contractions of a preposition and an article ("im" = "in dem"): determiners too.
_CONTRACTED = frozenset("im am zum zur vom beim ins ans aufs".split())


def _dative_words(name: str) -> str:
    """Weak adjective/plural dative endings: "Vereinigte Arabische Emirate" → "Vereinigten Arabischen Emiraten"."""
    out = []
    for word in name.split():
        if word.endswith("es") and word[:1].isupper() and word.lower().endswith("tes"):
            word = word[:-2] + "en"  # Vereinigtes → Vereinigten
        elif word.endswith("e"):
            word = word + "n"
        out.append(word)
    return " ".join(out)


@dataclass(frozen=True)
class GermanGrammar(Grammar):
    """German phrases: four cases (the preposition before the mention governs it: "in einer Stadt", "durch eine
    Stadt", "wegen einer Stadt"; a genitive mention "Amsterdams" gives "einer Stadt"), genitive "-s"/"-es" of
    masculine and neuter nouns, dative plural "-n"; country names with an article by gender ("die Schweiz", "der
    Irak", "das Vereinigte Königreich", "die Niederlande").

    Attributes:
        articles: ``(definite, case)`` → gender → article.
        cases: preposition (or contraction "im") → ``"dat"``, ``"acc"`` or ``"gen"``.
        feminine, masculine, neuter: country names with a feminine, masculine, neuter article (besides the
            feminine names ending in "-ei" or with "Republik").
        plural_endings: endings of plural country names ("-inseln", "-staaten").
    """

    articles: dict[tuple[bool, str], dict[str, str]] = field(default_factory=dict)
    cases: dict[str, str] = field(default_factory=dict)
    feminine: frozenset[str] = frozenset()
    masculine: frozenset[str] = frozenset()
    neuter: frozenset[str] = frozenset()
    plural_endings: tuple[str, ...] = ()

    def inflect(self, noun: str, gender: str, *, rest: str, adjective: str, definite: bool, previous: str,
                drop_article: bool, genitive: bool) -> str:
        case = "gen" if genitive else self.cases.get(previous, "nom")
        if case == "gen" and gender in ("m", "n"):
            noun = noun + ("es" if noun.endswith(("s", "ß", "x", "z")) else "s")
        elif case == "dat" and gender == "pl" and not noun.endswith(("n", "s")):
            noun = noun + "n"  # den 2010er-Jahren
        article = "" if drop_article else self.articles[(definite, case)][gender]
        return join(article, noun, rest)

    def place_agreement(self, name: str) -> Agreement:
        if name in self.feminine or name.endswith("ei") or "Republik" in name.split():
            return Agreement(True, "f", False)
        if name in self.masculine:
            return Agreement(True, "m", False)
        if name in self.neuter:
            return Agreement(True, "n", False)
        if name.endswith(self.plural_endings) or name == "Bahamas":
            return Agreement(True, "f", True)
        return Agreement(False, "n", False)

    def located_in(self, name: str) -> str:
        agreement = self.place_agreement(name)
        if not agreement.article:
            return f"in {name}"
        if agreement.plural:
            return f"in den {_dative_words(name)}"
        words = name.split()
        if agreement.gender == "f":
            return "in der " + " ".join(w + "n" if w.endswith("e") and i < len(words) - 1 else w
                                        for i, w in enumerate(words))
        return "im " + " ".join(w[:-2] + "en" if w.endswith("es") and i < len(words) - 1 else w
                                for i, w in enumerate(words))


LANGUAGE = register(Language(
    code="de",
    name="German",
    faker_locales=("de_DE", "de_AT", "de_CH"),
    surrogate_countries=("DE", "AT", "CH"),
    first_name_locales=("de_DE", "de_AT"),
    titles=frozenset("""Herr Herrn Frau Dr. Prof. Fräulein Minister Ministerin Bundeskanzler Bundeskanzlerin Präsident
        Präsidentin Richter Richterin Bürgermeister Bürgermeisterin""".split()),
    honorifics=frozenset("Herr Herrn Frau Fräulein Dr. Prof.".split()),
    title_genders={
        "herr": "male", "herrn": "male", "hr": "male", "frau": "female", "fr": "female", "fräulein": "female",
        "ing": None, "dipl": None, "dipl.-ing": None, "univ.prof": None,
    },
    academic_degrees=frozenset(
        "med. rer. nat. phil. jur. dent. vet. oec. pol. theol. habil. mult. h.c. Dipl.-Ing. Dipl. Ing.".split()),
    name_particles=frozenset({"von", "der", "den", "zu"}),
    particles_not_first=frozenset({"der", "den"}),
    name_fields=frozenset(w.strip() for w in """name|vorname|nachname|familienname|geburtsname|vor- und nachname|
        patient|patientin|kläger|klägerin|beklagter|beklagte|antragsteller|antragstellerin|versicherter|versicherte|
        mitarbeiter|mitarbeiterin|zeuge|zeugin|ansprechpartner|ansprechpartnerin|behandelnder arzt|
        behandelnde ärztin|arzt|ärztin""".split("|")),
    abbreviations=frozenset("""hr fr frau herr dipl ing bzw ca evtl ggf usw vgl z.b d.h u.a s.o nr med rer nat phil
        jur dent vet oec pol theol habil mult""".split()),
    closing_abbreviations=frozenset("usw".split()),
    sentence_starters=frozenset("Der Die Das Dies Diese Dieser Er Sie Es Wir Ich Sein Seine Ihr Ihre Dann Aber".split()),
    place_connectors=frozenset("am an im in bei ob unter von zu".split()),
    months=("Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November",
            "Dezember"),
    month_variants={"Jänner": 1},
    month_abbreviations={"jan": 1, "feb": 2, "mär": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9,
                         "okt": 10, "nov": 11, "dez": 12},
    weekdays=("Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"),
    weekday_variants=("Sonnabend",),
    date_words=frozenset({"am", "den", "im", "und", "der"}),
    stop_words=frozenset("Der Die Das Ein Eine Er Sie Es Wir Ich Und Im Am Zum Zur Mit Von Herr Frau".split()),
    legal_forms=frozenset("GmbH AG KG KGaA OHG e.V. eG SE".split()),
    conjunctions=frozenset({"und", "&", "oder", "sowie"}),
    organization_connectors=frozenset({"zu"}),
    organization_heads=frozenset("""Universität Hochschule Sparkasse Volksbank Raiffeisenbank Bank Stadtwerke Landgericht
        Amtsgericht Oberlandesgericht Verwaltungsgericht Sozialgericht Arbeitsgericht Landratsamt Stadtrat Gemeinderat
        Polizei Klinikum Krankenhaus Stadtverwaltung Tageblatt Zeitung Rundschau Anzeiger Kurier Verein Verband
        Stiftung Genossenschaft Museum Theater Gymnasium Landtag Senat Magistrat Handelskammer Bistum
        Erzbistum""".split()),
    institution_heads=(("Klinikum",), ("Krankenhaus",), ("Klinik",), ("Kliniken",), ("Spital",), ("Hospital",),
                       ("Praxis",)),
    institution_stops=frozenset({"Straße", "Str."}),
    id_keywords=(
        r"Patienten-?(?:ID|nummer|nr\.)", r"Fall-?(?:nummer|nr\.)", r"Krankenversichertennummer", r"KVNR",
        r"(?:Versicherten|Versicherungs|Kunden|Mitglieds|Konto|Vertrags|Rechnungs|Personal|Ausweis|Reisepass|Pass|"
        r"Matrikel|Sozialversicherungs|Rentenversicherungs|Auftrags|Bestell|Führerschein|Akten|Vorgangs)-?"
        r"(?:nummer|nr\.)", r"Kd\.-?Nr\.", r"Kennnummer", r"Kennung", r"(?:amtliches\s+|Kfz-)?Kennzeichen", r"ID",
    ),
    field_labels=frozenset("KVNR PLZ IdNr USt-IdNr. St.-Nr. StNr".split()),
    national_ids=(
        ("stdnum.de.idnr", r"\b\d{2}[ ]?\d{3}[ ]?\d{3}[ ]?\d{3}\b"),
        ("stdnum.de.vat", r"\bDE[ ]?\d{9}\b"),
        ("stdnum.de.stnr", r"\b\d{2,3}/\d{3}/\d{4,5}\b"),
    ),
    phone_regions=("DE", "AT", "CH"),
    postal_codes=(r"\b(?:D-)?\d{5}" + CITY_AFTER, r"\b(?:A-|CH-)\d{4}" + CITY_AFTER, r"(?<=PLZ\s)\d{5}\b"),
    street_addresses=StreetAddresses(
        order="type_last",
        types="straße|strasse|str\\.|weg|platz|allee|gasse|ring|damm|ufer|chaussee|steig|stieg|pfad|wall|graben",
        separate_types="Straße|Strasse|Str\\.|Weg|Platz|Allee|Gasse|Ring|Damm|Ufer|Chaussee",
        prefixes=("Am", "Im", "Zum", "Zur", "An der", "An den", "Auf der", "Auf dem", "In der", "Unter den",
                  "Hinter der", "Alte", "Alter", "Neue", "Neuer", "Kleine", "Große", "Lange"),
        not_streets=frozenset({"Ring", "Weg", "Platz", "Wall", "Graben", "Damm", "Ufer", "Pfad", "Steig"}),
    ),
    head_final=True,
    compounds=Compounds(
        linking_elements=("ens", "es", "en", "er", "ns", "s", "n", "e"),
        # "-ung(en)" of a verb ("Erarbeitung" → "erarbeiten"), "-ation(en)" of a verb in "-ieren" ("Deportation"
        # → "deportieren"), "-heit"/"-keit" of an adjective ("Offenheit" → "offen")
        derivations=(("ungen", ("en", "n")), ("ung", ("en", "n")), ("ationen", ("ieren",)), ("ation", ("ieren",)),
                     ("heiten", ("",)), ("heit", ("",)), ("keiten", ("",)), ("keit", ("",))),
        # german-nouns (Wiktionary DE, CC BY-SA 4.0): nouns with all their inflected forms
        noun_table=("german-nouns", "german_nouns", "nouns.csv"),
        proper_name_markers=("Toponym", "Vorname", "Nachname", "Eigenname", "Straßenname"),
    ),
    dictionary=True,
    quasi_identifiers=QuasiIdentifiers(
        number_words=(
            "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun", "zehn", "elf", "zwölf", "dreizehn",
            "vierzehn", "fünfzehn", "sechzehn", "siebzehn", "achtzehn", "neunzehn", "zwanzig", "dreißig", "vierzig",
            "fünfzig", "sechzig", "siebzig", "achtzig", "neunzig", "hundert", "tausend", "Dutzend",
        ),
        units=(
            "Jahre?n?s?", "Monate?n?s?", "Wochen?", "Tage?n?s?", "Stunden?", "Minuten?", "Jahrzehnte?n?",
        ),
        age=(
            "Alter von", "im Alter", "-jährige[rnms]?", "jährige[rnms]?", "Jahre alt", "alt",
        ),
        legal_refs=(
            "Art\\.", "Artikel", "Artikels", "§", "§§", "Abs\\.", "Absatz", "Nr\\.", "Satz", "S\\.", "Seite",
            "Ziffer", "Rn\\.", "Randnummer", "Anlage", "Kapitel",
        ),
        demographic=(
            "(?:türkisch|kurdisch|polnisch|deutsch|französisch|spanisch|portugiesisch|italienisch|griechisch|"
            "russisch|ukrainisch|rumänisch|bulgarisch|ungarisch|tschechisch|slowakisch|kroatisch|serbisch|"
            "bosnisch|albanisch|österreichisch|schweizerisch|niederländisch|belgisch|dänisch|schwedisch|"
            "norwegisch|finnisch|isländisch|britisch|amerikanisch|syrisch|irakisch|iranisch|afghanisch|"
            "marokkanisch|chinesisch|vietnamesisch|armenisch|georgisch|tschetschenisch|arabisch|jüdisch|"
            "muslimisch|christlich|katholisch|evangelisch|protestantisch|orthodox|buddhistisch|"
            "alevitisch)(?:e[rnms]?)?(?: Staatsangehörigkeit| Herkunft| Abstammung)?",
            "(?:Türk|Kurd|Pol|Russ|Griech|Ukrain|Rumän|Bulgar|Ungar|Tschech|Serb|Kroat|Bosni|Albani|Syrer|Iraker|"
            "Iraner|Afghan|Marokkan|Araber|Armeni|Georgi)(?:e|in|innen|en|n)?",
            "Staatsangehörige[rn]?", "Ausländer(?:in|innen)?", "Roma", "Sinti", "Juden", "Jude", "Jüdin",
            "Muslim(?:e|in|innen|en)?", "Christ(?:en|in|innen)?", "Katholik(?:en|in)?", "Protestant(?:en|in)?",
            "Buddhist(?:en|in)?", "Alevit(?:en|in)?", "Atheist(?:en|in)?", "männlich", "weiblich", "divers",
            "verheiratet", "geschieden", "ledig", "verwitwet", "alleinerziehend(?:e[rn]?)?",
        ),
        occupation=(
            "(?:Universitäts)?[Pp]rofessor(?:in|innen|en)?", "Lehrer(?:in|innen)?", "Student(?:in|innen|en)?",
            "Schüler(?:in|innen)?", "Rechtsanw[aä]lt(?:in|innen|e)?", "Anw[aä]lt(?:in|innen|e)?",
            "Richter(?:in|innen)?", "Staatsanw[aä]lt(?:in|innen|e)?", "Notar(?:in|innen|e)?",
            "Journalist(?:in|innen|en)?", "Redakteur(?:in|innen|e)?", "Chefredakteur(?:in)?", "Herausgeber(?:in)?",
            "Verleger(?:in)?", "Inhaber(?:in|innen)?", "Eigentümer(?:in|innen)?", "Geschäftsführer(?:in|innen)?",
            "Direktor(?:in|innen|en)?", "Leiter(?:in|innen)?", "Angestellte[rn]?", "Arbeiter(?:in|innen)?",
            "Beamt(?:e|er|in|innen|en)", "Polizist(?:in|innen|en)?", "Polizeibeamt(?:e|er|in|en)",
            "Soldat(?:in|innen|en)?", "Offizier(?:in|e)?", "Arzt", "Ärztin(?:nen)?", "Ärzte", "Chirurg(?:in|en)?",
            "Krankenschwester(?:n)?", "Pfleger(?:in|innen)?", "Apotheker(?:in)?", "Zahnarzt", "Zahnärztin",
            "Psychiater(?:in)?", "Psycholog(?:e|in|en)", "Ingenieur(?:in|innen|e)?", "Architekt(?:in|en)?",
            "Steuerberater(?:in)?", "Landwirt(?:in|e)?", "Bauer", "Bäuerin", "Händler(?:in)?", "Kaufm(?:ann|änner)",
            "Kauffrau", "Fahrer(?:in)?", "Mechaniker(?:in)?", "Elektriker(?:in)?", "Koch", "Köchin", "Kellner(?:in)?",
            "Sekretär(?:in)?", "Pfarrer(?:in)?", "Priester", "Imam", "Bürgermeister(?:in)?", "Minister(?:in)?",
            "Abgeordnete[rn]?", "Senator(?:in)?", "Botschafter(?:in)?", "Präsident(?:in|en)?", "Vorsitzende[rn]?",
            "Unternehmer(?:in)?", "arbeitslos", "Rentner(?:in|innen)?", "Pensionär(?:in)?", "Hausfrau",
            "Künstler(?:in)?", "Musiker(?:in)?", "Schauspieler(?:in)?", "Schriftsteller(?:in)?", "Autor(?:in|en)?",
            "Fotograf(?:in|en)?", "Sozialarbeiter(?:in)?", "Erzieher(?:in)?", "Handwerker(?:in)?",
        ),
        relation=(
            "Mutter", "Mütter", "Vater", "Väter", "Eltern(?:teil)?", "Sohn", "Söhne", "Tochter", "Töchter",
            "Kind(?:er)?", "Bruder", "Brüder", "Schwester(?:n)?", "Geschwister", "Ehefrau", "Ehemann",
            "Ehegatt(?:e|in)", "Ehepartner(?:in)?", "Lebensgefährt(?:e|in)", "Witwe[rn]?", "Großmutter", "Großvater",
            "Großeltern", "Oma", "Opa", "Enkel(?:in|kind|kinder)?", "Onkel", "Tante(?:n)?", "Cousin(?:e|s)?",
            "Neffe(?:n)?", "Nichte(?:n)?", "Schwieger(?:mutter|vater|sohn|tochter|eltern)",
            "Stief(?:mutter|vater|sohn|tochter)", "Verlobte[rn]?", "Angehörige[rn]?", "Verwandte[rn]?", "Familie",
            "Familien", "mütterlicherseits", "väterlicherseits",
        ),
        health=(
            "Diabetes", "Diabetiker(?:in)?", "Krebs(?:erkrankung)?", "Tumor(?:e|en)?", "HIV", "AIDS", "Hepatitis",
            "Tuberkulose", "Asthma", "Epilepsie", "Depression(?:en)?", "depressiv", "Schizophrenie", "schizophren",
            "Psychose", "Demenz", "Alzheimer", "Parkinson", "Schlaganfall", "Herzinfarkt", "Multiple Sklerose",
            "behindert", "Behinderung(?:en)?", "schwerbehindert", "querschnittsgelähmt", "blind", "gehörlos", "taub",
            "schwanger", "Schwangerschaft", "Alkoholismus", "alkoholkrank", "drogenabhängig", "Sucht",
            "Verletzung(?:en)?", "Krankheit(?:en)?", "krank", "Erkrankung(?:en)?",
        ),
        sex_fields=(
            "geschlecht",
        ),
        common_capitalised=(
            "Artikel", "Art.", "Absatz", "Abs.", "Paragraph", "Satz", "Gesetz", "Gesetzes", "Verordnung",
            "Richtlinie", "Kammer", "Beschwerdeführer", "Beschwerdeführerin", "Kläger", "Klägerin", "Beklagte",
            "Beklagten", "Antragsteller", "Antragstellerin", "Urteil", "Urteils", "Beschluss", "Beschlusses",
            "Verfassung", "Konvention", "Gericht", "Gerichts", "Senat", "Senats", "Regierung", "Bundesregierung",
            "Anlage", "Kapitel", "Abschnitt", "Tatbestand", "Entscheidungsgründe", "Gründe", "Vorinstanz",
        ),
        function_words=frozenset("der die das des dem den und von zu im".split()),
        decades=r"\b(?:1[6-9]|20)\d0er(?:\sJahre[n]?)?\b|\b\d0er\sJahre[n]?\b",
        conjunction="und",
        age_of="von",
        age_after=("-jährige[rnms]?", r"\sJahre\salt"),
        year_words=("Jahr",),
    ),
    coreference=CoreferenceWords(
        titles=frozenset({"vizepräsident", "vizepräsidentin", "kanzler", "kanzlerin", "kommissar", "kommissarin",
                          "könig", "königin", "mr", "mrs", "ms"}),
        function_words=("der", "die", "das", "des", "dem", "den", "für", "und", "von", "vom", "zu", "zum", "zur", "im",
                        "am", "an", "auf", "in", "&"),
        prepositions=("der", "des", "für", "von", "vom", "zu", "zum", "zur", "im", "am", "an", "auf"),
        leading_types={L.LOCATION: ("bundesrepublik", "republik", "königreich", "fürstentum", "großherzogtum",
                                    "freistaat", "stadt", "insel")},
        trailing_types={L.ORGANIZATION: ("konzern", "gruppe", "holding")},
        stemmer="german",
    ),
    surrogate_legal_forms=("GmbH", "AG", "KG"),
    articles=frozenset("der die das den dem des".split()),
    genitive_s=True,
    continent_names={"AF": "Afrika", "AS": "Asien", "EU": "Europa", "NA": "Nordamerika", "OC": "Ozeanien",
                     "SA": "Südamerika", "AN": "Antarktis"},
    country_names={"RU": "Russland"},
    country_aliases={"vereinigte staaten von amerika": "US", "großbritannien": "GB", "russland": "RU", "türkei": "TR",
                     "deutschland": "DE"},
    organization_nouns={
        "university": ("Universität", "f"), "college": ("Hochschule", "f"), "school": ("Schule", "f"),
        "academy": ("Akademie", "f"), "institute": ("Institut", "n"), "hospital": ("Krankenhaus", "n"),
        "clinic": ("Klinik", "f"), "bank": ("Bank", "f"), "company": ("Unternehmen", "n"),
        "corporation": ("Konzern", "m"), "group": ("Gruppe", "f"), "ministry": ("Ministerium", "n"),
        "department": ("Abteilung", "f"), "agency": ("Agentur", "f"), "authority": ("Behörde", "f"),
        "council": ("Rat", "m"), "commission": ("Kommission", "f"), "committee": ("Ausschuss", "m"),
        "parliament": ("Parlament", "n"), "government": ("Regierung", "f"), "court": ("Gericht", "n"),
        "party": ("Partei", "f"), "union": ("Gewerkschaft", "f"), "association": ("Verband", "m"),
        "federation": ("Föderation", "f"), "foundation": ("Stiftung", "f"), "society": ("Gesellschaft", "f"),
        "club": ("Verein", "m"), "museum": ("Museum", "n"), "library": ("Bibliothek", "f"), "church": ("Kirche", "f"),
        "team": ("Mannschaft", "f"), "office": ("Büro", "n"), "laboratory": ("Labor", "n"),
        "center": ("Zentrum", "n"), "police": ("Polizei", "f"), "newspaper": ("Zeitung", "f"),
        "airline": ("Fluggesellschaft", "f"), "organization": ("Organisation", "f"), "theatre": ("Theater", "n"),
        "orchestra": ("Orchester", "n"), "publisher": ("Verlag", "m"), "insurer": ("Versicherung", "f"),
        "senate": ("Senat", "m"), "congress": ("Kongress", "m"), "cooperative": ("Genossenschaft", "f"),
        "chamber": ("Kammer", "f"), "assembly": ("Versammlung", "f"), "army": ("Armee", "f"),
        "service": ("Dienst", "m"), "network": ("Netzwerk", "n"), "fund": ("Fonds", "m"), "firm": ("Firma", "f"),
        "studio": ("Studio", "n"),
    },
    organization_synonyms={
        "klub": "club", "club": "club", "klinikum": "clinic", "sparkasse": "bank", "werk": "company",
        "werke": "company", "bundestag": "parliament", "amt": "authority", "bund": "federation",
        "hochschule": "college", "fachhochschule": "college",
    },
    mask_connectors=frozenset("von der den des am im zu".split()),
    grammar=GermanGrammar(
        place_nouns={
            "city": ("Stadt", "f"), "country": ("Land", "n"), "region": ("Region", "f"),
            "continent": ("Kontinent", "m"), "place": ("Ort", "m"), "state": ("Bundesstaat", "m"),
            "land": ("Bundesland", "n"), "province": ("Provinz", "f"), "county": ("Grafschaft", "f"),
            "district": ("Bezirk", "m"), "department": ("Departement", "n"), "municipality": ("Gemeinde", "f"),
            "canton": ("Kanton", "m"), "prefecture": ("Präfektur", "f"), "governorate": ("Gouvernement", "n"),
            "autonomous community": ("Region", "f"), "parish": ("Gemeinde", "f"), "date": ("Datum", "n"),
        },
        label_nouns={
            L.ORGANIZATION: ("Organisation", "f"), L.TIME: ("Uhrzeit", "f"), L.EMAIL: ("E-Mail-Adresse", "f"),
            L.PHONE: ("Telefonnummer", "f"), L.URL: ("Webadresse", "f"), L.IP_ADDRESS: ("IP-Adresse", "f"),
            L.IBAN: ("Kontonummer", "f"), L.CREDIT_CARD: ("Kartennummer", "f"), L.NATIONAL_ID: ("Ausweisnummer", "f"),
            L.MONEY: ("Geldbetrag", "m"), L.CASE_NUMBER: ("Aktenzeichen", "n"), L.ID_NUMBER: ("Kennnummer", "f"),
            L.POSTAL_CODE: ("Postleitzahl", "f"), L.NUMBER: ("Zahl", "f"), L.DEMOGRAPHIC: ("Gruppe", "f"),
            L.OCCUPATION: ("Beruf", "m"), L.RELATION: ("Angehöriger", "m"), L.HEALTH: ("Erkrankung", "f"),
            L.QUANTITY: ("Menge", "f"), L.CODE: ("Nummer", "f"),
        },
        something="etwas",
        decade=("{decade}er-Jahre", "pl", ""),
        articles={
            (True, "nom"): {"m": "der", "f": "die", "n": "das", "pl": "die"},
            (True, "acc"): {"m": "den", "f": "die", "n": "das", "pl": "die"},
            (True, "dat"): {"m": "dem", "f": "der", "n": "dem", "pl": "den"},
            (True, "gen"): {"m": "des", "f": "der", "n": "des", "pl": "der"},
            (False, "nom"): {"m": "ein", "f": "eine", "n": "ein"},
            (False, "acc"): {"m": "einen", "f": "eine", "n": "ein"},
            (False, "dat"): {"m": "einem", "f": "einer", "n": "einem"},
            (False, "gen"): {"m": "eines", "f": "einer", "n": "eines"},
        },
        cases=_CASES,
        determiners=frozenset("der die das den dem des ein eine einer einem einen eines dieser diese dieses seine "
                              "ihre".split()) | _CONTRACTED,
        # "der" before a place is mostly the dative/genitive feminine ("in der Schweiz"), "dem"/"im"/"zum"
        # masculine or neuter
        determiner_genders={
            "der": "f", "die": "f", "zur": "f", "einer": "f", "eine": "f", "das": "n", "ins": "n", "dem": "n",
            "im": "n", "am": "n", "zum": "n", "vom": "n", "beim": "n", "des": "n", "den": "m", "ein": "n",
            "einem": "n", "eines": "n", "einen": "m",
        },
        gender_variants={
            "Land": {"f": "Nation", "m": "Staat"}, "Stadt": {"n": "Dorf", "m": "Ort"},
            "Ort": {"f": "Gegend", "n": "Gebiet"},
            "Region": {"n": "Gebiet", "m": "Bezirk"}, "Kontinent": {"f": "Weltregion", "n": "Gebiet"},
            "*": {"f": "Organisation", "m": "Verband", "n": "Unternehmen"},
        },
        feminine=frozenset({"Schweiz", "Ukraine", "Elfenbeinküste", "Antarktis", "Türkei", "Slowakei", "Mongolei",
                            "Russische Föderation", "Dominikanische Republik", "Zentralafrikanische Republik",
                            "Demokratische Republik Kongo", "Republik Moldau", "Arabische Republik Syrien"}),
        masculine=frozenset({"Irak", "Iran", "Jemen", "Libanon", "Sudan", "Südsudan", "Tschad", "Kongo", "Niger",
                             "Senegal", "Oman", "Vatikan", "Kosovo"}),
        neuter=frozenset({"Vereinigtes Königreich"}),
        plural_endings=("inseln", "Inseln", "staaten", "Staaten", "lande", "Emirate", "pinen", "diven", "chellen",
                        "moren", "lomonen"),
    ),
    label_names={
        L.PERSON: ("Person", "Personen"),
        L.ORGANIZATION: ("Organisation",),
        L.LOCATION: ("Ort", "Standort", "Lage"),
        L.MISC: ("Verschiedenes", "Sonstiges"),
        L.DATE: ("Datum",),
        L.TIME: ("Zeit", "Uhrzeit"),
        L.EMAIL: ("E-Mail",),
        L.PHONE: ("Telefon", "Telefonnummer"),
        L.MONEY: ("Betrag", "Geld"),
        L.NUMBER: ("Nummer", "Zahl"),
        L.ID_NUMBER: ("Kennnummer", "ID-Nummer", "Ausweisnummer"),
        L.POSTAL_CODE: ("Postleitzahl", "PLZ"),
        L.CASE_NUMBER: ("Aktenzeichen",),
        L.PROPER_NOUN: ("Eigenname",),
        L.CREDIT_CARD: ("Kreditkarte",),
        L.IP_ADDRESS: ("IP-Adresse",),
        L.DEMOGRAPHIC: ("Demografisch",),
        L.OCCUPATION: ("Beruf", "Tätigkeit"),
        L.RELATION: ("Verwandtschaft", "Beziehung"),
        L.HEALTH: ("Gesundheit",),
        L.QUANTITY: ("Menge", "Anzahl"),
        L.CODE: ("Kode",),
    },
))
