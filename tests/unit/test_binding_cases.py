"""The binding cases of the re-identification evaluation: no wrong restoration with the anonymization id."""

from anontools.reidentification.binding_cases import builtin_documents, evaluate_binding


def test_with_the_id_no_case_restores_another_documents_originals():
    report = evaluate_binding(builtin_documents(), ["tag", "suppress"])
    assert report["documents"] == 10
    for method in ("tag", "suppress"):
        cases = report["methods"][method]
        assert cases["cross_job_with_id"] == {"cases": 30, "refused": 30}
        assert cases["reused_job_with_id"] == {"cases": 30, "restored_right": 30}
        assert cases["ciphertext_moved"] == {"cases": 60, "refused": 60}
        for legacy in ("cross_job_legacy", "reused_job_legacy"):
            c = cases[legacy]
            assert c["cases"] == 30 and c["refused_when_required"] == 30
            assert sum(c.get(k, 0) for k in ("refused", "restored_right", "not_restored", "wrong_cases")) == 30
    # without the id, documents whose anonymized texts coincide cannot be told apart: counted, not hidden
    assert report["methods"]["tag"]["cross_job_legacy"]["wrong_cases"] == 9
    assert report["methods"]["suppress"]["cross_job_legacy"]["wrong_cases"] == 1
