"""Quasi-identifiers for the ``strict`` privacy profile: dates down to bare years, ages, durations, amounts and
quantities, numbers in lists, occupations and offices, nationality/ethnicity/religion, sex, family relations and
health conditions.

A quasi-identifier names no one alone, but a few of them together single a person out (Sweeney, "k-anonymity",
IJUFKS 2002: date of birth, sex and postal code identify most Americans; the HIPAA Safe Harbor list, 45 CFR
§164.514(b)(2), removes every date element but the year, every age over 89 and geographic units below a state).
The ``standard`` profile leaves them in clear (readability first); ``strict`` masks them all (no year, no age, no
occupation, no relative left), for documents where a quasi-identifier is a leak: court decisions about private
persons, clinical notes.

The word lists are per language (en, de, es, pt) in :data:`LEXICONS`, one dictionary per language so that they can
move to a per-language module later; each entry is a regular expression matched case-insensitively as whole words
(inflected forms written as alternatives: ``turc[oa]s?``). They are lexicons, not a classifier: a word missing from
them stays in clear.
"""

from __future__ import annotations

import re
from functools import lru_cache

from app.detection.base import Recognizer
from app.detection.labels import CODE, DATE, DEMOGRAPHIC, HEALTH, OCCUPATION, QUANTITY, RELATION
from app.detection.patterns import MONTHS
from app.doc import Entity, Sentence

#: Labels the strict profile adds to the sensitive ones.
STRICT_LABELS: frozenset[str] = frozenset({DEMOGRAPHIC, OCCUPATION, RELATION, HEALTH, QUANTITY, CODE, DATE})

