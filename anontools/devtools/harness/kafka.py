"""Kafka plumbing of the harness: aiokafka clients for tests, the demo, the benchmark and the fault scenarios
(they work against Tansu and Apache Kafka alike).

- :func:`ensure_topics` creates topics (ignores "already exists").
- :func:`produce` sends JSON objects or raw bytes with a key; :func:`publish` and :class:`Publisher` send
  ``(key, raw)`` pairs one record per batch (Tansu's ListOffsets(latest) is wrong for batches of several records;
  RELIABILITY.md, "What Tansu cannot do"), :class:`Publisher` retrying while the broker is unreachable.
- :class:`Collector` consumes topics from the earliest offset in the background (no consumer group) so a
  test can start it, publish, then ``await collector.wait_for(predicate, timeout)``.
- :class:`Recorder` does the same for the fault scenarios: it survives broker restarts and writes every record
  as a JSON line (:class:`Out`).
- :func:`consume` consumes N messages or until a predicate holds, with a timeout.

A consumed message is a :class:`Message` (topic, key as ``str`` when UTF-8, raw value, parsed JSON or
``None``).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Optional, Sequence, Union

import orjson
from aiokafka import AIOKafkaConsumer, AIOKafkaProducer
from aiokafka.admin import AIOKafkaAdminClient, NewTopic

from anontools.devtools.harness.processes import b64

# default output topics of the worker (see app/settings.py)
OUTPUT_TOPICS: tuple[str, ...] = (
    "documents.detected",
    "documents.resolved",
    "translation.requests",
    "translation.reidentified",
    "documents.dead-letter",
)
INPUT_TOPICS: tuple[str, ...] = ("documents", "translation.results")

Value = Union[bytes, str, dict, list, None]


@dataclass
class Message:
    """One consumed record. ``json`` is the parsed value, or ``None`` when the value is not JSON."""

    topic: str
    partition: int
    offset: int
    key: Optional[str]
    value: Optional[bytes]
    json: Any = None
    timestamp_ms: int = 0


def _encode(value: Value) -> Optional[bytes]:
    if value is None or isinstance(value, bytes):
        return value
    if isinstance(value, str):
        return value.encode("utf-8")
    return orjson.dumps(value)


def _key_bytes(key: Union[str, bytes, None]) -> Optional[bytes]:
    if key is None or isinstance(key, bytes):
        return key
    return key.encode("utf-8")


def to_message(record: Any) -> Message:
    """Convert an aiokafka ``ConsumerRecord`` into a :class:`Message`."""
    key: Optional[str] = None
    if record.key is not None:
        try:
            key = record.key.decode("utf-8")
        except UnicodeDecodeError:
            key = repr(record.key)
    parsed: Any = None
    if record.value:
        try:
            parsed = orjson.loads(record.value)
        except orjson.JSONDecodeError:
            parsed = None
    return Message(record.topic, record.partition, record.offset, key, record.value, parsed, record.timestamp or 0)


async def ensure_topics(bootstrap: str, topics: Iterable[str], partitions: int = 4, *,
                        request_timeout_ms: int = 40000) -> None:
    """Create ``topics`` with ``partitions`` partitions and replication 1; existing topics are left alone.
    ``request_timeout_ms``: the admin client's (the fault scenarios, where brokers come and go, use 10 s)."""
    admin = AIOKafkaAdminClient(bootstrap_servers=bootstrap, request_timeout_ms=request_timeout_ms)
    await admin.start()
    try:
        existing = set(await admin.list_topics())
        missing = [NewTopic(t, partitions, 1) for t in dict.fromkeys(topics) if t not in existing]
        if missing:
            await admin.create_topics(missing)  # error 36 (already exists) comes back in the response, no raise
    finally:
        await admin.close()


