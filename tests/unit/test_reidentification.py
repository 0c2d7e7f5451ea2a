from app.anonymization.engine import AnonymizerEngine
from app.coreference.resolver import resolve_chains
from app.doc import Entity
from app.reidentification.reidentify import reidentify

TEXT = "Mr. John Doe met Jane Roe in Paris. Doe said Jane was late."
ENTITIES = [
    Entity(0, 12, "PERSON", "Mr. John Doe", "t"),
    Entity(17, 25, "PERSON", "Jane Roe", "t"),
    Entity(29, 34, "LOCATION", "Paris", "t"),
    Entity(36, 39, "PERSON", "Doe", "t"),
    Entity(45, 49, "PERSON", "Jane", "t"),
]


def anonymized(method):
    return AnonymizerEngine().anonymize(TEXT, ENTITIES, resolve_chains(ENTITIES), method=method, job_id="j", language="en")


def test_untranslated_round_trip_is_exact_for_every_method():
    for method in ("tag", "suppress"):
        result = anonymized(method)
        back = reidentify(result.text, result.table)
        assert back.text == TEXT
        assert (back.restored, back.unknown_placeholders, back.missing_placeholders) == (5, [], [])


def test_translation_reordered_spaced_and_lower_case():
    table = anonymized("tag").table
    back = reidentify("[ person_2 ] traf [PERSON_1] in [Location_1]. [PERSON_1] sagte, [PERSON_2] kam zu spät.", table)
    assert back.text == "Jane Roe traf Mr. John Doe in Paris. Doe sagte, Jane kam zu spät."
    assert back.restored == 5


def test_unknown_missing_and_repeated_placeholders():
    table = anonymized("tag").table
    back = reidentify("[PERSON_1], [PERSON_1], [PERSON_1] und [PERSON_9].", table)
    assert back.text == "Mr. John Doe, Doe, Mr. John Doe und [PERSON_9]."
    assert back.restored == 3
    assert back.unknown_placeholders == ["[PERSON_9]"]
    assert back.missing_placeholders == ["[PERSON_2]", "[LOCATION_1]"]


def test_suppression_with_masks_dropped_restores_nothing_and_says_why():
    # never guess: with 3 masks for 5 mentions the order cannot be verified, so no original is restored
    table = anonymized("suppress").table
    back = reidentify("XXX traf XXX in XXX.", table)
    assert back.text == "XXX traf XXX in XXX."
    assert back.restored == 0
    assert back.missing_placeholders == ["XXX#1", "XXX#2", "XXX#3", "XXX#4", "XXX#5"]
    assert back.refused == [{"reason": "order_unverifiable", "mark": "XXX", "expected": 5, "found": 3}]
    assert back.unrestored_marks == [
        {"mark": "XXX", "start": 0, "end": 3, "reason": "order_unverifiable"},
        {"mark": "XXX", "start": 9, "end": 12, "reason": "order_unverifiable"},
        {"mark": "XXX", "start": 16, "end": 19, "reason": "order_unverifiable"},
    ]


def test_suppression_verified_count_is_case_insensitive_and_reported_as_order():
    table = anonymized("suppress").table
    back = reidentify("Xxx traf XXX in xxx. XXX sagte, XXX kam zu spät.", table, order_policy="count")
    assert back.text == "Mr. John Doe traf Jane Roe in Paris. Doe sagte, Jane kam zu spät."
    assert (back.restored, back.conditions, back.refused) == (5, {"order": 5}, [])
    assert back.restorations[:2] == [{"start": 0, "end": 12, "condition": "order", "mark": "XXX#1"},
                                     {"start": 18, "end": 26, "condition": "order", "mark": "XXX#2"}]


def test_suppression_with_an_extra_or_fused_mask_is_refused():
    table = anonymized("suppress").table
    for translation in ("XXX traf XXX in XXX. XXX sagte, XXX und XXX kamen.", "XXX traf XXX in XXX. XXX sagte XXX."[:-5] + "."):
        back = reidentify(translation, table)
        assert back.text == translation and back.restored == 0
        assert back.refused[0]["reason"] == "order_unverifiable"


def test_by_default_order_restores_only_masks_with_one_original():
    # German word order may swap two masks; identical masks cannot show it, so by default only a mask whose
    # mentions all have the same original is restored by order
    text = "Doe met Doe. Paris."
    ents = [Entity(0, 3, "PERSON", "Doe", "t"), Entity(8, 11, "PERSON", "Doe", "t")]
    table = AnonymizerEngine().anonymize(text, ents, resolve_chains(ents), method="suppress", job_id="j", language="en").table
    back = reidentify("Xxx traf XXX.", table)
    assert (back.text, back.conditions, back.refused) == ("Doe traf Doe.", {"order": 2}, [])
    back = reidentify("XXX traf XXX in XXX. XXX sagte, XXX kam.", anonymized("suppress").table)
    assert back.restored == 0
    assert back.refused == [{"reason": "order_unverifiable", "mark": "XXX", "expected": 5, "found": 5}]


