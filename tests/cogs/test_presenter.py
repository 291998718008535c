"""The presenter under concurrency: outcomes of one game published out of order or in a burst
leave the board on the newest state, post each new roll once, and skip unchanged edits."""

import asyncio
import dataclasses
import itertools
from typing import Any

import discord
import pytest

from bot.fronts.base import Picture
from bot.service import Outcome, TableService
from bot.storage import SqliteRepository
from cogs.panels import Drawn
from cogs.presenter import Presenter
from cogs.prompts import prompt_drawn
from tests.bot.helpers import open_table

GAME = "fleet-dice"


class FakeChannel:
    """Records what the presenter sends and edits, with a pause to let outcomes queue up."""

    def __init__(self) -> None:
        self.ids = itertools.count(1000)
        self.sent: list[dict[str, Any]] = []
        self.edits: list[tuple[int, dict[str, Any]]] = []
        self.contents: dict[int, dict[str, Any]] = {}

    async def send(self, content: str | None = None, **fields: Any) -> Any:
        await asyncio.sleep(0.01)
        mid = next(self.ids)
        self.sent.append({"content": content, **fields})
        self.contents[mid] = {"content": content, **fields}
        return type("Sent", (), {"id": mid})()

    def get_partial_message(self, mid: int) -> Any:
        channel = self

        class Partial:
            async def edit(self, **fields: Any) -> None:
                await asyncio.sleep(0.01)
                channel.edits.append((mid, fields))
                channel.contents[mid] = {**channel.contents.get(mid, {}), **fields}

        return Partial()


class FakeClient:
    def __init__(self) -> None:
        self.channel = FakeChannel()

    def get_partial_messageable(self, channel_id: int, guild_id: int | None = None) -> Any:
        return self.channel


@pytest.fixture
async def service(tmp_path):
    repo = await SqliteRepository.open(tmp_path / "p.db")
    yield TableService(repo)
    await repo.close()


async def solo_outcomes(service: TableService, n: int, humans: int = 1) -> list[Outcome]:
    """A game's start and its next n heuristic moves, as the cog would get them."""
    row = await open_table(service, 1, 1, solo=humans == 1)
    for user in range(2, humans + 1):
        await service.join(row.id, user, f"u{user}")
    outcomes = [await service.start(row.id, 1)]
    game = service.game(GAME)
    for _ in range(n):
        state = outcomes[-1].state
        assert state is not None
        seat = game.to_act(state)[0]
        action = game.default_action(state, seat)
        outcomes.append(await service.act(row.id, seat + 1, action.text))
    return outcomes


def step_of(presenter: Presenter, outcome: Outcome) -> Any:
    """The public step panel an outcome shows (a roll), or None."""
    rules = presenter.service.game(GAME)
    return presenter.reading(outcome.row, rules, outcome.state).public_step()


def shown(client: FakeClient) -> str:
    """Everything the channel shows now, comparable."""
    return repr(
        {
            mid: (c.get("embed").to_dict() if c.get("embed") else None, c.get("content"))
            for mid, c in client.channel.contents.items()
        }
    )


def board_of(client: FakeClient, board_id: int) -> Any:
    return client.channel.contents[board_id]["embed"].to_dict()


async def test_an_older_outcome_published_late_does_not_bring_the_board_back(service):
    outcomes = await solo_outcomes(service, 4)
    client = FakeClient()
    presenter = Presenter(client, service)  # type: ignore[arg-type]
    await presenter.publish(outcomes[0])
    await presenter.publish(outcomes[4])
    newest = shown(client)
    edits = len(client.channel.edits)
    await presenter.publish(outcomes[2])  # a slow handler's outcome arrives last
    assert shown(client) == newest
    assert len(client.channel.edits) == edits


