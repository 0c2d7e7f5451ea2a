"""The method policy of a deployment: which anonymization methods producers may ask for.

Producers choose the method per document, so without a policy any producer could downgrade protection. Each
method has a protection level (:data:`PROTECTION`, higher = less of the detected text survives); a deployment
allows a set of methods (``allowed_methods``, default :data:`DEFAULT_ALLOWED`) and a minimum
(``minimum_method``: methods of a lower level are refused even if listed). A document asking for a method
outside the policy becomes one dead letter (``error_type`` ``method_not_allowed``).

What each method guarantees to remove (README "Method policy"):

====================  =========================================================================================
``suppress``  (3)     every detected entity, replaced by one mask; nothing of it remains
``tag``       (3)     every detected entity, replaced by ``[LABEL_n]``; only the label remains
``substitute`` (2)    every detected entity, replaced by a surrogate of the same kind (Faker, knowledge base)
``generalize`` (1)    every detected entity, replaced by a broader term; dates keep their month or year
``combined``  (1)     every word of every detected entity and every capitalised word or number, each one ``XXX``;
                      punctuation inside an entity (the ``@`` of an e-mail address) remains
``ukds``      (0)     capitalised words and numbers only (UK Data Service rules), whatever was detected:
                      a detected lower-case e-mail address or URL may remain
``kmask``     (0)     keeps letters of names (k-anonymous masks such as ``*hn *mi*h``)
====================  =========================================================================================

A method registered by a plug-in has level 0 unless its class declares ``protection``.
"""

from __future__ import annotations

#: Protection level of each built-in method (higher: less of the original survives).
PROTECTION: dict[str, int] = {
    "suppress": 3, "tag": 3, "substitute": 2, "generalize": 1, "combined": 1, "ukds": 0, "kmask": 0,
}

#: The methods a deployment allows unless configured otherwise.
DEFAULT_ALLOWED: tuple[str, ...] = ("tag", "suppress", "substitute", "generalize")

#: The weakest method a deployment allows unless configured otherwise.
DEFAULT_MINIMUM = "generalize"


def protection(method: str) -> int:
    """The protection level of ``method`` (:data:`PROTECTION`; a plug-in's ``protection`` attribute; else 0)."""
    if method in PROTECTION:
        return PROTECTION[method]
    from app.registry import UnknownComponent, get

    try:
        return int(getattr(get("operator", method).factory, "protection", 0))
    except UnknownComponent:
        return 0


def refusal(method: str, allowed: list[str] | tuple[str, ...], minimum: str) -> str | None:
    """Why the policy refuses ``method``, or ``None`` when it is allowed. The reason quotes at most 32
    characters of the method name (it comes from the producer)."""
    if method not in allowed:
        return (f"method {method[:32]!r} is not allowed by this deployment's policy "
                f"(allowed: {', '.join(allowed)})")
    if protection(method) < protection(minimum):
        return f"method {method[:32]!r} protects less than this deployment's minimum method {minimum!r}"
    return None
