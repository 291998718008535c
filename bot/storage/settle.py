"""A COMMIT that tells the truth when its caller is cancelled.

Once a COMMIT is sent, the database may apply it whatever happens to the coroutine that sent
it: cancelling the await (a timeout in the layer above, say) stops the waiting, not the
database. Were the cancellation passed on, a write that was applied would look failed, and a
player would be told "nothing changed" about a move that stands. So the commit is waited for
to its end: a commit that failed raises its error (nothing was applied), one that succeeded
returns normally, and the cancellation is dropped, since the work it was meant to stop is done.
Before the COMMIT, a cancellation is passed on as usual and the transaction is rolled back.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import TypeVar

T = TypeVar("T")


async def settle(commit: Awaitable[T]) -> T:
    """Await `commit` to its end, even through cancellation (see the module)."""
    task = asyncio.ensure_future(commit)
    while True:
        try:
            return await asyncio.shield(task)
        except asyncio.CancelledError:
            if task.done():
                return task.result()
