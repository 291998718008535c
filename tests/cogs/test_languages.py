"""A German client on a Portuguese server: every private answer German, every public message
Portuguese, no English sentence anywhere (names excepted), through whole games."""

import json
import re

import pytest
import simcord.actors

from tests.cogs.harness import ids, said

ENGLISH = {
    "the", "your", "you", "with", "and", "of", "to", "is", "for", "takes", "marks", "waiting",
    "nothing", "move", "round", "coins", "boats", "license", "buildings", "star",
    "action", "player", "game", "scores", "wins", "points", "take", "leftover", "pick", "dice",
    "sheet", "table", "gains", "launches", "catches", "crosses",
}  # fmt: skip
"""Words any English sentence of the bot uses and no German or Portuguese one does."""


TITLES = ["Fleet: The Dice Game"]
"""Names, not sentences: the German and Portuguese editions are printed under the English title
(the cover pages of their rulebooks)."""


def english_words(text: str) -> set[str]:
    for title in TITLES:
        text = text.replace(title, " ")
    text = re.sub(r"<[@#!&]?\d+>", " ", text)  # mentions
    text = re.sub(r"fl1:[^\s\"']+", " ", text)  # custom ids
    return {w for w in re.findall(r"[A-Za-z]+", text.lower()) if w in ENGLISH}


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


async def check_everything(table, private_texts):
    public = []
    for req in table.env.http_requests:
        if "/channels/" in req.path and req.method in ("POST", "PATCH"):
            public.append(json.dumps(req.json, ensure_ascii=False))
    public_english = {w for text in public for w in english_words(text)}
    assert not public_english, sorted(public_english)
    private_english = {w for text in private_texts for w in english_words(text)}
    assert not private_english, sorted(private_english)
    assert any("Rodada" in text for text in public), "public messages speak Portuguese"
    assert any("Würfel" in text or "Runde" in text for text in private_texts), "private: German"


async def test_a_whole_game_speaks_each_readers_language(table, locales):
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
    opened = await alice.slash(table.channel, "table new", game="fleet-dice")
    private.append(said(opened))
    table.thread_id = next(t.id for t in table.bot.get_guild(table.guild.id).threads)
    lobby = await table.lobby()
    await bob.click(lobby, custom_id=next(i for i in ids(lobby) if i.endswith(":join")))
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
