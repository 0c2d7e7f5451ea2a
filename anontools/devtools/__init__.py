"""Developer tools: the test harness (:mod:`anontools.devtools.harness`: Tansu broker, local Redis, worker
processes, Kafka clients), the demo, the benchmark and the fault scenarios (:mod:`anontools.devtools.faults`).

Nothing here is needed in production; these helpers run the worker on a developer machine or in CI
without Apache Kafka or a system Redis. All of them bind to loopback only.
"""
