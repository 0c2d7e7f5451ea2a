"""A TCP proxy on loopback that can cut and restore every connection through it: a broker that keeps its data but
cannot be reached (what a real Kafka outage looks like to a client), for the fault scenarios."""

from __future__ import annotations

import asyncio
from typing import Optional

from anontools.devtools.harness.processes import free_port

__all__ = ["TcpProxy"]


class TcpProxy:
    """A loopback TCP relay ``127.0.0.1:port`` → ``127.0.0.1:target`` whose :meth:`cut` closes the listening
    socket and aborts every relayed connection (the broker becomes unreachable, as in a network partition or
    a broker host going down, while the broker process keeps its data), and :meth:`restore` listens again."""

    def __init__(self, target: int, port: Optional[int] = None) -> None:
        self.target = target
        self.port = port or free_port("127.0.0.1")
        self._server: Optional[asyncio.AbstractServer] = None
        self._conns: set[asyncio.StreamWriter] = set()

    async def start(self) -> "TcpProxy":
        self._server = await asyncio.start_server(self._handle, "127.0.0.1", self.port, reuse_address=True)
        return self

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target)
        except OSError:
            writer.transport.abort()
            return
        self._conns.update((writer, up_writer))

        async def pipe(r: asyncio.StreamReader, w: asyncio.StreamWriter) -> None:
            try:
                while data := await r.read(65536):
                    w.write(data)
                    await w.drain()
            except Exception:
                pass
            finally:
                w.transport.abort()

        await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))
        self._conns.difference_update((writer, up_writer))

    async def cut(self) -> None:
        if self._server is not None:
            self._server.close()
            self._server = None
        for w in list(self._conns):
            w.transport.abort()
        self._conns.clear()

    async def restore(self) -> None:
        await self.start()
