"""English."""

from app.languages import Language, register

LANGUAGE = register(Language(
    code="en",
    name="English",
    faker_locales=("en_US", "en_GB", "en_IE"),
    surrogate_countries=("US", "GB", "CA", "AU", "IE", "NZ"),
    first_name_locales=("en_US", "en_GB"),
    titles=frozenset("""Mr. Mr Mrs. Mrs Ms. Ms Miss Dr. Dr Prof. Prof Sir Dame Lord Lady Rev. Judge Justice Senator Governor
        President Minister Commissioner Mayor""".split()),
    title_genders={
        "mr": "male", "mister": "male", "sir": "male", "lord": "male",
        "mrs": "female", "ms": "female", "miss": "female", "madam": "female", "dame": "female", "lady": "female",
        "dr": None, "prof": None, "mx": None, "rev": None,
    },
    months=("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December"),
    month_abbreviations={"jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9,
                         "oct": 10, "nov": 11, "dec": 12},
    weekdays=("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"),
    stop_words=frozenset("""The A An This That These Those It He She They We I You His Her Their Our My Its In On At For
        From By With Of To And But Or If When While As Mr Mrs Ms Dr""".split()),
    legal_forms=frozenset("Ltd Ltd. Limited Inc Inc. Corp Corp. Co Co. LLC L.L.C. LLP PLC plc Plc".split()),
    company_nouns=frozenset("Corporation Group Holding Holdings".split()),
    conjunctions=frozenset({"and", "&", "or"}),
    organization_connectors=frozenset({"of", "the"}),
    organization_heads=frozenset("""University College Bank Council Hospital Infirmary Court Ministry Institute Museum
        Police Academy School Club Association Federation Society Foundation Agency Authority Commission Embassy
        Parliament Assembly Government Department Chamber Exchange""".split()),
    id_keywords=(
        r"MRN", r"medical\s+record(?:\s+number)?", r"patient(?:\s+ID|\s+number)?", r"record\s+number",
        r"(?:member|customer|client|employee|student|subscriber)\s+(?:ID|number)", r"account(?:\s+number)?",
        r"(?:insurance|policy)(?:\s+ID|\s+number)?", r"invoice(?:\s+number)?", r"passport(?:\s+number)?",
        r"driver['’]?s\s+licen[cs]e(?:\s+number)?", r"licen[cs]e\s+number", r"order\s+number",
        r"reference\s+number", r"tax\s+ID", r"(?:licen[cs]e\s+|number\s+)?plate(?:\s+number)?",
        r"(?:vehicle\s+)?registration(?:\s+number)?", r"ID",
    ),
    head_final=True,
    label_translations={
        "NAME": "PERSON", "ORGANISATION": "ORGANIZATION", "PLACE": "LOCATION", "TELEPHONE": "PHONE",
        "MAIL": "EMAIL", "E_MAIL": "EMAIL", "E-MAIL": "EMAIL",
    },
))
