"""Fault scenarios end to end: ``python -m anontools.devtools.faults [--scenario S] [--documents N]``
(``anonymizer-dev faults``).

Each scenario starts what it needs on loopback — its own Tansu broker, its own ``redis-server`` (private
port, append-only file so a restart keeps the tables; the machine's shared Redis is never touched),
one or two workers (``python -m app.worker``) — publishes a stream of short English documents (plus a
few bad inputs that must become dead letters), injects a fault while the stream is being processed, and
accounts for every input:

``kill`` (:mod:`~anontools.devtools.faults.kill`)
    the worker is killed with SIGKILL in the middle of the stream, then restarted.
``two-workers`` (:mod:`~anontools.devtools.faults.two_workers`)
    one of two workers sharing the partitions is stopped under load; the other takes over.
``redis-down`` (:mod:`~anontools.devtools.faults.redis_down`)
    the Redis of the tables is stopped under load (then again with a worker kill, then on the reverse path).
``broker-down`` (:mod:`~anontools.devtools.faults.broker_down`)
    the broker starts late, is killed and restarted empty, and is unreachable while keeping its data.
``poison`` (:mod:`~anontools.devtools.faults.poison`)
    messages that make a stage fail, each followed by good messages of the same key.

Figures (printed, and written to ``out/faults-<scenario>.json``): documents sent, outputs, dead letters,
duplicates (and whether they were byte-identical), lost (must be 0), conflicting (a request *and* a dead
letter for one input, must be 0), tables checked (every request's table loads and restores the original
text exactly), recovery time (fault end → every partition with pending work produced output again) and
catch-up time (fault end → every input answered). Worker logs and every output topic (JSON lines) are kept
under ``out/faults-<scenario>/``.

Leak scan (issue 15; every scenario, ``stall`` included): every ``translation.requests`` record the scenario
read (copies included, across broker restarts) is scanned for the originals detected for its job — the entity
texts of the job's ``documents.detected`` records and the originals of its tables of solutions in Redis — left in
clear (case-insensitive, whitespace-normalized, whole words: :mod:`anontools.devtools.leaks`). The figures
``leak_scan: {records, originals_checked, leaks, ...}``; the scenario fails when ``leaks`` > 0. The documents of
the fault scenarios ask in turn for every method the default policy allows (:data:`STREAM_METHODS`).

``stall`` (:mod:`~anontools.devtools.faults.stall`; issue 15)
    hostile inputs published while a steady stream of short documents runs: no input may delay the others
    beyond their own processing time. Not part of ``all`` (it measures, it injects no fault).

``--report`` prints the figures of the existing ``out/faults-*.json`` as a Markdown table.

Exit code 0 when every scenario run passed its checks, 1 otherwise, 2 when the environment could not be
set up.

Modules: one per scenario, each describing it in full (above); their inputs
(:mod:`~anontools.devtools.faults.inputs`), environment (:mod:`~anontools.devtools.faults.run`), stream
(:mod:`~anontools.devtools.faults.stream`) and accounting (:mod:`~anontools.devtools.faults.accounting`); the
command (:mod:`~anontools.devtools.faults.cli`). Brokers, Redis servers, workers and Kafka clients come from the
harness shared with the tests, the demo and the benchmark (:mod:`anontools.devtools.harness`).
"""

from __future__ import annotations

from anontools.devtools.faults.accounting import ScenarioResult
from anontools.devtools.faults.cli import EXTRA_SCENARIOS, SCENARIOS, main, markdown, run_scenario
from anontools.devtools.faults.inputs import STREAM_METHODS, make_bad_inputs, make_documents
from anontools.devtools.faults.poison import poison_messages
from anontools.devtools.faults.run import FaultEnv
from anontools.devtools.faults.stall import reverse_url_input, stall_inputs
from anontools.devtools.harness.redis_local import PrivateRedis

__all__ = [
    "EXTRA_SCENARIOS",
    "SCENARIOS",
    "STREAM_METHODS",
    "FaultEnv",
    "PrivateRedis",
    "ScenarioResult",
    "main",
    "make_bad_inputs",
    "make_documents",
    "markdown",
    "poison_messages",
    "reverse_url_input",
    "run_scenario",
    "stall_inputs",
]