def test_mark_only_refuses_order_and_elimination():
    table = anonymized("suppress").table
    back = reidentify("XXX traf XXX in XXX. XXX sagte, XXX kam.", table, mark_only=True)
    assert back.restored == 0
    assert back.refused == [{"reason": "mark_only", "mark": "XXX", "expected": 5, "found": 5}]


class _NameSwap:
    """A surrogate operator for the test: full names and surnames get different, consistent surrogates."""

    name = "swap"
    unique = True

    def select(self, text, entities, language):
        return entities

    def replace(self, chain, document):
        full = {"PERSON": "Peter Miller", "LOCATION": "Oslo"}[chain.label] if chain.ordinal == 1 else "Eva Lund"
        return [full if " " in m or chain.label != "PERSON" else full.split()[-1] for m in chain.mentions]


def test_surrogates_restored_per_mention_in_any_order():
    engine = AnonymizerEngine()
    engine._operators["swap"] = _NameSwap()
    result = engine.anonymize(TEXT, ENTITIES, resolve_chains(ENTITIES), method="swap", job_id="j", language="en")
    assert result.text == "Peter Miller met Eva Lund in Oslo. Miller said Lund was late."
    assert reidentify(result.text, result.table).text == TEXT
    back = reidentify("Eva Lund traf Peter Miller in Oslo. Miller sagte es.", result.table)
    assert back.text == "Jane Roe traf Mr. John Doe in Paris. Doe sagte es."
    assert back.missing_placeholders == []


def test_condition_one_by_position_is_exact_even_with_lookalike_text():
    result = anonymized("suppress")
    back = reidentify(result.text, result.table)
    assert (back.text, back.condition) == (TEXT, "position")


def test_damaged_placeholders_in_a_translation():
    table = anonymized("tag").table
    translation = "【 persona_2 】 traf &#91;PERSON_1&#93; in «ORT_1». [PERSON _ 1] sagte, ［PERSONNE_2］ kam zu spät."
    back = reidentify(translation, table)
    assert back.text == "Jane Roe traf Mr. John Doe in Paris. Doe sagte, Jane kam zu spät."
    assert (back.restored, back.unknown_placeholders, back.missing_placeholders, back.condition) == (5, [], [], "marks")


def test_customer_placeholders_are_never_confused_with_ours():
    text = "Mr. John Doe wrote [PERSON_1] in the form."
    ents = [Entity(4, 12, "PERSON", "John Doe", "t")]
    result = AnonymizerEngine().anonymize(text, ents, resolve_chains(ents), method="tag", job_id="j", language="en")
    assert result.text == "Mr. [PERSON_2] wrote [PERSON_1] in the form."
    back = reidentify("Herr [PERSON_2] schrieb [PERSON_1] ins Formular.", result.table)
    assert back.text == "Herr John Doe schrieb [PERSON_1] ins Formular."
    assert back.unknown_placeholders == ["[PERSON_1]"]
    untouched = reidentify(result.text, result.table)
    assert (untouched.text, untouched.condition) == (text, "position")
    assert untouched.unknown_placeholders == ["[PERSON_1]"]


def test_position_restore_lists_only_marks_outside_the_mentions():
    text = "[LOCATION_3] Doe met [PERSON_1] and Jane Roe ([PERSON_1]) in Paris."
    ents = [Entity(13, 16, "PERSON", "Doe", "t"), Entity(36, 44, "PERSON", "Jane Roe", "t"),
            Entity(61, 66, "LOCATION", "Paris", "t")]
    result = AnonymizerEngine().anonymize(text, ents, resolve_chains(ents), method="tag", job_id="j", language="en")
    assert result.text == "[LOCATION_3] [PERSON_2] met [PERSON_1] and [PERSON_3] ([PERSON_1]) in [LOCATION_1]."
    back = reidentify(result.text, result.table)
    assert (back.text, back.condition, back.restored) == (text, "position", 3)
    assert back.unknown_placeholders == ["[LOCATION_3]", "[PERSON_1]"]
    assert back.missing_placeholders == []


