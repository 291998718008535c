"""The channel outbox: one write at a time, edits of one message merged while another write is
under way, a message posted before the edits that target it, notices before the table."""

from __future__ import annotations

import asyncio
import contextvars
from typing import Any

import discord
import pytest

from cogs.outbox import Outbox


class SlowChannel:
    """A channel whose every write takes until the test lets it go, recording the writes."""

    def __init__(self) -> None:
        self.writes: list[tuple[str, Any, dict[str, Any]]] = []
        self.gate = asyncio.Event()
        self.next_id = 100

    async def _wait(self) -> None:
        await self.gate.wait()

    async def send(self, **fields: Any) -> Any:
        await self._wait()
        self.next_id += 1
        self.writes.append(("post", self.next_id, fields))
        return type("Message", (), {"id": self.next_id})()

    def get_partial_message(self, message_id: int) -> Any:
        channel = self

        class Partial:
            async def edit(self, **fields: Any) -> None:
                await channel._wait()
                if message_id == 404:
                    raise discord.NotFound(type("R", (), {"status": 404, "reason": ""})(), "gone")
                channel.writes.append(("edit", message_id, fields))

            async def delete(self) -> None:
                await channel._wait()
                channel.writes.append(("delete", message_id, {}))

        return Partial()


@pytest.fixture
def channel() -> SlowChannel:
    return SlowChannel()


async def test_edits_of_one_message_queued_behind_a_write_are_merged(channel):
    box = Outbox(channel)  # type: ignore[arg-type]
    first = box.edit(7, content="v1")  # under way: the channel holds it
    await asyncio.sleep(0)
    later = [box.edit(7, content=f"v{n}") for n in (2, 3, 4)]
    channel.gate.set()
    await asyncio.gather(first, *later)
    assert [(kind, mid, f["content"]) for kind, mid, f in channel.writes] == [
        ("edit", 7, "v1"),
        ("edit", 7, "v4"),
    ]
    assert box.sent == 2 and box.coalesced == 2


async def test_an_edit_of_a_message_being_posted_waits_for_its_id(channel):
    box = Outbox(channel)  # type: ignore[arg-type]
    posted = box.post(content="step")
    await asyncio.sleep(0)  # the post is under way: the channel holds it
    edited = box.edit(posted, content="step, edited")
    channel.gate.set()
    message_id = await posted
    await edited
    assert channel.writes == [
        ("post", message_id, {"content": "step"}),
        ("edit", message_id, {"content": "step, edited"}),
    ]


async def test_an_edit_of_a_message_still_queued_is_posted_with_it(channel):
    box = Outbox(channel)  # type: ignore[arg-type]
    busy = box.edit(1, content="under way")
    await asyncio.sleep(0)
    posted = box.post(content="step", view="buttons", file="old.png")
    edited = box.edit(posted, content=None, view=None, attachments=["new.png"])
    channel.gate.set()
    await asyncio.gather(busy, posted, edited)
    assert channel.writes[1:] == [("post", await posted, {"file": "new.png"})]
    assert box.sent == 2 and box.coalesced == 1


async def test_a_message_deleted_before_it_was_posted_is_never_written(channel):
    box = Outbox(channel)  # type: ignore[arg-type]
    busy = box.edit(1, content="under way")
    await asyncio.sleep(0)
    posted = box.post(content="board")
    box.edit(posted, content="board, edited")
    await box.delete(posted)
    after = box.post(content="board again")
    channel.gate.set()
    await asyncio.gather(busy, after)
    with pytest.raises(discord.NotFound):
        await posted
    assert [(k, f["content"]) for k, _, f in channel.writes] == [
        ("edit", "under way"),
        ("post", "board again"),
    ]


async def test_a_notice_goes_before_the_tables_edits_queued_earlier(channel):
    box = Outbox(channel)  # type: ignore[arg-type]
    busy = box.edit(1, content="under way")
    await asyncio.sleep(0)
    board = box.edit(2, content="board")
    notice = box.post("notice", content="@bob: your move")
    channel.gate.set()
    await asyncio.gather(busy, board, notice)
    assert [w[2]["content"] for w in channel.writes] == [
        "under way",
        "@bob: your move",
        "board",
    ]


async def test_a_failed_write_fails_only_its_own_waiters_and_the_rest_go_on(channel):
    box = Outbox(channel)  # type: ignore[arg-type]
    gone = box.edit(404, content="x")
    after = box.post(content="next")
    channel.gate.set()
    with pytest.raises(discord.NotFound):
        await gone
    assert await after > 100
    await box.idle()


async def test_a_quiet_outbox_holds_no_task(channel):
    box = Outbox(channel)  # type: ignore[arg-type]
    channel.gate.set()
    await box.post(content="once")
    await box.idle()
    assert box._worker is None or box._worker.done()


async def test_a_passed_step_loses_its_buttons_after_what_players_must_see(channel):
    box = Outbox(channel)  # type: ignore[arg-type]
    busy = box.edit(1, content="under way")
    await asyncio.sleep(0)
    strip = box.edit(5, lane="tidy", content=None, view=None)  # the step that is over
    step = box.post(content="the next step")
    notice = box.post("notice", content="@bob: your move")
    moved = box.edit(step, content="the next step, alice picked")
    channel.gate.set()
    await asyncio.gather(busy, strip, step, notice, moved)
    assert [(k, mid, f["content"]) for k, mid, f in channel.writes] == [
        ("edit", 1, "under way"),
        ("post", 101, "@bob: your move"),
        ("post", 102, "the next step, alice picked"),
        ("edit", 5, None),
    ]