#: Per language: ``number_words`` (cardinals that are not also articles), ``units`` (of time and age),
#: ``age`` (words that make a number an age, before or after it), ``legal_refs`` (a number after them is a
#: reference to a norm, never masked), ``demographic``, ``occupation``, ``relation``, ``health``, ``sex_fields``
#: (form fields whose short value is a sex: "Sexo: H"); ``common_capitalised``: capitalised words of legal and
#: administrative text that name no one ("Article", "Rule", "Convention", "Chamber"): an entity made only of them,
#: numbers and function words is dropped (:func:`common_capitalised_only`), so it is neither masked nor spread over the
#: document by the second pass. Words that news corpora annotate as names are left out of the lists ("Gobierno",
#: "Governo", "Constitución", "Tribunal": CoNLL-2002 and HAREM tag them as organizations or MISC).
LEXICONS: dict[str, dict[str, list[str]]] = {
    "en": {
        "number_words": ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
                         "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty",
                         "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety", "hundred", "thousand",
                         "million", "dozens?", "(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)-(?:one|two|"
                         "three|four|five|six|seven|eight|nine)"],
        "units": ["years?'?", "months?'?", "weeks?'?", "days?'?", "hours?", "minutes?", "decades?"],
        "age": ["aged", "age", "-year-old", "years? old", "years? of age"],
        "legal_refs": ["Article", "Articles", "Art\\.", "Arts\\.", "Rule", "Rules", "Protocol", "Protocols",
                       "paragraph", "paragraphs", "para\\.", "§", "§§", "section", "sections", "Section", "Sections",
                       "Chapter", "page", "pages", "p\\.", "pp\\.", "Annex", "point", "points", "Law", "Act"],
        "demographic": [
            "(?:Turkish|Kurdish|Polish|German|French|Spanish|Portuguese|Italian|Greek|Russian|Ukrainian|Romanian|"
            "Bulgarian|Hungarian|Czech|Slovak|Slovenian|Croatian|Serbian|Bosnian|Albanian|Macedonian|Montenegrin|"
            "Austrian|Swiss|Dutch|Belgian|Danish|Swedish|Norwegian|Finnish|Icelandic|Irish|British|English|Scottish|"
            "Welsh|American|Canadian|Mexican|Brazilian|Argentinian|Chilean|Colombian|Moroccan|Algerian|Tunisian|"
            "Egyptian|Nigerian|Ghanaian|Senegalese|Syrian|Iraqi|Iranian|Afghan|Pakistani|Indian|Chinese|Japanese|"
            "Vietnamese|Armenian|Azerbaijani|Georgian|Chechen|Moldovan|Lithuanian|Latvian|Estonian|Belarusian|"
            "Cypriot|Maltese|Luxembourgish|Israeli|Palestinian|Lebanese|Somali|Eritrean|Ethiopian)"
            "(?: nationals?| citizens?| origin)?",
            "nationals?", "Roma", "Romani", "Gypsy", "Gypsies", "Arabs?", "Jews?", "Jewish", "Muslims?", "Christians?",
            "Catholics?", "Protestants?", "Orthodox", "Buddhists?", "Hindus?", "Sikhs?", "Alevis?", "Sunnis?",
            "Shiites?", "atheists?", "Jehovah's Witness(?:es)?", "ethnic", "ethnicity", "ethnic origin",
            "married", "divorced", "unmarried", "separated", "single mother", "single father",
            "male", "female", "man", "woman", "men", "women", "transgender", "gay", "lesbian", "homosexual",
        ],
        "occupation": [
            "(?:university |associate |assistant )?professors?", "lecturers?", "teachers?", "students?", "pupils?",
            "lawyers?", "barristers?", "solicitors?", "attorneys?", "judges?", "prosecutors?", "notar(?:y|ies)",
            "journalists?", "editors?(?:-in-chief)?", "reporters?", "publishers?", "owners?", "directors?",
            "managers?", "employees?", "workers?", "civil servants?", "officials?", "police officers?",
            "policem[ae]n", "gendarmes?", "soldiers?", "officers?", "sergeants?", "captains?", "colonels?",
            "generals?", "doctors?", "physicians?", "surgeons?", "nurses?", "pharmacists?", "dentists?",
            "psychiatrists?", "psychologists?", "engineers?", "architects?", "accountants?", "farmers?",
            "shopkeepers?", "drivers?", "mechanics?", "electricians?", "builders?", "cleaners?", "cooks?",
            "waiters?", "waitress(?:es)?", "secretar(?:y|ies)", "clerks?", "priests?", "imams?", "pastors?",
            "monks?", "nuns?", "mayors?", "governors?", "ministers?", "deputies", "deputy", "members? of parliament",
            "MPs?", "senators?", "ambassadors?", "presidents?", "chairm[ae]n", "heads? of department",
            "businessm[ae]n", "traders?", "merchants?", "unemployed", "retired", "pensioners?", "housewi(?:fe|ves)",
            "artists?", "musicians?", "actors?", "actress(?:es)?", "writers?", "authors?", "photographers?",
            "social workers?", "carers?", "caretakers?", "guards?", "prison officers?", "mukhtars?", "village heads?",
        ],
        "relation": [
            "mothers?", "fathers?", "parents?", "sons?", "daughters?", "children", "child", "brothers?", "sisters?",
            "siblings?", "wi(?:fe|ves)", "husbands?", "spouses?", "partners?", "widows?", "widowers?",
            "grand(?:mother|father|son|daughter|parent|child)s?", "grandchildren", "uncles?", "aunts?",
            "cousins?", "nephews?", "nieces?", "(?:mother|father|son|daughter|brother|sister)s?-in-law",
            "fiancée?s?", "step(?:mother|father|son|daughter)s?", "relatives?", "family", "families", "maternal",
            "paternal",
        ],
        "health": [
            "diabetes", "diabetic", "cancer", "tumou?rs?", "HIV", "AIDS", "hepatitis(?: [ABC])?", "tuberculosis",
            "asthma", "epilepsy", "epileptic", "depression", "depressive", "schizophreni(?:a|c)", "bipolar",
            "psychosis", "psychotic", "dementia", "Alzheimer's(?: disease)?", "Parkinson's(?: disease)?",
            "strokes?", "heart attacks?", "heart disease", "multiple sclerosis", "disabled", "disabilit(?:y|ies)",
            "handicapped", "paraplegic", "tetraplegic", "blind", "deaf", "pregnant", "pregnancy", "alcoholism",
            "alcoholic", "drug addict(?:ion)?", "addiction", "post-traumatic stress disorder", "PTSD", "injur(?:y|ies)",
            "wounds?", "fractures?", "illness(?:es)?", "mentally ill", "medical condition"
        ],
        "sex_fields": ["sex", "gender"],
        "common_capitalised": ["Article", "Articles", "Art.", "Rule", "Rules", "Section", "Sections", "Paragraph",
                               "Protocol", "Protocols", "Convention", "Conventions", "Chamber", "Grand", "Court",
                               "Courts", "Government", "Governments", "Applicant", "Applicants", "Judgment",
                               "Registry", "Registrar", "Act", "Code", "Law", "Constitution", "Decree", "Regulation",
                               "Regulations", "Directive", "Annex", "Appendix", "Schedule", "Part", "Chapter",
                               "Plaintiff", "Defendant", "Respondent", "Claimant", "Appellant", "Party", "Parties",
                               "Contracting", "First", "Second", "Third", "Fourth", "Fifth", "Protection", "Human",
                               "Rights", "Fundamental", "Freedoms", "Facts", "Procedure", "Decision", "Admissibility",
                               "Agent", "President", "Vice-President", "Judge", "Judges", "Deputy", "Section"],
    },
    "de": {
        "number_words": ["zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun", "zehn", "elf", "zwölf",
                         "dreizehn", "vierzehn", "fünfzehn", "sechzehn", "siebzehn", "achtzehn", "neunzehn",
                         "zwanzig", "dreißig", "vierzig", "fünfzig", "sechzig", "siebzig", "achtzig", "neunzig",
                         "hundert", "tausend", "Dutzend"],
        "units": ["Jahre?n?s?", "Monate?n?s?", "Wochen?", "Tage?n?s?", "Stunden?", "Minuten?", "Jahrzehnte?n?"],
        "age": ["Alter von", "im Alter", "-jährige[rnms]?", "jährige[rnms]?", "Jahre alt", "alt"],
        "legal_refs": ["Art\\.", "Artikel", "Artikels", "§", "§§", "Abs\\.", "Absatz", "Nr\\.", "Satz", "S\\.",
                       "Seite", "Ziffer", "Rn\\.", "Randnummer", "Anlage", "Kapitel"],
        "demographic": [
            "(?:türkisch|kurdisch|polnisch|deutsch|französisch|spanisch|portugiesisch|italienisch|griechisch|"
            "russisch|ukrainisch|rumänisch|bulgarisch|ungarisch|tschechisch|slowakisch|kroatisch|serbisch|"
            "bosnisch|albanisch|österreichisch|schweizerisch|niederländisch|belgisch|dänisch|schwedisch|"
            "norwegisch|finnisch|isländisch|britisch|amerikanisch|syrisch|irakisch|iranisch|afghanisch|"
            "marokkanisch|chinesisch|vietnamesisch|armenisch|georgisch|tschetschenisch|arabisch|jüdisch|"
            "muslimisch|christlich|katholisch|evangelisch|protestantisch|orthodox|buddhistisch|alevitisch)"
            "(?:e[rnms]?)?(?: Staatsangehörigkeit| Herkunft| Abstammung)?",
            "(?:Türk|Kurd|Pol|Russ|Griech|Ukrain|Rumän|Bulgar|Ungar|Tschech|Serb|Kroat|Bosni|Albani|Syrer|Iraker|"
            "Iraner|Afghan|Marokkan|Araber|Armeni|Georgi)(?:e|in|innen|en|n)?",
            "Staatsangehörige[rn]?", "Ausländer(?:in|innen)?", "Roma", "Sinti", "Juden", "Jude", "Jüdin",
            "Muslim(?:e|in|innen|en)?", "Christ(?:en|in|innen)?", "Katholik(?:en|in)?", "Protestant(?:en|in)?",
            "Buddhist(?:en|in)?", "Alevit(?:en|in)?", "Atheist(?:en|in)?", "männlich", "weiblich", "divers",
            "verheiratet", "geschieden", "ledig", "verwitwet", "alleinerziehend(?:e[rn]?)?",
        ],
        "occupation": [
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
        ],
        "relation": [
            "Mutter", "Mütter", "Vater", "Väter", "Eltern(?:teil)?", "Sohn", "Söhne", "Tochter", "Töchter", "Kind(?:er)?",
            "Bruder", "Brüder", "Schwester(?:n)?", "Geschwister", "Ehefrau", "Ehemann", "Ehegatt(?:e|in)",
            "Ehepartner(?:in)?", "Lebensgefährt(?:e|in)", "Witwe[rn]?", "Großmutter", "Großvater", "Großeltern",
            "Oma", "Opa", "Enkel(?:in|kind|kinder)?", "Onkel", "Tante(?:n)?", "Cousin(?:e|s)?", "Neffe(?:n)?",
            "Nichte(?:n)?", "Schwieger(?:mutter|vater|sohn|tochter|eltern)", "Stief(?:mutter|vater|sohn|tochter)",
            "Verlobte[rn]?", "Angehörige[rn]?", "Verwandte[rn]?", "Familie", "Familien", "mütterlicherseits",
            "väterlicherseits",
        ],
        "health": [
            "Diabetes", "Diabetiker(?:in)?", "Krebs(?:erkrankung)?", "Tumor(?:e|en)?", "HIV", "AIDS", "Hepatitis",
            "Tuberkulose", "Asthma", "Epilepsie", "Depression(?:en)?", "depressiv", "Schizophrenie", "schizophren",
            "Psychose", "Demenz", "Alzheimer", "Parkinson", "Schlaganfall", "Herzinfarkt", "Multiple Sklerose",
            "behindert", "Behinderung(?:en)?", "schwerbehindert", "querschnittsgelähmt", "blind", "gehörlos", "taub",
            "schwanger", "Schwangerschaft", "Alkoholismus", "alkoholkrank", "drogenabhängig", "Sucht",
            "Verletzung(?:en)?", "Krankheit(?:en)?", "krank", "Erkrankung(?:en)?",
        ],
        "sex_fields": ["geschlecht"],
        "common_capitalised": ["Artikel", "Art.", "Absatz", "Abs.", "Paragraph", "Satz", "Gesetz", "Gesetzes",
                               "Verordnung", "Richtlinie", "Kammer", "Beschwerdeführer", "Beschwerdeführerin",
                               "Kläger", "Klägerin", "Beklagte", "Beklagten", "Antragsteller", "Antragstellerin",
                               "Urteil", "Urteils", "Beschluss", "Beschlusses", "Verfassung", "Konvention",
                               "Gericht", "Gerichts", "Senat", "Senats", "Regierung", "Bundesregierung", "Anlage",
                               "Kapitel", "Abschnitt", "Tatbestand", "Entscheidungsgründe", "Gründe", "Vorinstanz"],
    },
    "es": {
        "number_words": ["dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez", "once", "doce",
                         "trece", "catorce", "quince", "dieciséis", "diecisiete", "dieciocho", "diecinueve", "veinte",
                         "veinti(?:un|uno|una|dós|dos|trés|tres|cuatro|cinco|séis|seis|siete|ocho|nueve)", "treinta",
                         "cuarenta", "cincuenta", "sesenta", "setenta", "ochenta", "noventa", "cien", "ciento",
                         "doscientos", "trescientos", "quinientos", "mil"],
        "units": ["años?", "meses", "mes", "semanas?", "días?", "horas?", "minutos?", "décadas?"],
        "age": ["edad", "de edad", "años de edad", "años"],
        "legal_refs": ["art\\.", "arts\\.", "artículos?", "Art\\.", "Artículos?", "§", "apartados?", "párrafos?",
                       "Ley", "ley", "Real Decreto", "página", "pág\\.", "núm\\.", "número", "capítulo", "anexo"],
        "demographic": [
            "(?:turc|kurd|aleman|italian|grieg|rus|ucranian|ruman|búlgar|húngar|chec|eslovac|croat|servi|bosni|"
            "austriac|suiz|belg|suec|norueg|británic|estadounidense|american|canadiense|mexican|brasileñ|argentin|"
            "chilen|colombian|peruan|venezolan|ecuatorian|bolivian|paraguay|uruguay|cuban|dominican|marroquí|"
            "argelin|tunecin|egipci|nigerian|siri|iraquí|iraní|afgan|paquistaní|pakistaní|chin|ruman|armeni|"
            "georgian|polac|español|gitan|árabe|judí|musulman|cristian|católic|protestante|ortodox|budista|hindú|"
            "ate)(?:o|a|os|as|es|s|e)?", "alemán",
            "(?:ingl|franc|holand|dan|finland|island|irland|japon|portugu|senegal|escoc|alban|libanes|"
            "neerland)(?:és|esa|eses|esas)",
            "nacionalidad", "extranjer[oa]s?", "etnia", "raza", "varón", "varones", "mujer(?:es)?", "hombres?",
            "niñ[oa]s?", "masculino", "femenino", "sexo (?:masculino|femenino)", "casad[oa]s?", "solter[oa]s?",
            "divorciad[oa]s?", "separad[oa]s?",
        ],
        "occupation": [
            "profesor(?:a|es|as)?(?: universitari[oa]s?)?", "catedrátic[oa]s?", "maestr[oa]s?",
            "estudiantes?", "alumn[oa]s?", "abogad[oa]s?", "jue(?:z|za|ces|zas)", "fiscal(?:es)?", "notari[oa]s?",
            "periodistas?", "redactor(?:a|es|as)?", "editor(?:a|es|as)?", "propietari[oa]s?", "dueñ[oa]s?", "titular(?:es)?",
            "director(?:a|es|as)?", "gerentes?", "emplead[oa]s?", "trabajador(?:a|es|as)?", "funcionari[oa]s?",
            "polic[ií]as?", "guardias? civil(?:es)?", "militar(?:es)?", "soldad[oa]s?", "oficial(?:es)?",
            "médic[oa]s?", "doctor(?:a|es|as)?", "cirujan[oa]s?", "enfermer[oa]s?", "farmacéutic[oa]s?",
            "dentistas?", "psiquiatras?", "psicólog[oa]s?", "ingenier[oa]s?", "arquitect[oa]s?", "contables?",
            "agricultor(?:a|es|as)?", "ganader[oa]s?", "comerciantes?", "conductor(?:a|es|as)?", "camioner[oa]s?",
            "mecánic[oa]s?", "electricistas?", "albañil(?:es)?", "cociner[oa]s?", "camarer[oa]s?",
            "secretari[oa]s?", "sacerdotes?", "alcalde(?:sa|s|sas)?", "gobernador(?:a|es|as)?",
            "ministr[oa]s?", "diputad[oa]s?", "senador(?:a|es|as)?", "embajador(?:a|es|as)?", "presidente(?:s|a|as)?",
            "empresari[oa]s?", "desemplead[oa]s?", "jubilad[oa]s?", "pensionistas?", "ama de casa",
            "artistas?", "músic[oa]s?", "actor(?:es)?", "actri(?:z|ces)", "escritor(?:a|es|as)?", "fotógraf[oa]s?",
            "trabajador(?:a|es|as)? social(?:es)?", "cuidador(?:a|es|as)?", "vigilantes?", "auxiliar(?:es)?",
            "técnic[oa]s?", "administrativ[oa]s?", "obrer[oa]s?", "pintor(?:a|es|as)?", "miner[oa]s?",
        ],
        "relation": [
            "madres?", "padres?", "hij[oa]s?", "herman[oa]s?", "espos[oa]s?", "marido", "maridos", "cónyuges?",
            "parejas?", "viud[oa]s?", "abuel[oa]s?", "niet[oa]s?", "tí[oa]s?", "prim[oa]s?", "sobrin[oa]s?",
            "suegr[oa]s?", "yerno", "nuera", "cuñad[oa]s?", "padrastro", "madrastra", "hijastr[oa]s?",
            "novi[oa]s?", "familiares?", "pariente?s?", "progenitor(?:a|es|as)?", "familias?", "patern[oa]s?",
            "matern[oa]s?", "gemel[oa]s?", "melliz[oa]s?",
        ],
        "health": [
            "diabetes", "diabétic[oa]s?", "cáncer", "tumor(?:es)?", "VIH", "sida", "SIDA", "hepatitis",
            "tuberculosis", "asma", "epilepsia", "epiléptic[oa]", "depresión", "depresiv[oa]", "esquizofrenia",
            "psicosis", "demencia", "Alzheimer", "Parkinson", "ictus", "infarto", "esclerosis múltiple",
            "discapacidad", "discapacitad[oa]s?", "minusválid[oa]s?", "cieg[oa]s?", "sord[oa]s?", "embarazada",
            "embarazo", "alcoholismo", "alcohólic[oa]", "drogadicción", "toxicómano", "lesión", "lesiones",
            "enfermedad(?:es)?", "enferm[oa]s?",
        ],
        "sex_fields": ["sexo", "género"],
        "common_capitalised": ["Artículo", "Artículos", "Art.", "Apartado", "Párrafo", "Ley", "Reglamento", "Decreto",
                               "Directiva", "Sala", "Demandante", "Demandantes", "Demandado", "Demandada",
                               "Recurrente", "Recurrido", "Sentencia", "Auto", "Convenio", "Anexo", "Capítulo", "Sección", "Fundamentos", "Antecedentes", "Hechos",
                               "Fallo", "Protocolo", "Magistrado", "Ponente"],
    },
    "pt": {
        "number_words": ["dois", "duas", "três", "quatro", "cinco", "seis", "sete", "oito", "nove", "dez", "onze",
                         "doze", "treze", "catorze", "quatorze", "quinze", "dezesseis", "dezasseis", "dezessete",
                         "dezassete", "dezoito", "dezenove", "dezanove", "vinte", "trinta", "quarenta", "cinquenta",
                         "sessenta", "setenta", "oitenta", "noventa", "cem", "cento", "duzentos", "trezentos",
                         "quinhentos", "mil"],
        "units": ["anos?", "meses", "mês", "semanas?", "dias?", "horas?", "minutos?", "décadas?"],
        "age": ["idade", "de idade", "anos de idade", "anos"],
        "legal_refs": ["art\\.", "arts\\.", "artigos?", "Art\\.", "Artigos?", "§", "inciso", "alínea", "parágrafo",
                       "Lei", "lei", "Decreto", "página", "pág\\.", "n\\.º", "nº", "número", "capítulo", "anexo"],
        "demographic": [
            "(?:turc|curd|alem|italian|greg|russ|ucranian|romen|búlgar|húngar|chec|eslovac|croat|sérvi|bósni|"
            "austríac|suíç|belg|suec|britânic|american|canadiano|canadense|mexican|brasileir|argentin|chilen|"
            "colombian|angolan|moçambican|cabo-verdian|guineense|marroquin|argelin|egípci|nigerian|síri|iraquian|"
            "iranian|afeg|indian|armêni|georgian|polac|espanhol|cigan|árabe|judeu|judia|muçulman|crist|"
            "católic|protestante|evangélic|ortodox|budista|hindu|ateu|ateia)(?:o|a|os|as|es|s|ã|ão|ãos|ães)?",
            "(?:ingl|franc|holand|dinamarqu|finland|island|irland|japon|portugu|chin|norueg|polon|escoc|paquistan|"
            "senegal|alban|neerland)(?:ês|esa|eses|esas)",
            "nacionalidade", "estrangeir[oa]s?", "etnia", "raça", "sexo (?:masculino|feminino)", "masculino",
            "feminino", "homens?", "mulher(?:es)?", "menin[oa]s?", "casad[oa]s?", "solteir[oa]s?",
            "divorciad[oa]s?", "separad[oa]s?",
        ],
        "occupation": [
            "professor(?:a|es|as)?(?: universitári[oa]s?)?", "estudantes?", "alun[oa]s?", "advogad[oa]s?",
            "juiz(?:a|es|as)?", "juíza", "promotor(?:a|es|as)?", "procurador(?:a|es|as)?", "tabeliã[eo]?",
            "notári[oa]s?", "jornalistas?", "redator(?:a|es|as)?", "editor(?:a|es|as)?", "proprietári[oa]s?",
            "diretor(?:a|es|as)?", "gerentes?", "empregad[oa]s?", "funcionári[oa]s?",
            "trabalhador(?:a|es|as)?", "servidor(?:a|es|as)? públic[oa]s?", "polic(?:ia|iais)", "policial",
            "militar(?:es)?", "soldad[oa]s?", "oficial(?:is)?", "médic[oa]s?", "doutor(?:a|es|as)?",
            "cirurgiã[oe]?s?", "enfermeir[oa]s?", "farmacêutic[oa]s?", "dentistas?", "psiquiatras?", "psicólog[oa]s?",
            "engenheir[oa]s?", "arquitet[oa]s?", "contador(?:a|es|as)?", "contabilistas?", "agricultor(?:a|es|as)?",
            "lavrador(?:a|es|as)?", "comerciantes?", "motoristas?", "mecânic[oa]s?", "eletricistas?",
            "pedreir[oa]s?", "cozinheir[oa]s?", "garço(?:m|ns)", "garçonetes?", "secretári[oa]s?", "padres?",
            "sacerdotes?", "prefeit[oa]s?", "presidentes? da câmara", "governador(?:a|es|as)?", "ministr[oa]s?",
            "deputad[oa]s?", "senador(?:a|es|as)?", "embaixador(?:a|es|as)?", "presidentes?", "empresári[oa]s?",
            "desempregad[oa]s?", "aposentad[oa]s?", "reformad[oa]s?", "pensionistas?", "donas? de casa",
            "artistas?", "músic[oa]s?", "at(?:or|ores|riz|rizes)", "escritor(?:a|es|as)?", "fotógraf[oa]s?",
            "assistentes? socia(?:l|is)", "cuidador(?:a|es|as)?", "vigilantes?", "técnic[oa]s?", "operári[oa]s?",
        ],
        "relation": [
            "mães?", "pais?", "filh[oa]s?", "irmã(?:s|o|os)?", "espos[oa]s?", "marido", "maridos", "cônjuges?",
            "cônjuge", "companheir[oa]s?", "viúv[oa]s?", "avós?", "avô", "avó", "net[oa]s?", "ti[oa]s?", "prim[oa]s?",
            "sobrinh[oa]s?", "sogr[oa]s?", "genro", "nora", "cunhad[oa]s?", "padrasto", "madrasta", "enteado?a?s?",
            "namorad[oa]s?", "noiv[oa]s?", "familiares?", "parentes?", "progenitor(?:a|es|as)?", "famílias?",
            "patern[oa]s?", "matern[oa]s?", "gême[oa]s?",
        ],
        "health": [
            "diabetes", "diabétic[oa]s?", "câncer", "cancro", "tumor(?:es)?", "HIV", "VIH", "aids", "AIDS", "sida",
            "hepatite", "tuberculose", "asma", "epilepsia", "epiléptic[oa]", "depressão", "depressiv[oa]",
            "esquizofrenia", "psicose", "demência", "Alzheimer", "Parkinson", "AVC", "enfarte", "infarto",
            "esclerose múltipla", "deficiência", "deficientes?", "cego?a?s?", "surd[oa]s?", "grávida", "gravidez",
            "alcoolismo", "alcoólic[oa]", "toxicodependente", "dependência química", "lesão", "lesões",
            "doença(?:s)?", "doentes?",
        ],
        "sex_fields": ["sexo", "gênero", "género"],
        "common_capitalised": ["Artigo", "Artigos", "Art.", "Parágrafo", "Inciso", "Alínea", "Lei", "Decreto",
                               "Regulamento", "Diretiva", "Directiva", "Turma", "Autor", "Autora", "Réu", "Ré",
                               "Recorrente", "Recorrido", "Acórdão", "Sentença", "Despacho", "Anexo", "Capítulo", "Secção", "Seção",
                               "Relatório", "Fundamentação", "Decisão", "Protocolo", "Relator", "Relatora"],
    },
}