async def test_a_burst_of_outcomes_ends_on_the_newest_and_posts_each_roll_once(service):
    outcomes = await solo_outcomes(service, 30)
    client = FakeClient()
    presenter = Presenter(client, service)  # type: ignore[arg-type]
    keys = [step.key for o in outcomes if (step := step_of(presenter, o)) is not None]
    rolls_expected = len(dict.fromkeys(keys))
    await presenter.publish(outcomes[0])
    await asyncio.gather(*(presenter.publish(o) for o in outcomes[1:]))
    row = await service.repo.load(outcomes[0].row.id)
    # The table (the newest roll message, edited in place) shows the newest state.
    final = Presenter(FakeClient(), service)  # type: ignore[arg-type]
    await final.publish(outcomes[-1])
    assert board_of(client, row.step_message_id) == board_of(final.client, 1000)  # type: ignore[attr-defined]
    # Every new draft got its roll message, and no more (edits coalesced, not rolls lost).
    posted_rolls = [
        s for s in client.channel.sent if "embed" in s and s["embed"].title[0] in "🎲🎣"
    ]
    assert len(posted_rolls) == rolls_expected > 1
    # Fewer edits than outcomes: queued outcomes left the edits to the newest.
    assert len(client.channel.edits) < 2 * len(outcomes)


async def test_an_unchanged_roll_message_is_not_edited_again(service):
    outcomes = await solo_outcomes(service, 3)
    client = FakeClient()
    presenter = Presenter(client, service)  # type: ignore[arg-type]
    for outcome in outcomes:
        await presenter.publish(outcome)
    row = outcomes[-1].row
    # A newer version that shows the same table: the host takes back a seat never on autopilot.
    same = await service.set_autopilot(row.id, 1, False, 1, False)
    assert same.row.version > row.version and same.state == outcomes[-1].state
    edits = len(client.channel.edits)
    await presenter.publish(same)
    assert len(client.channel.edits) == edits, "the table says the same: not edited"
    assert client.channel.sent[-1]["content"] == "u1 is back in control of their seat."


async def test_a_picture_the_message_shows_already_is_not_drawn_again(service):
    presenter = Presenter(FakeClient(), service)  # type: ignore[arg-type]
    drawings: list[str] = []

    def picture(key: str) -> Picture:
        return Picture(key, lambda: drawings.append(key) or b"PNG " + key.encode())

    posted = await presenter.pictured(Drawn(discord.Embed(title="turn 3"), None, picture("a")))
    assert drawings == ["a"] and posted.file() is not None
    presenter._images[555] = posted.image_key  # message 555 now shows picture "a"
    same = await presenter.pictured(Drawn(discord.Embed(title="fished"), None, picture("a")), 555)
    assert drawings == ["a"], "the message keeps its picture: nothing drawn"
    assert "attachments" not in same.edit(shown_image=presenter._images[555])
    moved = await presenter.pictured(Drawn(discord.Embed(title="sailed"), None, picture("b")), 555)
    assert drawings == ["a", "b"]
    assert moved.edit(shown_image=presenter._images[555])["attachments"]


async def test_an_open_prompt_is_edited_only_when_its_decision_changes(service):
    outcomes = await solo_outcomes(service, 0, humans=2)
    client = FakeClient()
    presenter = Presenter(client, service)  # type: ignore[arg-type]
    started = outcomes[0]
    row = started.row
    waited = row.waits[0]
    edits: list[dict[str, Any]] = []

    async def edit(**fields: Any) -> None:
        edits.append(fields)

    reading = presenter.reading(row, service.game(GAME), started.state).as_reader(waited.seat)
    drawn, owes = prompt_drawn(reading, row.id)
    assert owes
    presenter.prompt_opened(row.id, waited.user_id, edit, None, drawn)
    # A newer version of the table that leaves this player's decision as it was.
    other = next(s.user_id for s in row.seats if s.user_id != waited.user_id)
    same = await service.set_autopilot(row.id, other, False, other, False)
    assert same.state == started.state
    await presenter.publish(dataclasses.replace(same, actor=None))
    assert edits == [], "the prompt shows this decision already: not edited"
    # The player's decision changes (it was played for them): their prompt shows the next one.
    game = service.game(GAME)
    action = game.default_action(started.state, waited.seat)
    moved = await service.act(row.id, waited.user_id, action.text)
    await presenter.publish(dataclasses.replace(moved, actor=None))
    assert len(edits) == 1