async def produce(bootstrap: str, topic: str, messages: Iterable[tuple[Union[str, bytes, None], Value]]) -> int:
    """Send ``(key, value)`` pairs to ``topic`` and wait for all acknowledgements.

    ``value`` may be ``bytes`` (sent as is), ``str`` (UTF-8) or a JSON-serialisable object (orjson).
    Returns the number of messages sent.
    """
    producer = AIOKafkaProducer(bootstrap_servers=bootstrap, acks="all", linger_ms=0)
    await producer.start()
    try:
        futures = [await producer.send(topic, _encode(v), key=_key_bytes(k)) for k, v in messages]
        await asyncio.gather(*futures)
        return len(futures)
    finally:
        await producer.stop()


async def produce_one(bootstrap: str, topic: str, key: Union[str, bytes, None], value: Value) -> None:
    """Send one message and wait for its acknowledgement."""
    await produce(bootstrap, topic, [(key, value)])


@dataclass
class Collector:
    """Consume ``topics`` from the earliest offset in a background task, without a consumer group.

    Usage::

        async with Collector(bootstrap, OUTPUT_TOPICS) as out:
            await produce(...)
            await out.wait_for(lambda msgs: any(m.key == "job-1" for m in msgs), timeout=60)
            out.by_topic("translation.requests")

    Topics are created first (``ensure_topics``) so the consumer sees them from the start.
    """

    bootstrap: str
    topics: Sequence[str] = OUTPUT_TOPICS
    partitions: int = 4
    messages: list[Message] = field(default_factory=list)
    _consumer: Optional[AIOKafkaConsumer] = None
    _task: Optional[asyncio.Task] = None
    _changed: Optional[asyncio.Event] = None
    _error: Optional[BaseException] = None

    async def start(self) -> "Collector":
        await ensure_topics(self.bootstrap, self.topics, self.partitions)
        self._changed = asyncio.Event()
        self._consumer = AIOKafkaConsumer(
            *self.topics, bootstrap_servers=self.bootstrap, group_id=None, auto_offset_reset="earliest",
            enable_auto_commit=False, metadata_max_age_ms=2000,
        )
        await self._consumer.start()
        self._task = asyncio.create_task(self._run())
        return self

    async def _run(self) -> None:
        assert self._consumer is not None and self._changed is not None
        try:
            while True:
                batch = await self._consumer.getmany(timeout_ms=200)
                new = [to_message(r) for records in batch.values() for r in records]
                if new:
                    self.messages.extend(new)
                    self._changed.set()
        except asyncio.CancelledError:
            raise
        except BaseException as exc:  # surface consumer failures to wait_for
            self._error = exc
            self._changed.set()

    async def wait_for(self, predicate: Callable[[list[Message]], bool], timeout: float = 60.0) -> list[Message]:
        """Wait until ``predicate(self.messages)`` is true; return the messages.

        Raises:
            TimeoutError: not true after ``timeout`` seconds (the message says how many were collected).
        """
        assert self._changed is not None, "call start() first"
        deadline = time.monotonic() + timeout
        while True:
            if self._error is not None:
                raise RuntimeError(f"collector consumer failed: {self._error!r}") from self._error
            if predicate(self.messages):
                return self.messages
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                counts = {t: len(self.by_topic(t)) for t in self.topics}
                raise TimeoutError(f"condition not met within {timeout:.0f} s; collected {counts}")
            self._changed.clear()
            try:
                await asyncio.wait_for(self._changed.wait(), timeout=min(remaining, 1.0))
            except asyncio.TimeoutError:
                pass

    async def wait_for_keys(self, keys: Iterable[str], topics: Sequence[str], timeout: float = 60.0, *,
                            where: Optional[Callable[[Message], bool]] = None) -> dict[str, Message]:
        """Wait until each of ``keys`` has at least one message on one of ``topics`` (and matching ``where``
        when given); return the first such message per key."""
        wanted = set(keys)

        def found() -> dict[str, Message]:
            out: dict[str, Message] = {}
            for m in self.messages:
                if m.topic in topics and m.key in wanted and m.key not in out and (where is None or where(m)):
                    out[m.key] = m
            return out

        await self.wait_for(lambda _msgs: len(found()) == len(wanted), timeout)
        return found()

    def by_topic(self, topic: str) -> list[Message]:
        """Messages collected so far from ``topic``, in arrival order."""
        return [m for m in self.messages if m.topic == topic]

    def for_key(self, key: str, topic: Optional[str] = None) -> list[Message]:
        """Messages collected so far with ``key`` (optionally only from ``topic``)."""
        return [m for m in self.messages if m.key == key and (topic is None or m.topic == topic)]

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except (asyncio.CancelledError, Exception):
                pass
            self._task = None
        if self._consumer is not None:
            await self._consumer.stop()
            self._consumer = None

    async def __aenter__(self) -> "Collector":
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()