_YEAR = r"(?:1[6-9]\d\d|20\d\d)"
_ITEM = re.compile(r"\d+(?:[/-]\d+)*")
_DIGITS = r"\d{1,3}(?:[.,' ]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?"

#: Decades: "the 1990s", "in den 1990er Jahren", "los años 90", "anos 90".
_DECADES = {
    "en": r"\b(?:1[6-9]|20)\d0s\b|\b'\d0s\b",
    "de": r"\b(?:1[6-9]|20)\d0er(?:\sJahre[n]?)?\b|\b\d0er\sJahre[n]?\b",
    "es": r"\baños\s(?:(?:1[6-9]|20)\d0|\d0)\b",
    "pt": r"\banos\s(?:(?:1[6-9]|20)\d0|\d0)\b",
}


_FUNCTION_WORDS = frozenset("the of for and under in on to a an der die das des dem den und von zu im el la los las de del "
                            "y en o a os as do da dos das e no na".split())


@lru_cache(maxsize=8)
def common_capitalised(language: str) -> frozenset[str]:
    """The language's :data:`LEXICONS` ``common_capitalised`` words (empty for a language without lexicons)."""
    return frozenset(LEXICONS.get(language, {}).get("common_capitalised", ()))


def common_capitalised_only(surface: str, language: str) -> bool:
    """Whether ``surface`` has a word of :func:`common_capitalised` and otherwise only such words, function words,
    numbers and "§": "Article", "the Convention", "Rule 52", "Court under Article", "Rules of Court", "Third
    Section of the Court". Such an entity names no one ("Convention" tagged as an organization, "Rule" as a
    person in court decisions); "European Court of Human Rights" or "Court of Cassation" keep a word of their own.
    """
    vocabulary = common_capitalised(language)
    if not vocabulary:
        return False
    words = re.findall(r"[^\s\[\](),;:\"“”«»]+", surface)
    found = False
    for word in words:
        if word in vocabulary or word.rstrip(".,") in vocabulary:
            found = True
        elif not (word.lower() in _FUNCTION_WORDS or word == "§" or any(c.isdigit() for c in word)):
            return False
    return found