def test_surrogates_tolerate_case_and_inflection():
    engine = AnonymizerEngine()
    engine._operators["swap"] = _NameSwap()
    table = engine.anonymize(TEXT, ENTITIES, resolve_chains(ENTITIES), method="swap", job_id="j", language="en").table
    back = reidentify("PETER MILLER traf Eva Lund in Oslo. Millers Hund und Lund's Katze.", table)
    assert back.text == "Mr. John Doe traf Jane Roe in Paris. Does Hund und Jane's Katze."


def test_moses_markup_mode_round_trip_and_translation():
    engine = AnonymizerEngine(operator_options={"tag": {"markup": "moses"}})
    result = engine.anonymize(TEXT, ENTITIES, resolve_chains(ENTITIES), method="tag", job_id="j", language="en")
    assert result.text.startswith('<ne translation="[PERSON_1]">[PERSON_1]</ne> met <ne translation="[PERSON_2]">')
    assert reidentify(result.text, result.table).text == TEXT
    moved = 'Ayer <ne translation="[PERSON_2]">[PERSON_2]</ne> vio a <ne translation="[PERSON_1]">[PERSON_1]</ne>.'
    assert reidentify(moved, result.table).text == "Ayer Jane Roe vio a Mr. John Doe."


def test_position_restoration_needs_the_exact_anonymized_text():
    # found by the round-trip evaluation: an Italian translation with the same length as the English
    # anonymized text and the mark at the same offset must not be restored by position
    text = "The House voted."
    ents = [Entity(4, 9, "ORGANIZATION", "House", "t")]
    table = AnonymizerEngine().anonymize(text, ents, resolve_chains(ents), method="tag", job_id="j", language="en").table
    assert len("The [ORGANIZATION_1] voted.") == table.anon_length
    lookalike = "Das [ORGANIZATION_1] stimmt"  # same length, mark at the same offset, another text
    assert len(lookalike) == table.anon_length
    back = reidentify(lookalike, table)
    assert (back.condition, back.text) == ("marks", "Das House stimmt")


def test_order_based_restorations_are_counted():
    table = anonymized("suppress").table
    back = reidentify("XXX traf XXX in XXX; XXX und XXX.", table, order_policy="count")
    assert (back.restored, back.restored_by_order, back.condition) == (5, 5, "marks")
    assert back.text == "Mr. John Doe traf Jane Roe in Paris; Doe und Jane."
    assert reidentify("[PERSON_1] x", anonymized("tag").table).restored_by_order == 0


def test_tolerant_marks_escapes_invisible_characters_and_other_brackets():
    table = anonymized("tag").table
    translation = ("&lt;PERSON_2&gt; traf \\[PERSON\\_1\\] in %5BLOCATION_1%5D. "
                   "[PER\u200bSON_1] sagte, (PERSON_2) kam zu spät.")
    back = reidentify(translation, table)
    # parentheses and quotes stay: the text may have written them itself
    assert back.text == "Jane Roe traf Mr. John Doe in Paris. Doe sagte, (Jane) kam zu spät."
    assert (back.restored, back.conditions, back.unrestored_marks) == (5, {"mark": 5}, [])


def test_labels_in_other_languages_and_merged_marks():
    table = anonymized("tag").table
    back = reidentify("[ЛИЦО_2] встретил [人物_1] в [OSOBA_1 und 2]; [مكان_1].", table)
    assert back.text == "Jane Roe встретил Mr. John Doe в Doe und Jane; Paris."
    assert back.restored == 5 and back.missing_placeholders == []


def test_unknown_label_restored_by_elimination_only_when_unambiguous():
    table = anonymized("tag").table
    assert table.source_marks == 0
    back = reidentify("[PERSON_1] y [PERSON_2] en [ALOCUCIÓN_1].", table)
    # PERSON_1 came back, so LOCATION_1 is the only unrestored entry numbered 1
    assert back.text == "Mr. John Doe y Jane Roe en Paris."
    assert back.conditions == {"mark": 2, "elimination": 1}
    # two unrestored entries numbered 1: nothing is guessed, the token is listed with its offset
    back = reidentify("[PERSON_2] en [ALOCUCIÓN_1].", table)
    assert back.text == "Jane Roe en [ALOCUCIÓN_1]."
    assert back.unrestored_marks == [{"mark": "[ALOCUCIÓN_1]", "start": 12, "end": 25, "reason": "unknown"}]
    assert reidentify("[PERSON_1] y [PERSON_2] en [ALOCUCIÓN_1].", table, mark_only=True).restored == 2


