"""The demo's checks of hand-made translations (issue 16: a check that can fail) and its leak scan (issue 15)."""

from pathlib import Path

from anontools.devtools.demo import DemoInput, DemoResult, DemoTranslation


def _result(handmade_text: str, reidentified: dict) -> DemoResult:
    request = {"job_id": "j", "text": "[PERSON_1] met [PERSON_2]. [PERSON_1] left.", "language": "en"}
    inp = DemoInput(Path("j.json"), "j", b"{}", "j", "Ann met Bob. Ann left.", "en", request=request)
    hand = DemoTranslation("handmade:j", "j", "de", handmade_text, "handmade", Path("j.de.json"), result=reidentified)
    return DemoResult([inp], [], [hand])


def test_a_current_translation_must_come_back_entirely():
    text = "[PERSON_1] traf [PERSON_2]. [PERSON_1] ging."
    ok = _result(text, {"restored": 3, "missing_placeholders": [], "unknown_placeholders": []})
    assert (ok.stale_handmade, ok.failed_handmade, ok.ok) == ([], [], True)
    short = _result(text, {"restored": 2, "missing_placeholders": ["[PERSON_1]#2"], "unknown_placeholders": []})
    assert short.failed_handmade == short.handmade and not short.ok


def test_a_stale_translation_is_reported_not_failed():
    stale = _result("[PERSON_3] traf [PERSON_2].", {"restored": 1, "missing_placeholders": ["[PERSON_1]"],
                                                    "unknown_placeholders": ["[PERSON_3]"]})
    assert stale.stale_handmade == stale.handmade
    assert stale.failed_handmade == [] and stale.ok


def test_the_demo_fails_on_a_detected_entity_in_clear():
    def result(text_b: str) -> DemoResult:
        inputs = [DemoInput(Path("a.json"), "a", b"{}", "a", request={"text": "[PERSON_1] wrote."}),
                  DemoInput(Path("b.json"), "b", b"{}", "b", request={"text": text_b}),
                  DemoInput(Path("bad"), "bad", b"x", bad=True, dead_letter={"stage": "detect"})]
        detected = {job: {"entities": [{"text": "Anna Lindqvist", "label": "PERSON"}]} for job in "ab"}
        return DemoResult(inputs, [], [], detected=detected)

    leaking = result("Anna  Lindqvist wrote.")
    scan = leaking.leak_scan
    assert (scan.records, scan.originals_checked, scan.leaks, scan.leaking_jobs) == (2, 2, 1, ["b"])
    assert not leaking.ok
    assert result("[PERSON_1] wrote.").ok
