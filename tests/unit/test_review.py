"""Human review (issue 19): the policy, the queue of held documents, the review session, the audit log, auth."""

from __future__ import annotations

import orjson
import pytest

from app.review import auth
from app.review.audit import AuditLog
from app.review.corrections import correction_sentences
from app.review.policy import ReviewPolicy, sample_fraction
from app.review.queue import HeldDocument, ReviewQueue, held_message, release_marker
from app.review.session import EditError, ReviewDocument, diff_entities, utf16_to_index
from app.doc import Entity
from app.settings import Settings

TEXT = "Ann Lee met Bob in Paris. Lee called Acme later."


def ent(start: int, end: int, label: str, score: float = 1.0, source: str = "stanza") -> dict:
    return {"start": start, "end": end, "label": label, "text": TEXT[start:end], "source": source, "score": score}


ENTITIES = [ent(0, 7, "PERSON"), ent(12, 15, "PERSON"), ent(19, 24, "LOCATION"), ent(26, 29, "PERSON", 0.4)]


def held(entities=ENTITIES, job_id="job-1", timestamp=0) -> HeldDocument:
    queue = ReviewQueue()
    detected = {"job_id": job_id, "text": TEXT, "language": "en", "method": "tag", "entities": entities,
                "metadata": {"review": True}}
    queue.apply(held_message(detected, ["flag"]), timestamp)
    return queue.get(job_id)


# ------------------------------------------------------------------ policy

def test_policy_defaults_hold_only_flagged_documents():
    policy = ReviewPolicy.from_settings(Settings())
    assert policy.reasons("j", "en", ENTITIES, {"review": True}) == ["flag"]
    assert policy.reasons("j", "en", ENTITIES, {"review": "yes"}) == []  # only the JSON value true
    assert policy.reasons("j", "en", ENTITIES, None) == []


def test_policy_every_reason_in_order():
    policy = ReviewPolicy(languages=frozenset({"de"}), min_score=0.5, proper_noun=True,
                          labels=frozenset({"DATE"}), sample_rate=1.0)
    entities = [ent(0, 7, "PROPER_NOUN", source="proper_noun"), ent(12, 15, "PERSON", 0.49), ent(19, 24, "DATE")]
    assert policy.reasons("j", "de", entities, {"review": True}) == [
        "flag", "language", "low_score", "proper_noun", "label", "sample"]
    assert policy.reasons("j", "en", [ent(12, 15, "PERSON", 0.5)], {}) == ["sample"]
    # malformed entities are ignored by the policy (the corefer stage dead-letters them)
    assert ReviewPolicy(min_score=0.5).reasons("j", "en", ["x", {"score": "low"}], None) == []


def test_policy_flag_can_be_turned_off():
    assert ReviewPolicy(metadata_flag=False).reasons("j", "en", [], {"review": True}) == []


def test_sample_is_deterministic_by_job_id():
    assert sample_fraction("job-1") == sample_fraction("job-1")
    assert 0 <= sample_fraction("job-1") < 1
    policy = ReviewPolicy(sample_rate=0.25)
    held_ids = [f"job-{i}" for i in range(2000) if policy.reasons(f"job-{i}", "en", [], None)]
    assert held_ids == [f"job-{i}" for i in range(2000) if sample_fraction(f"job-{i}") < 0.25]
    assert 400 < len(held_ids) < 600  # about a quarter of 2000


def test_policy_from_settings_reads_the_review_fields():
    s = Settings(review_languages=["pt"], review_min_score=0.7, review_proper_noun=True, review_labels=["AGE"],
                 review_sample_rate=0.1, review_metadata_flag=False)
    assert ReviewPolicy.from_settings(s) == ReviewPolicy(False, frozenset({"pt"}), 0.7, True, frozenset({"AGE"}), 0.1)


# ------------------------------------------------------------------ queue

