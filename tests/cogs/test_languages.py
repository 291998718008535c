"""A German client on a Portuguese server: every private answer German, every public message
Portuguese, no English sentence anywhere (names excepted), through whole games."""

import json
import re

import pytest
import simcord.actors

from tests.cogs.harness import ids, said

ENGLISH = {
    "the", "your", "you", "with", "and", "of", "to", "is", "for", "takes", "marks", "waiting",
    "nothing", "round", "coins", "boats", "license", "buildings", "star",
    "action", "player", "game", "scores", "wins", "points", "take", "leftover", "pick", "dice",
    "sheet", "table", "gains", "launches", "catches", "crosses",
    "doubloons", "merchant", "pirate", "ships", "crates", "fish", "auction", "bid", "cards",
    "warehouse", "aboard", "clock", "market", "company", "turn",
}  # fmt: skip
"""Words English sentences of the bot use and no German or Portuguese one does ("move" is
Portuguese too)."""


TITLES = ["Fleet: The Dice Game"]
"""Names, not sentences: the German and Portuguese editions are printed under the English title
(the cover pages of their rulebooks)."""


def english_words(text: str) -> set[str]:
    for title in TITLES:
        text = text.replace(title, " ")
    text = re.sub(r"<[@#!&]?\d+>", " ", text)  # mentions
    text = re.sub(r"fl1:[^\s\"']+", " ", text)  # custom ids
    return {w for w in re.findall(r"[A-Za-z]+", text.lower()) if w in ENGLISH}


def english_in(texts: list[str]) -> dict[str, str]:
    """Each English word found, with the first text around it (to say where it is)."""
    found: dict[str, str] = {}
    for text in texts:
        for word in english_words(text) - found.keys():
            at = re.search(rf"(?i)\b{word}\b", text)
            start = at.start() if at else 0
            found[word] = text[max(0, start - 80) : start + 80]
    return found


@pytest.fixture
def locales(monkeypatch):
    """Each interaction carries its user's client language and the server's language."""
    users: dict[int, str] = {}
    build = simcord.actors._interactions.base_payload

    def payload(backend, **kw):
        record, body = build(backend, **kw)
        body["locale"] = users.get(kw["user_id"], "en-US")
        if "guild_locale" in body:
            body["guild_locale"] = "pt-BR"
        return record, body

    monkeypatch.setattr(simcord.actors._interactions, "base_payload", payload)
    return users


async def check_everything(table, private_texts, round_words=("Rodada",)):
    public = []
    for req in table.env.http_requests:
        if "/channels/" in req.path and req.method in ("POST", "PATCH"):
            public.append(json.dumps(req.json, ensure_ascii=False))
    assert not english_in(public), english_in(public)
    assert not english_in(private_texts), english_in(private_texts)
    assert any(w in text for text in public for w in round_words), "public: Portuguese"
    assert any("Würfel" in text or "Runde" in text for text in private_texts), "private: German"


GAMES = {"fleet-dice": 0, "fleet-cards": 1, "mare-balticum": 1, "black-fleet": 1}
"""Each game, played by two people and as many AI seats as it needs."""


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_a_whole_game_speaks_each_readers_language(table, locales, game):
    alice, bob = table.add("alice", "bob")
    locales[alice.id] = locales[bob.id] = "de"
    private = []

    async def heard(actor, result):
        private.append(said(result))
        if result.response is not None and result.response.embeds:
            private.append(
                json.dumps([e.to_dict() for e in result.response.embeds], ensure_ascii=False)
            )
        for f in result.followups:
            if f.ephemeral:
                private.append(
                    json.dumps([e.to_dict() for e in f.embeds], ensure_ascii=False)
                    + (f.content or "")
                )

    table.on_click = heard
    table.sensible = True
    opened = await alice.slash(table.channel, "table new", game=game)
    private.append(said(opened))
    table.thread_id = next(t.id for t in table.bot.get_guild(table.guild.id).threads)
    lobby = await table.lobby()
    await bob.click(lobby, custom_id=next(i for i in ids(lobby) if i.endswith(":join")))
    for _ in range(GAMES[game]):
        lobby = await table.lobby()
        await alice.click(lobby, custom_id=next(i for i in ids(lobby) if i.endswith(":ai")))
    lobby = await table.lobby()
    await alice.click(lobby, custom_id=next(i for i in ids(lobby) if i.endswith(":start")))
    for command in ("table mine", "table log", "table rules"):
        answer = await alice.slash(table.handle(), command)
        private.append(
            json.dumps([e.to_dict() for e in answer.response.embeds], ensure_ascii=False)
        )
    await table.play_to_end()
    await check_everything(table, private)


async def test_a_solo_game_speaks_each_readers_language(table, locales):
    (alice,) = table.add("alice")
    locales[alice.id] = "de"
    private = []

    async def heard(actor, result):
        private.append(said(result))
        if result.response is not None and result.response.embeds:
            private.append(
                json.dumps([e.to_dict() for e in result.response.embeds], ensure_ascii=False)
            )

    table.on_click = heard
    table.sensible = True
    await table.open(alice, "table solo")
    await table.play_to_end()
    await check_everything(table, private)