def _words(items: list[str]) -> str:
    return "(?:" + "|".join(sorted(items, key=len, reverse=True)) + ")"


class QuasiIdentifierRecognizer(Recognizer):
    """The quasi-identifiers of the strict profile, per language (:data:`LEXICONS`).

    * ``DATE``: bare years ("born in 1925", "in 2003") and decades ("the 1990s"), month names alone ("in
      March") — the dates the ``date`` recognizer leaves (it needs a day or a year with a month);
    * ``QUANTITY``: numbers in digits or words with their unit of time and age words ("twelve years and six
      months", "aged 45", "a 45-year-old", "de 45 años", "45 Jahre alt"), and every other number ("twenty-one
      other persons", "3 children") except after a reference to a norm ("Article 6", "§ 823", "Rule 39");
    * ``CODE``: numbers in a list after "no./nos./Nr./n.º" ("plots nos. 260, 268, 45"), also without slashes;
    * ``DEMOGRAPHIC``: nationality, ethnicity, religion and sex words, and the value of a sex form field
      ("Sexo: H");
    * ``OCCUPATION``, ``RELATION``, ``HEALTH``: occupations and offices, family relations, health conditions.

    Matching is case-insensitive on whole words, except that English month names must be capitalised. Entities
    may overlap each other; voting keeps the longest (all have one source, ``quasi_identifier``).

    Raises:
        ValueError: no lexicon for ``language``.
    """

    name = "quasi_identifier"

    def __init__(self, language: str) -> None:
        if language not in LEXICONS:
            raise ValueError(f"no quasi-identifier lexicons for language {language!r}")
        self.language = language
        self.patterns = _compiled(language)

    def recognize(self, text: str, sentences: list[Sentence]) -> list[Entity]:
        out: list[Entity] = []
        legal = self.patterns["legal_ref"]
        for label, pattern in self.patterns["items"]:
            for m in pattern.finditer(text):
                start, end = m.span("x") if "x" in pattern.groupindex and m.group("x") is not None else m.span()
                if end <= start:
                    continue
                if label == QUANTITY and legal.search(text, max(0, start - 24), start):
                    continue
                if label == CODE:  # one entity per number of the list, the words between them stay
                    if legal.search(text, max(0, m.start() - 24), m.start()):
                        continue  # "Protocols nos. 1 and 4": norms, not registers
                    out.extend(Entity(a, b, CODE, text[a:b], self.name)
                               for a, b in (i.span() for i in _ITEM.finditer(text, start, end)))
                    continue
                out.append(Entity(start, end, label, text[start:end], self.name))
        return out