def test_queue_hold_is_idempotent_and_release_marker_wins():
    queue = ReviewQueue()
    detected = {"job_id": "a", "text": TEXT, "language": "en", "method": "tag", "entities": ENTITIES}
    assert queue.apply(held_message(detected, ["flag"]), 5) == "a"
    assert queue.apply(held_message(detected, ["flag"]), 6) == "a"  # redelivered hold: one entry
    queue.apply(held_message({**detected, "job_id": "b"}, ["sample"]), 3)
    assert [d.job_id for d in queue.pending()] == ["b", "a"]  # oldest hold first
    assert queue.get("a").reasons == ["flag"] and queue.get("a").entities == ENTITIES
    assert queue.apply(release_marker("a")) == "a"
    assert queue.get("a") is None and queue.is_released("a")
    queue.apply(held_message(detected, ["flag"]), 7)  # a redelivered hold after the release stays released
    assert [d.job_id for d in queue.pending()] == ["b"] and len(queue) == 1


def test_queue_skips_records_that_are_no_hold():
    queue = ReviewQueue()
    assert queue.apply(b"not json") is None
    assert queue.apply(orjson.dumps({"job_id": "x", "text": "t"})) is None  # no language/method/entities
    assert queue.skipped == 2 and len(queue) == 0


# ------------------------------------------------------------------ session

def test_session_starts_with_the_coreference_chains():
    doc = ReviewDocument(held())
    assert [(e.start, e.end, e.label) for e in doc.entities] == [
        (0, 7, "PERSON"), (12, 15, "PERSON"), (19, 24, "LOCATION"), (26, 29, "PERSON")]
    assert [(c.label, c.mentions) for c in doc.chains()] == [("PERSON", [0, 3]), ("PERSON", [1]), ("LOCATION", [2])]
    assert doc.segments()[:3] == [("Ann Lee", 0), (" met ", None), ("Bob", 1)]
    assert "".join(piece for piece, _ in doc.segments()) == TEXT


def test_session_edits_and_release_document():
    doc = ReviewDocument(held())
    assert doc.add(37, 42, "ORGANIZATION") == 4  # "Acme " → trimmed to "Acme"
    assert doc.entities[4] == Entity(37, 41, "ORGANIZATION", "Acme", "review", 1.0)
    with pytest.raises(EditError, match=r"overlaps entity 0"):
        doc.add(4, 9, "PERSON")
    with pytest.raises(EditError, match="unknown label"):
        doc.add(42, 47, "NOPE")
    with pytest.raises(EditError, match="only whitespace"):
        doc.add(7, 8, "PERSON")
    assert doc.remove(1).text == "Bob"
    assert doc.relabel(1, "ORGANIZATION") == "LOCATION"  # Paris
    doc.split(2)  # "Lee" leaves "Ann Lee"'s chain
    with pytest.raises(EditError, match="same label"):
        doc.merge(0, 1)
    doc.merge(1, 3)  # Paris (ORGANIZATION) and Acme
    resolved = doc.resolved()
    assert [(e["text"], e["label"]) for e in resolved.entities] == [
        ("Ann Lee", "PERSON"), ("Paris", "ORGANIZATION"), ("Lee", "PERSON"), ("Acme", "ORGANIZATION")]
    assert resolved.chains == [{"chain_id": 0, "label": "PERSON", "mentions": [0]},
                               {"chain_id": 1, "label": "ORGANIZATION", "mentions": [1, 3]},
                               {"chain_id": 2, "label": "PERSON", "mentions": [2]}]
    d = doc.diff()
    assert (d.added, d.removed, d.relabelled) == ([(37, 41, "ORGANIZATION")], [(12, 15, "PERSON")],
                                                  [(19, 24, "LOCATION", "ORGANIZATION")])
    record = doc.correction()
    assert record["released"] == [[0, 7, "PERSON"], [19, 24, "ORGANIZATION"], [26, 29, "PERSON"], [37, 41, "ORGANIZATION"]]
    assert record["text"] == TEXT and record["language"] == "en"


def test_added_entity_joins_its_coreference_chain():
    doc = ReviewDocument(held([ent(0, 7, "PERSON")]))
    index = doc.add(26, 29, "PERSON")  # "Lee" is the last name of "Ann Lee"
    assert index == 1 and [c.mentions for c in doc.chains()] == [[0, 1]]


