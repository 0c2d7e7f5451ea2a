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
            c = cases[legacy]  # the default deployment requires the id: every legacy result refused
            assert (c["cases"], c["refused"], c.get("wrong_cases", 0)) == (30, 30, 0)
    # legacy mode (ANON_REQUIRE_ANONYMIZATION_ID=false): documents whose anonymized texts coincide cannot be told
    # apart: counted, not hidden
    assert report["methods"]["tag"]["cross_job_legacy"]["legacy_mode_wrong_cases"] == 9
    assert report["methods"]["suppress"]["cross_job_legacy"]["legacy_mode_wrong_cases"] == 1
    assert report["methods"]["tag"]["reused_job_legacy"]["legacy_mode_wrong_cases"] >= 1