@lru_cache(maxsize=8)
def _compiled(language: str) -> dict:
    lex = LEXICONS[language]
    number = rf"(?:{_DIGITS}|{_words(lex['number_words'])}(?:[\s-]{_words(lex['number_words'])}){{0,3}})"
    unit = _words(lex["units"])
    conj = {"en": "and", "de": "und", "es": "y", "pt": "e"}[language]
    duration = rf"{number}\s?{unit}(?:,?\s(?:{conj}\s)?{number}\s?{unit})*"
    age_words = lex["age"]
    ages = [
        rf"\b(?:{_words([a for a in age_words if not a.startswith('-')])})\s(?:of\s|von\s|de\s)?(?P<x>{number})\b",
        rf"\b{number}(?:-year-old|-jährige[rnms]?|\sJahre\salt|\s(?:years?|años|anos)\s(?:old|of\sage|de\sedad|de\sidade))\b",
    ]
    months = sorted((m for m in MONTHS[language] if len(m) > 3), key=len, reverse=True)
    if language == "en":  # capitalised only, and "May"/"March" only after a preposition
        month = (r"\b(?:" + "|".join(m.capitalize() for m in months if m not in ("may", "march")) + r")\b"
                 r"|\b(?:in|on|of|since|until|from|by|early|late|mid|last|next)\s(?P<x>May|March)\b")
    else:
        month = r"(?i:\b(?:" + "|".join(months) + r")\b)"
    legal = rf"(?:{_words(lex['legal_refs'])})\s?(?:no\.\s?|nos\.\s?|Nr\.\s?)?(?:\d+[a-z]?(?:\s?(?:,|and|und|y|e|§)\s?)?)*$"
    fields = _words(lex["sex_fields"])
    items: list[tuple[str, re.Pattern[str]]] = [  # on the same span the first wins (voting keeps input order)
        (CODE, re.compile(r"(?:\b[Nn]os?\.|\b[Nn]rn?\.|\b[Nn]\.?\s?[º°]s?\.?|\b[Nn]\.os|\b[Nn]úms?\.)\s?"
                          r"(?P<x>\d+(?:[/-]\d+)*(?:(?:\s?,\s?|\s(?:and|und|y|e|et|or|&)\s)\d+(?:[/-]\d+)*)+)")),
        (DATE, re.compile(rf"(?<![\w/.,-])(?:(?i:year|Jahr|año|ano)\s)?{_YEAR}(?![\w/]|[.,]\d)")),
        (DATE, re.compile(_DECADES[language], re.IGNORECASE)),
        (DATE, re.compile(month)),
        *[(QUANTITY, re.compile(a, re.IGNORECASE)) for a in ages],
        (QUANTITY, re.compile(rf"(?<![\w/.,-])(?i:{duration})(?![\w/])")),
        (QUANTITY, re.compile(rf"(?<![\w/.,-])(?:{_DIGITS})(?![\w/]|[.,]\d)")),
        (QUANTITY, re.compile(rf"\b(?i:{_words(lex['number_words'])}(?:[\s-]{_words(lex['number_words'])}){{0,3}})\b")),
        (DEMOGRAPHIC, re.compile(rf"(?i:\b{fields})\s?:\s?(?P<x>[A-Za-zÀ-ÿ]{{1,10}})\b")),
    ]
    for key, label in (("demographic", DEMOGRAPHIC), ("occupation", OCCUPATION), ("relation", RELATION),
                       ("health", HEALTH)):
        items.append((label, re.compile(rf"(?<![\w-])(?i:{_words(lex[key])})(?![\w-])")))
    return {"items": items, "legal_ref": re.compile(legal)}
