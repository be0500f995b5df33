"""A host in its own process, for the tests that kill one (SIGKILL: no goodbye): it resumes
the game from the stream in its folder, prints "ready", and answers requests until killed.

    python -m tests.net_host_runner FOLDER"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from board.net.host import Host
from board.net.server import Hosting


async def main(folder: str) -> None:
    host = Host(Hosting.read(Path(folder)))
    await host.start()
    print("ready", flush=True)
    await asyncio.Event().wait()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
