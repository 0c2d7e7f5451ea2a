"""Hypothesis profiles of the test suite.

- ``ci`` (default): every property test runs few examples (:data:`CI_EXAMPLES`), so that ``make test`` stays fast,
  derandomized (the same examples every run: CI is reproducible; new counterexamples are the thorough run's job).
- ``thorough`` (random examples): the expensive property tests (marked ``@pytest.mark.slow``; they compare a fast algorithm with
  the former quadratic one) run their full example counts. Chosen by ``HYPOTHESIS_PROFILE=thorough`` or by
  selecting the slow tests (``pytest -m slow``), e.g. nightly.

An expensive property test declares its thorough count with :func:`examples`::

    @pytest.mark.slow
    @settings(max_examples=examples(1500), deadline=None)
    @given(...)
    def test_same_output_as_the_former_implementation(...): ...
"""

from __future__ import annotations

from hypothesis import HealthCheck, settings

CI_EXAMPLES = 40
PROFILES = ("ci", "thorough")

settings.register_profile("ci", max_examples=CI_EXAMPLES, deadline=None, derandomize=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("thorough", max_examples=1000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])

_active = "ci"


def load(profile: str) -> None:
    """Activate ``profile`` (one of :data:`PROFILES`) before the test modules are imported.

    Raises:
        ValueError: unknown profile name.
    """
    global _active
    if profile not in PROFILES:
        raise ValueError(f"unknown Hypothesis profile {profile!r}; expected one of {', '.join(PROFILES)}")
    settings.load_profile(profile)
    _active = profile


def examples(thorough: int) -> int:
    """``max_examples`` of an expensive property test: ``thorough`` under the ``thorough`` profile, at most
    :data:`CI_EXAMPLES` otherwise."""
    return thorough if _active == "thorough" else min(thorough, CI_EXAMPLES)


def profile_for(markexpr: str, environ_profile: str | None) -> str:
    """The profile of a run: ``HYPOTHESIS_PROFILE`` when set, ``thorough`` when the mark expression selects the
    slow tests (``-m slow``, ``-m "slow and not e2e"``), ``ci`` otherwise."""
    if environ_profile:
        return environ_profile
    words = markexpr.replace("(", " ").replace(")", " ").split()
    selects_slow = any(w == "slow" and (i == 0 or words[i - 1] != "not") for i, w in enumerate(words))
    return "thorough" if selects_slow else "ci"
