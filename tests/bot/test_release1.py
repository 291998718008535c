"""A database written by the first release (tests/fixtures/release1.db): it opens, migrates,
keeps its results, and its games in progress go on to the end; every custom id that release
put on its messages still parses to the same table and move."""

import json
import random
import shutil
from pathlib import Path

import pytest

from bot.service import TableService
from bot.storage import SqliteRepository
from cogs.components import KINDS, DieButton, PromptButton, PromptSelect, known

FIXTURES = Path(__file__).parents[1] / "fixtures"
SHIPPED = json.loads((FIXTURES / "release1-ids.json").read_text())
NOW = 1_795_000_000.0


@pytest.fixture
async def service(tmp_path):
    db = tmp_path / "release1.db"
    shutil.copy(FIXTURES / "release1.db", db)
    repo = await SqliteRepository.open(db, lambda: NOW)
    yield TableService(repo, lambda: NOW)
    await repo.close()


async def play_out(service, game_id):
    """Every waiting human plays the first legal move until the game ends."""
    rng = random.Random(game_id)
    for _ in range(3000):
        loaded = await service.load_any(game_id)
        if loaded.row.status != "active":
            return loaded
        seat = loaded.game.to_act(loaded.state)[0]
        user = loaded.row.seats[seat].user_id
        text = rng.choice(loaded.game.legal_actions(loaded.state, seat)).text
        await service.act(game_id, user, text, token=loaded.game.token(loaded.state, seat))
    raise AssertionError("the game did not end")


async def test_the_results_of_the_first_release_keep_their_place(service):
    board = await service.repo.leaderboard("fleet-dice", None, "2026-11-30", None)
    assert [(e.user_id, e.score, e.title) for e in board] == [(11, 54, "deckhand")]
    (erin,) = await service.repo.user_stats(13)
    assert (erin.game, erin.games, erin.wins) == ("fleet-dice", 1, 0)
    assert await service.repo.attempted("fleet-dice", "2026-11-18", 18)  # today's, in progress
    assert await service.repo.unrecorded() == []


async def test_its_options_are_split_into_table_and_game_options(service):
    multi = await service.row(2)
    assert multi.game_options == {"captains": True, "trophies": True}
    lobby = await service.row(3)
    assert lobby.options.turn_hours == 24 and lobby.game_options == {
        "captains": False,
        "trophies": True,
    }
    assert lobby.shown_version == lobby.version, "what it showed is taken as shown"


@pytest.mark.parametrize("game_id", [4, 5, 6], ids=["two-players", "solo", "challenge"])
async def test_its_games_in_progress_play_on_to_the_end(service, game_id):
    before = len(await service.repo.actions(game_id))
    done = await play_out(service, game_id)
    assert done.row.status == "over" and done.game.is_over(done.state)
    assert len(await service.repo.actions(game_id)) > before
    assert await service.repo.unrecorded() == []


async def test_the_challenge_in_progress_lands_on_the_leaderboard_when_done(service):
    await play_out(service, 6)
    board = await service.repo.leaderboard("fleet-dice", "2026-11-18", "2026-11-18", None)
    assert [e.user_id for e in board] == [18]


async def test_its_lobby_can_still_be_joined_and_started(service):
    await service.join(3, 40, "newcomer")
    outcome = await service.start(3, 14)
    assert outcome.row.status == "active" and len(outcome.row.seats) == 3


def test_every_shipped_id_is_parsed_by_exactly_one_kind():
    for group, cids in SHIPPED.items():
        if group == "prompt_user":
            continue
        for cid in cids:
            kinds = [k for k in KINDS if k.__discord_ui_compiled_template__.fullmatch(cid)]
            assert len(kinds) == 1 and known(cid), cid


async def test_the_shipped_prompt_and_dice_ids_still_play_their_moves(service):
    user = int(SHIPPED["prompt_user"][0])
    loaded = await service.load_game(4)
    prompt = SHIPPED["prompt"][0]
    match = PromptButton.__discord_ui_compiled_template__.fullmatch(prompt)
    assert match is not None and int(match["game"]) == 4
    die = DieButton.__discord_ui_compiled_template__.fullmatch(SHIPPED["dice"][0])
    assert die is not None
    # The die's draft tag is the game's public token, the prompt's count its seat token.
    assert die["tag"] == loaded.game.token(loaded.state, None)
    seat = loaded.row.seat_of(user)
    assert match["token"] == loaded.game.token(loaded.state, seat)
    select = PromptSelect.__discord_ui_compiled_template__.fullmatch(SHIPPED["select"][0])
    assert select is not None and select["token"] == match["token"]
    action = match["action"].replace(".", " ")
    outcome = await service.act(4, user, action, token=match["token"])
    assert outcome.row.version == loaded.row.version + 1