async def consume(
    bootstrap: str,
    topics: Union[str, Sequence[str]],
    *,
    n: Optional[int] = None,
    until: Optional[Callable[[list[Message]], bool]] = None,
    timeout: float = 30.0,
) -> list[Message]:
    """Consume from the earliest offset of ``topics`` until ``n`` messages arrived or ``until(messages)``
    holds (at least one of them must be given).

    Raises:
        TimeoutError: the condition was not met within ``timeout`` seconds.
    """
    if n is None and until is None:
        raise ValueError("give n or until")
    names = [topics] if isinstance(topics, str) else list(topics)

    def done(msgs: list[Message]) -> bool:
        return (n is not None and len(msgs) >= n) or (until is not None and until(msgs))

    async with Collector(bootstrap, names) as c:
        msgs = await c.wait_for(done, timeout)
        return list(msgs[:n]) if n is not None and until is None else list(msgs)


async def publish(bootstrap: str, topic: str, items: list[tuple[str, bytes]]) -> None:
    """Send ``(key, raw value)`` pairs one by one (one record per batch: Tansu's ListOffsets(latest) is
    wrong for batches of several records; RELIABILITY.md, "What Tansu cannot do")."""
    producer = AIOKafkaProducer(bootstrap_servers=bootstrap, acks="all", linger_ms=0)
    await producer.start()
    try:
        for key, raw in items:
            await producer.send_and_wait(topic, raw, key=key.encode("utf-8"))
    finally:
        await producer.stop()


class Publisher:
    """One producer; ``send`` publishes ``(key, raw)`` pairs one record per batch (RELIABILITY.md, "What Tansu cannot do": Tansu's
    ListOffsets is wrong for multi-record batches) and returns each record's partition."""

    def __init__(self, bootstrap: str) -> None:
        self.bootstrap = bootstrap
        self._producer: Any = None

    async def start(self) -> "Publisher":
        self._producer = AIOKafkaProducer(bootstrap_servers=self.bootstrap, acks="all", linger_ms=0,
                                          max_batch_size=16384, request_timeout_ms=15000)
        await self._producer.start()
        return self

    async def send(self, topic: str, items: list[tuple[Optional[str], bytes]], *, patience: float = 120.0) -> list[int]:
        """Publish each record, retrying one that the broker did not acknowledge (unreachable broker: a
        ``KafkaError`` such as ``NodeNotReadyError``) every second for up to ``patience`` seconds, as a
        producing application would; the last error is raised after that."""
        from aiokafka.errors import KafkaError

        partitions: list[int] = []
        for key, raw in items:
            deadline = time.monotonic() + patience
            while True:
                try:
                    meta = await self._producer.send_and_wait(topic, raw, key=key.encode("utf-8") if key else None)
                    break
                except KafkaError:
                    if time.monotonic() > deadline:
                        raise
                    await asyncio.sleep(1.0)
            partitions.append(meta.partition)
        return partitions

    async def stop(self) -> None:
        if self._producer is not None:
            with contextlib.suppress(Exception):
                await self._producer.stop()
            self._producer = None


@dataclass
class Out:
    """One consumed output message."""

    topic: str
    partition: int
    key: Optional[str]
    raw: bytes
    value: Any
    timestamp: float  # broker record timestamp (producer CreateTime), seconds since the epoch
    seen: float  # time.time() when consumed
    offset: int = -1