def test_utf16_offsets_from_the_browser():
    text = "a😀b Ann"
    assert utf16_to_index(text, 0) == 0 and utf16_to_index(text, 3) == 2 and utf16_to_index(text, 5) == 4
    assert utf16_to_index(text, 8) == 7
    with pytest.raises(EditError):
        utf16_to_index(text, 2)  # inside the surrogate pair
    with pytest.raises(EditError):
        utf16_to_index(text, 9)


def test_diff_by_span_and_label():
    a = [Entity(0, 3, "PERSON", "Ann", "x"), Entity(5, 8, "LOCATION", "Rio", "x")]
    b = [Entity(0, 3, "ORGANIZATION", "Ann", "x"), Entity(9, 12, "PERSON", "Bob", "x")]
    d = diff_entities(a, b)
    assert (d.added, d.removed, d.relabelled, d.changed) == (
        [(9, 12, "PERSON")], [(5, 8, "LOCATION")], [(0, 3, "PERSON", "ORGANIZATION")], True)
    assert not diff_entities(a, a).changed


def test_correction_sentences_tag_released_spans_only_for_ner_labels():
    record = {"text": "Ann Lee met Bob. Mail ann@x.org today.", "released": [[0, 7, "PERSON"], [12, 15, "PERSON"],
              [22, 31, "EMAIL"]], "detected": [[0, 3, "PERSON"]]}
    assert correction_sentences(record) == [
        [("Ann", "B-PER"), ("Lee", "I-PER"), ("met", "O"), ("Bob", "B-PER"), (".", "O")],
        [("Mail", "O"), ("ann@x.org", "O"), ("today", "O"), (".", "O")]]
    assert correction_sentences(record, "detected")[0][:2] == [("Ann", "B-PER"), ("Lee", "O")]


# ------------------------------------------------------------------ audit log, auth

def test_audit_log_appends_who_when_what_without_text(tmp_path):
    log = AuditLog(tmp_path / "audit" / "review.jsonl")
    log.write("alice", "add", "job-1", start=0, end=7, label="PERSON")
    log.write("bob", "release", "job-1", added=1)
    entries = log.entries()
    assert [(e["user"], e["action"], e["job_id"], e["details"]) for e in entries] == [
        ("alice", "add", "job-1", {"start": 0, "end": 7, "label": "PERSON"}),
        ("bob", "release", "job-1", {"added": 1})]
    assert entries[0]["at"].endswith("+00:00")
    assert (tmp_path / "audit" / "review.jsonl").stat().st_mode & 0o777 == 0o600


def test_passwords_are_argon2_hashed_and_verified(tmp_path):
    line = auth.user_line("alice", "s3cret pass")
    name, _, hashed = line.partition(":")
    assert name == "alice" and hashed.startswith("$argon2id$") and "s3cret" not in hashed
    path = tmp_path / "users.txt"
    path.write_text("# reviewers\n" + line + "\n", encoding="utf-8")
    users = auth.read_users(path)
    assert auth.verify(users, "alice", "s3cret pass")
    assert not auth.verify(users, "alice", "wrong")
    assert not auth.verify(users, "mallory", "s3cret pass")
    with pytest.raises(ValueError):
        auth.user_line("a:b", "x")


def test_csrf_tokens_compare_exactly():
    token = auth.new_csrf_token()
    assert auth.csrf_ok(token, token)
    assert not auth.csrf_ok(token, token[:-1] + ("A" if token[-1] != "A" else "B"))
    assert not auth.csrf_ok(None, token) and not auth.csrf_ok(token, None) and not auth.csrf_ok("", "")


# ------------------------------------------------------------------ learning from corrections

