"""The one test harness for Kafka, Redis and worker processes: used by the tests (``tests/conftest.py``), the demo,
the benchmark and the fault scenarios alike. Everything binds to loopback only.

- :mod:`~anontools.devtools.harness.processes`: child processes (:class:`ManagedProcess`, ``terminate``,
  ``die_with_parent``, ``free_port``, ``wait_for_port``), ``loadavg``, ``b64``.
- :mod:`~anontools.devtools.harness.tansu`: a Tansu broker (Kafka-compatible, in memory) on a free port
  (``anonymizer-dev tansu``).
- :mod:`~anontools.devtools.harness.redis_local`: a Redis that answers (``LocalRedis``), a private restartable one
  (``PrivateRedis``), ``delete_prefix``.
- :mod:`~anontools.devtools.harness.worker`: ``python -m app.worker`` as a child process (``WorkerProcess``) and
  the settings it runs with.
- :mod:`~anontools.devtools.harness.kafka`: topics, producers (``produce``, ``publish``, ``Publisher``) and
  background consumers (``Collector`` for tests, ``Recorder`` for the fault scenarios).
- :mod:`~anontools.devtools.harness.proxy`: a TCP proxy that cuts a broker off (``TcpProxy``).

The submodules are imported on demand (``from anontools.devtools.harness.tansu import TansuBroker``): starting a
broker does not import aiokafka or the worker's settings.
"""
