from tests.properties import CI_EXAMPLES, profile_for


def test_the_slow_tests_run_thoroughly_only_when_selected():
    assert profile_for("", None) == "ci"
    assert profile_for("not e2e", None) == "ci"
    assert profile_for("not slow", None) == "ci"
    assert profile_for("not e2e and not slow", None) == "ci"
    assert profile_for("slow", None) == "thorough"
    assert profile_for("slow and not e2e", None) == "thorough"
    assert profile_for("(slow)", None) == "thorough"
    assert profile_for("", "thorough") == "thorough"
    assert profile_for("slow", "ci") == "ci"


def test_examples_follow_the_active_profile():
    from tests import properties

    before = properties._active
    properties.load("ci")
    assert properties.examples(1500) == CI_EXAMPLES
    assert properties.examples(10) == 10
    properties.load("thorough")
    assert properties.examples(1500) == 1500
    properties.load(before)