def test_scripted_reviewer_applies_gold_with_session_edits():
    from anontools.review.scripted import apply_gold, read_brat

    text = "Dra. Ana Ruiz, Hospital Clinic, Calle Mayor 5, 28036 Madrid."
    ann = ("T1\tNOMBRE_PERSONAL_SANITARIO 5 13\tAna Ruiz\nT2\tHOSPITAL 15 30\tHospital Clinic\n"
           "T3\tCALLE 32 45\tCalle Mayor 5\nT4\tTERRITORIO 47 52\t28036\nT5\tTERRITORIO 53 59\tMadrid\n"
           "T6\tEDAD_SUJETO_ASISTENCIA 0 4\tDra.\n")
    gold = read_brat(ann, text)
    assert gold == [(5, 13, "PERSON"), (15, 30, "ORGANIZATION"), (32, 45, "LOCATION"), (53, 59, "LOCATION")]
    detected = [{"start": 5, "end": 8, "label": "PERSON", "text": "Ana", "source": "stanza"},
                {"start": 15, "end": 30, "label": "LOCATION", "text": "Hospital Clinic", "source": "stanza"},
                {"start": 47, "end": 52, "label": "POSTAL_CODE", "text": "28036", "source": "pattern"},
                {"start": 53, "end": 59, "label": "LOCATION", "text": "Madrid", "source": "stanza"}]
    held = HeldDocument("s-1", text, "es", "tag", detected, None, ["scripted"], 0)
    doc = ReviewDocument(held)
    apply_gold(doc, gold)
    record = doc.correction()
    assert record["released"] == [[5, 13, "PERSON"], [15, 30, "ORGANIZATION"], [32, 45, "LOCATION"],
                                  [47, 52, "POSTAL_CODE"], [53, 59, "LOCATION"]]
    assert (record["added"], record["removed"], record["relabelled"]) == (
        [[5, 13, "PERSON"], [32, 45, "LOCATION"]], [[5, 8, "PERSON"]], [[15, 30, "LOCATION", "ORGANIZATION"]])


def test_finetune_split_and_training_set():
    from anontools.review.finetune import split_holdout, training_sentences

    records = [{"job_id": f"j{i}", "text": f"Ann{i} came.", "released": [[0, len(f"Ann{i}"), "PERSON"]]}
               for i in range(6)]
    train, held_out = split_holdout(records, 2)
    assert len(train) == 4 and len(held_out) == 2
    assert sorted(r["job_id"] for r in train + held_out) == [f"j{i}" for i in range(6)]
    assert split_holdout(list(reversed(records)), 2) == (train, held_out)  # the split depends on job ids only
    corpus = [[("Lisboa", "B-LOC")], [("casa", "O")], [("Rio", "B-LOC")]]
    sentences = training_sentences(train, corpus, repeat=2, corpus_sentences=2, seed=1)
    assert len(sentences) == 4 * 2 + 2
    assert sorted(s for s in sentences if s[0][1] == "B-PER") == sorted(
        [[(r["text"][:-6], "B-PER"), ("came", "O"), (".", "O")] for r in train] * 2)


def test_merge_candidates_are_other_chains_of_the_same_label():
    doc = ReviewDocument(held())
    assert doc.merge_candidates(0) == [(2, 1)]  # "Bob" (chain 2) can join "Ann Lee"/"Lee" (chain 1)
    assert doc.merge_candidates(2) == []  # the only LOCATION
    doc.merge(0, 1)
    assert doc.merge_candidates(0) == [] and [c.mentions for c in doc.chains()] == [[0, 1, 3], [2]]


def test_fine_tuning_starts_from_a_copy_with_the_smaller_learning_rate(tmp_path):
    import torch

    from anontools.review.finetune import with_learning_rate

    torch.save({"model": {"w": torch.zeros(2)}, "config": {"lr": 0.1, "optim": "sgd"}}, tmp_path / "ner.pt")
    copy = with_learning_rate(tmp_path / "ner.pt", 0.01, tmp_path / "work" / "base.pt")
    loaded = torch.load(copy, weights_only=False)
    assert loaded["config"] == {"lr": 0.01, "optim": "sgd"} and torch.equal(loaded["model"]["w"], torch.zeros(2))
    assert torch.load(tmp_path / "ner.pt", weights_only=False)["config"]["lr"] == 0.1  # the base is untouched