def test_unknown_marks_are_listed_with_output_offsets():
    table = anonymized("tag").table
    back = reidentify("[PERSON_1] und [PERSON_9] und PERSON_7.", table)
    assert back.text == "Mr. John Doe und [PERSON_9] und PERSON_7."
    assert back.unrestored_marks == [{"mark": "[PERSON_9]", "start": 17, "end": 27, "reason": "unknown"},
                                     {"mark": "PERSON_7", "start": 32, "end": 40, "reason": "unknown"}]
    assert back.restorations == [{"start": 0, "end": 12, "condition": "mark", "mark": "[PERSON_1]"}]


def test_surrogates_tolerate_whitespace_and_accents():
    engine = AnonymizerEngine()
    engine._operators["swap"] = _NameSwap()
    table = engine.anonymize(TEXT, ENTITIES, resolve_chains(ENTITIES), method="swap", job_id="j", language="en").table
    back = reidentify("Peter\u00a0 Miller traf Eva  Lund in Ósló.", table)
    assert back.text == "Mr. John Doe traf Jane Roe in Paris."


def test_suppress_picks_a_mask_the_source_does_not_contain():
    text = "xxx is not a name; Mr. John Doe met Jane Roe."
    ents = [Entity(23, 31, "PERSON", "John Doe", "t"), Entity(36, 44, "PERSON", "Jane Roe", "t")]
    result = AnonymizerEngine().anonymize(text, ents, resolve_chains(ents), method="suppress", job_id="j", language="en")
    assert result.text == "xxx is not a name; Mr. [XXX] met [XXX]."
    back = reidentify("xxx no es un nombre; el Sr. [XXX] conoció a [XXX].", result.table, order_policy="count")
    assert back.text == "xxx no es un nombre; el Sr. John Doe conoció a Jane Roe."


class _TitleSwap(_NameSwap):
    def replace(self, chain, document):
        return {"PERSON": ["Mrs Carlson"] * len(chain.mentions), "LOCATION": ["University of Oslo"]}[chain.label] if chain.ordinal == 1 else ["Eva Lund"] * len(chain.mentions)


def test_a_translated_shared_word_of_a_surrogate_is_tolerated():
    text = "Mrs Schroedter studied at the University of Paris."
    ents = [Entity(0, 14, "PERSON", "Mrs Schroedter", "t"), Entity(30, 49, "LOCATION", "University of Paris", "t")]
    engine = AnonymizerEngine()
    engine._operators["swap"] = _TitleSwap()
    table = engine.anonymize(text, ents, resolve_chains(ents), method="swap", job_id="j", language="en").table
    back = reidentify("La señora Carlson estudió en la Universidad de Oslo.", table)
    assert back.text == "La señora Schroedter estudió en la Universidad de Paris."
    assert back.missing_placeholders == [] and back.conditions == {"mark": 2}


class _DateSwap(_NameSwap):
    def replace(self, chain, document):
        return ["09 November 1999"] if chain.label == "DATE" else ["Oslo"]


def test_a_date_surrogate_with_its_month_translated():
    text = "Paris, 17 December 1999."
    ents = [Entity(0, 5, "LOCATION", "Paris", "t"), Entity(7, 23, "DATE", "17 December 1999", "t")]
    engine = AnonymizerEngine()
    engine._operators["swap"] = _DateSwap()
    table = engine.anonymize(text, ents, resolve_chains(ents), method="swap", job_id="j", language="en").table
    assert reidentify("Oslo, 09 noviembre  1999.", table).text == "Paris, 17 December 1999."
    assert reidentify("Oslo, 09 novembro 1999.", table).missing_placeholders == []


def test_the_reverse_stage_honours_mark_only_and_the_order_policy():
    import orjson

    from app.pipeline import Pipeline
    from app.settings import Settings
    from models.records import decode_translation

    table = anonymized("suppress").table.bound("ab" * 16)
    raw = {"job_id": "j", "language": "de", "text": "XXX traf XXX in XXX. XXX sagte, XXX kam.",
           "anonymization_id": "ab" * 16}
    count = Pipeline(Settings(reidentify_order_policy="count"), detector_factory=lambda language: None)
    assert count.reidentify(decode_translation(orjson.dumps(raw), max_text_chars=1000), table).restored == 5
    mark_only = decode_translation(orjson.dumps({**raw, "mark_only": True}), max_text_chars=1000)
    result = count.reidentify(mark_only, table)
    assert (result.restored, result.refused[0]["reason"]) == (0, "mark_only")
    default = Pipeline(Settings(), detector_factory=lambda language: None)
    assert default.reidentify(decode_translation(orjson.dumps(raw), max_text_chars=1000), table).refused[0]["reason"] == "order_unverifiable"
