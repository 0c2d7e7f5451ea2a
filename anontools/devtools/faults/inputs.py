"""The inputs of the fault scenarios: short invented English documents asking in turn for every method the default
policy allows (:data:`STREAM_METHODS`), and bad inputs that must become dead letters."""

from __future__ import annotations

from typing import Any, Callable

import orjson

from app.policy import DEFAULT_ALLOWED


#: The methods the documents of the fault scenarios' streams ask for, in turn: every method the default policy
#: allows, so that the leak scan (:func:`leak_scan`) sees each of them through every fault.
STREAM_METHODS: tuple[str, ...] = DEFAULT_ALLOWED

_FIRST = ["Anna", "John", "Maria", "Peter", "Laura", "David", "Sofia", "Michael", "Emma", "Thomas", "Clara",
          "Robert", "Julia", "Daniel", "Helen", "Martin", "Sarah", "George", "Alice", "Oliver"]

_LAST = ["Lindqvist", "Smith", "Garcia", "Novak", "Fischer", "Brown", "Rossi", "Kowalski", "Dubois", "Jensen",
         "Moreau", "Keller", "Walsh", "Santos", "Murphy", "Becker", "Larsen", "Costa", "Hughes", "Weber"]

_CITY = ["London", "Madrid", "Berlin", "Lisbon", "Paris", "Rome", "Vienna", "Dublin", "Prague", "Warsaw",
         "Stockholm", "Amsterdam", "Brussels", "Munich", "Barcelona", "Hamburg", "Milan", "Porto"]

_ORG = ["Acme Corporation", "Nordic Shipping Ltd", "Blue River Bank", "Helios Energy Inc", "Orion Logistics Ltd"]

_MONTH = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]

_TEMPLATES = [
    "{f1} {l1} met {f2} {l2} in {city} on {day} {month} {year}. {l1} later wrote to {mail}.",
    "Dear Mr. {l1}, the contract with {org} was signed in {city} on {day} {month} {year}.",
    "{f1} {l1} from {city} called {f2} {l2} about the invoice. {l2} answered from {city2}.",
    "The report by {f1} {l1} ({mail}) was sent to {org} in {city}.",
    "On {day} {month} {year} {f1} {l1} moved from {city} to {city2} to work for {org}.",
]


def make_documents(n: int, prefix: str, *, seed: int = 0, methods: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """``n`` short English documents (one or two sentences, ~80–120 characters, 3–6 entities each) with job
    ids ``<prefix>-00000``…; deterministic for a given ``seed``. With ``methods``, document ``i`` asks for
    ``methods[i % len(methods)]`` (without: no ``method`` field, the worker's default, ``tag``)."""
    docs = []
    for i in range(n):
        k = i + seed * 7919
        f1, f2 = _FIRST[k % 20], _FIRST[(k * 7 + 3) % 20]
        l1, l2 = _LAST[(k // 20) % 20], _LAST[(k * 3 + 11) % 20]
        if l2 == l1:
            l2 = _LAST[(k * 3 + 12) % 20]
        city, city2 = _CITY[k % 18], _CITY[(k * 5 + 7) % 18]
        if city2 == city:
            city2 = _CITY[(k * 5 + 8) % 18]
        text = _TEMPLATES[k % len(_TEMPLATES)].format(
            f1=f1, l1=l1, f2=f2, l2=l2, city=city, city2=city2, org=_ORG[k % len(_ORG)],
            day=1 + k % 28, month=_MONTH[k % 12], year=1990 + k % 30,
            mail=f"{f1.lower()}.{l1.lower()}@example.org",
        )
        doc = {"job_id": f"{prefix}-{i:05d}", "language": "en", "text": text}
        if methods:
            doc["method"] = methods[i % len(methods)]
        docs.append(doc)
    return docs


def make_bad_inputs(n: int, prefix: str) -> list[tuple[str, bytes]]:
    """``n`` inputs that the detect stage must dead-letter: ``(kafka key, raw bytes)``, each unique."""
    kinds: list[Callable[[int], bytes]] = [
        lambda i: f"not json {prefix} #{i}".encode(),
        lambda i: b"\xff\xfe" + f"{prefix}-{i}".encode(),
        lambda i: orjson.dumps([prefix, i]),
        lambda i: orjson.dumps({"job_id": f"{prefix}-bad-{i:05d}", "text": 42}),
        lambda i: orjson.dumps({"job_id": f"{prefix}-bad-{i:05d}", "text": "Hola Ana.", "language": "fr"}),
        lambda i: orjson.dumps({"job_id": f"{prefix}-bad-{i:05d}", "text": "Hello Ann.", "method": "shred"}),
        lambda i: orjson.dumps({"job_id": f"{prefix}-bad-{i:05d}", "text": "   "}),
    ]
    return [(f"{prefix}-bad-{i:05d}", kinds[i % len(kinds)](i)) for i in range(n)]


# Infrastructure: a private Redis that survives a restart, the output recorder, workers