class Recorder:
    """Consumes output topics from the earliest offset (no consumer group) in the background; writes
    them as JSON lines under ``out_dir`` (one file per topic). Survives a broker restart (reconnects)."""

    def __init__(self, bootstrap: str, topics: list[str], out_dir: Optional[Path]) -> None:
        self.bootstrap, self.topics, self.out_dir = bootstrap, topics, out_dir
        self.outputs: list[Out] = []
        #: what was read before each :meth:`restart` (a broker restarted empty forgets it; the leak scan does not)
        self.earlier: list[Out] = []
        self._task: Optional[asyncio.Task] = None
        self._files: dict[str, Any] = {}
        self.error: Optional[BaseException] = None
        self.errors: list[str] = []
        self.changed = asyncio.Event()
        self._seen: set[tuple[str, int, int]] = set()

    async def start(self) -> "Recorder":
        if self.out_dir is not None:
            self.out_dir.mkdir(parents=True, exist_ok=True)
            self._files = {t: open(self.out_dir / f"{t}.jsonl", "ab") for t in self.topics}
        self._task = asyncio.create_task(self._run())
        return self

    async def _run(self) -> None:
        while True:
            consumer = AIOKafkaConsumer(
                *self.topics, bootstrap_servers=self.bootstrap, group_id=None, auto_offset_reset="earliest",
                enable_auto_commit=False, metadata_max_age_ms=1000, request_timeout_ms=10000,
            )
            try:
                await consumer.start()
                while True:
                    batch = await consumer.getmany(timeout_ms=200)
                    for records in batch.values():
                        for r in records:
                            self._add(r)
                    if batch:
                        self.changed.set()
            except asyncio.CancelledError:
                with contextlib.suppress(Exception):
                    await consumer.stop()
                raise
            except Exception as exc:  # broker gone: reconnect (offsets already read are skipped)
                self.error = exc
                self.errors.append(f"{type(exc).__name__}: {exc}"[:200])
                with contextlib.suppress(Exception):
                    await consumer.stop()
                await asyncio.sleep(0.5)

    def _add(self, r: Any) -> None:
        if (r.topic, r.partition, r.offset) in self._seen:
            return
        self._seen.add((r.topic, r.partition, r.offset))
        raw = r.value or b""
        try:
            value = orjson.loads(raw) if raw else None
        except orjson.JSONDecodeError:
            value = None
        key = r.key.decode("utf-8", "replace") if r.key is not None else None
        out = Out(r.topic, r.partition, key, raw, value, (r.timestamp or 0) / 1000.0, time.time(), r.offset)
        self.outputs.append(out)
        f = self._files.get(r.topic)
        if f is not None:
            f.write(orjson.dumps({"key": key, "partition": r.partition, "offset": r.offset, "timestamp": out.timestamp,
                                  "value": value if value is not None else {"_raw_base64": b64(raw)}}) + b"\n")
            f.flush()

    def of(self, topic: str) -> list[Out]:
        return [o for o in self.outputs if o.topic == topic]

    def every(self, topic: str) -> list[Out]:
        """Every record of ``topic`` read since the start, across restarts (a record read again after a
        restart on the same broker counted once)."""
        seen: set[tuple[int, int, bytes]] = set()
        out = []
        for o in self.earlier + self.outputs:
            if o.topic == topic and (o.partition, o.offset, o.raw) not in seen:
                seen.add((o.partition, o.offset, o.raw))
                out.append(o)
        return out

    async def restart(self) -> None:
        """After a broker restart: forget what was read and consume again from the earliest offsets with a
        new consumer (an existing one keeps fetching at its old positions, past the end of the new, empty
        topics, and Tansu does not answer OFFSET_OUT_OF_RANGE)."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        self.earlier.extend(self.outputs)
        self.outputs.clear()
        self._seen.clear()
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
            self._task = None
        for f in self._files.values():
            f.close()
        self._files.clear()