async def test_a_message_edited_a_moment_ago_waits_its_spacing_and_the_edits_meanwhile_merge(
    channel,
):
    box = Outbox(channel, spacing=0.2)  # type: ignore[arg-type]
    channel.gate.set()
    await box.edit(7, content="alice picked")  # sent at once: nothing edited it before
    # Three more clicks within the spacing: one edit, the newest, once the spacing is out.
    later = [box.edit(7, content=c) for c in ("bob picked", "cleo picked", "dan picked")]
    step = box.post(content="the next step")  # another message does not wait for it
    notice = box.post("notice", content="@bob: your move")
    await asyncio.gather(*later, step, notice)
    assert [(k, mid, f["content"]) for k, mid, f in channel.writes] == [
        ("edit", 7, "alice picked"),
        ("post", 101, "@bob: your move"),
        ("post", 102, "the next step"),
        ("edit", 7, "dan picked"),
    ]
    assert box.sent == 4 and box.coalesced == 2


async def test_a_held_edit_keeps_the_later_writes_of_its_message_behind_it(channel):
    box = Outbox(channel, spacing=0.2)  # type: ignore[arg-type]
    channel.gate.set()
    await box.edit(7, content="v1")
    held = box.edit(7, content="v2")
    gone = box.delete(7)
    other = box.edit(8, content="the board")
    await asyncio.gather(held, gone, other)
    assert [(k, mid) for k, mid, _ in channel.writes] == [
        ("edit", 7),
        ("edit", 8),
        ("edit", 7),
        ("delete", 7),
    ]


async def test_without_spacing_every_edit_goes_as_soon_as_the_channel_takes_it(channel):
    box = Outbox(channel)  # type: ignore[arg-type]
    channel.gate.set()
    for n in range(3):
        await box.edit(7, content=f"v{n}")
    assert box.sent == 3 and box.coalesced == 0


async def test_a_step_that_is_over_loses_its_buttons_in_the_edit_still_queued_for_it(channel):
    box = Outbox(channel, spacing=0.2)  # type: ignore[arg-type]
    channel.gate.set()
    await box.edit(5, content="alice picked", view="buttons")
    last = box.edit(5, content="everyone picked", view="buttons")  # held by the spacing
    strip = box.edit(5, lane="tidy", content=None, view=None)  # the step is over
    late = box.edit(5, content="everyone picked", view="buttons")  # an older outcome, late
    await asyncio.gather(last, strip, late)
    assert channel.writes == [
        ("edit", 5, {"content": "alice picked", "view": "buttons"}),
        ("edit", 5, {"content": None, "view": None}),
    ]
    assert box.sent == 2 and box.coalesced == 2


async def test_tidying_waits_while_the_channel_is_busy_and_goes_once_it_has_room(channel):
    box = Outbox(channel, spacing=0.05, window=0.3)  # type: ignore[arg-type]
    channel.gate.set()
    for n in range(3):  # a step change: the channel's bucket is getting low
        await box.post(content=f"step {n}")
    strip = box.edit(101, lane="tidy", content=None, view=None)  # step 0 is over
    step = box.post(content="the next step")  # what players must see does not wait for it
    await step
    assert [kind for kind, _, _ in channel.writes] == ["post"] * 4, "tidying waited"
    await strip
    assert channel.writes[-1] == ("edit", 101, {"content": None, "view": None})


async def test_tidying_a_quiet_channel_goes_at_once(channel):
    box = Outbox(channel, spacing=0.05, window=30.0)  # type: ignore[arg-type]
    channel.gate.set()
    await box.post(content="the step")
    strip = box.edit(101, lane="tidy", content=None, view=None)
    await asyncio.wait_for(strip, 10)  # held, it would wait out the 30-second window


CLICK: contextvars.ContextVar[str] = contextvars.ContextVar("click", default="none")


async def test_a_write_is_made_in_the_context_of_the_newest_change_it_carries(channel):
    """What a trace or a log ties to a click includes the write that shows it, even when an
    older click's worker sends it."""
    seen: list[str] = []
    edit_of = channel.get_partial_message

    def traced(message_id: int) -> Any:
        partial = edit_of(message_id)
        plain = partial.edit

        async def edit(**fields: Any) -> None:
            seen.append(CLICK.get())
            await plain(**fields)

        partial.edit = edit
        return partial

    channel.get_partial_message = traced
    box = Outbox(channel)  # type: ignore[arg-type]

    async def click(who: str, content: str) -> asyncio.Future[None]:
        CLICK.set(who)
        return box.edit(7, content=content)

    first = await asyncio.create_task(click("alice", "v1"))  # starts the worker; under way
    await asyncio.sleep(0)
    merged = [await asyncio.create_task(click(w, w)) for w in ("bob", "cleo")]
    channel.gate.set()
    await asyncio.gather(first, *merged)
    assert seen == ["alice", "cleo"], "the merged edit is cleo's, sent by alice's worker"
