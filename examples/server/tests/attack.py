"""Hostile clients in a process of their own, for the stall scenarios of the hostile tests.

``python attack.py KIND PORT SECONDS SOURCE [ARGUMENT]`` attacks the server on
127.0.0.1:PORT from the loopback address SOURCE (127.0.0.2 and so on: another client
address than the tests' own 127.0.0.1) for SECONDS, then prints one line of JSON
with what it saw:

- ``resume TOKEN``: 8 clients resume a finished game's seat in a loop, a new
  connection each time (item 7 of issue 36);
- ``create``: 40 connections send ``create`` as fast as they are answered, and
  connect again when they are closed (item 8);
- ``hold SOURCE2``: 300 slowloris HTTP requests (a header line every half second,
  never finished) from SOURCE and 200 WebSockets that send nothing from SOURCE2
  (item 9); the line says how many of them the server still had open at the end.
"""

from __future__ import annotations

import asyncio
import collections
import json
import sys
import time
from typing import Any

import websockets
from websockets.asyncio.client import connect


async def resume(url: str, source: str, until: float, token: str) -> dict[str, Any]:
    codes: collections.Counter[str] = collections.Counter()

    async def one() -> None:
        while time.monotonic() < until:
            try:
                async with connect(url, local_addr=(source, 0), open_timeout=5) as ws:
                    await ws.send(json.dumps({"type": "resume", "token": token}))
                    answer = json.loads(await asyncio.wait_for(ws.recv(), 5))
                    codes[answer.get("code", answer["type"])] += 1
                    if answer["type"] == "joined":
                        await asyncio.wait_for(ws.recv(), 5)  # the view
            except (OSError, TimeoutError, websockets.WebSocketException):
                codes["refused-connection"] += 1
                await asyncio.sleep(0.05)

    await asyncio.gather(*(one() for _ in range(8)))
    return dict(codes)


async def create(url: str, source: str, until: float) -> dict[str, Any]:
    codes: collections.Counter[str] = collections.Counter()

    async def one() -> None:
        while time.monotonic() < until:
            try:
                async with connect(url, local_addr=(source, 0), open_timeout=5) as ws:
                    while time.monotonic() < until:
                        await ws.send(json.dumps({"type": "create", "variant": "zank"}))
                        answer = json.loads(await asyncio.wait_for(ws.recv(), 5))
                        codes[answer.get("code", answer["type"])] += 1
            except (OSError, TimeoutError, websockets.WebSocketException):
                codes["closed"] += 1
                await asyncio.sleep(0.05)

    await asyncio.gather(*(one() for _ in range(40)))
    return dict(codes)


async def hold(url: str, source: str, until: float, source2: str) -> dict[str, Any]:
    host, port = "127.0.0.1", int(url.rsplit(":", 1)[1].split("/")[0])
    still_open = {"slowloris": 0, "idle-websocket": 0}
    opened = {"slowloris": 0, "idle-websocket": 0}

    async def slowloris() -> None:
        try:
            reader, writer = await asyncio.open_connection(host, port, local_addr=(source, 0))
            writer.write(b"GET /health HTTP/1.1\r\nHost: x\r\n")
            opened["slowloris"] += 1
            while time.monotonic() < until:
                await asyncio.sleep(0.5)
                writer.write(b"X-a: b\r\n")
                await writer.drain()
                if reader.at_eof():
                    return
            await asyncio.sleep(0.05)  # what the server sent (EOF) is read by now
            if not reader.at_eof() and not writer.is_closing():
                still_open["slowloris"] += 1
            writer.close()
        except OSError:
            return

    async def idle() -> None:
        try:
            ws = await connect(url, local_addr=(source2, 0), open_timeout=5)
        except (OSError, TimeoutError, websockets.WebSocketException):
            return
        opened["idle-websocket"] += 1
        try:
            await asyncio.wait_for(ws.wait_closed(), max(0.0, until - time.monotonic()))
        except TimeoutError:
            still_open["idle-websocket"] += 1
            await ws.close()

    await asyncio.gather(*(slowloris() for _ in range(300)), *(idle() for _ in range(200)))
    return {"opened": opened, "still_open": still_open}


def main() -> None:
    kind, port, seconds, source, *rest = sys.argv[1:]
    url = f"ws://127.0.0.1:{port}/ws"
    until = time.monotonic() + float(seconds)
    if kind == "resume":
        result = asyncio.run(resume(url, source, until, rest[0]))
    elif kind == "create":
        result = asyncio.run(create(url, source, until))
    elif kind == "hold":
        result = asyncio.run(hold(url, source, until, rest[0]))
    else:  # "none": the latency without an attack, for comparison
        time.sleep(float(seconds))
        result = {}
    print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
