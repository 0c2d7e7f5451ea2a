"""Developer tools: local Kafka-compatible broker (Tansu), local Redis, the demo and the benchmark.

Nothing here is needed in production; these helpers run the worker on a developer machine or in CI
without Apache Kafka or a system Redis. All of them bind to loopback only.
"""
