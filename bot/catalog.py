"""Every sentence the bot says to people, by key (English now; German and Portuguese later).

Sentences are whole templates with named fields, never assembled by concatenation, so a
translation can reorder them freely.
"""

from __future__ import annotations

from typing import Any

ENGLISH: dict[str, str] = {
    # refusals: one friendly sentence saying what to do instead
    "not_seated": "You're not playing in this game: watch along, or open your own table with /fleet new.",
    "not_your_turn": "It's not your decision right now; the board shows who the table is waiting for.",
    "not_your_pick": "It's {name}'s pick right now; you'll be pinged when it's your turn.",
    "stale": "The game moved on since that button was shown — here is your current choice.",
    "stale_nothing": "The game moved on since that button was shown, and you have nothing to decide right now.",
    "game_over": "This game is over; start a new one with /fleet new.",
    "not_started": "This game hasn't started yet; the host presses Start in the lobby.",
    "no_game": "There is no Fleet game in this channel; start one with /fleet new or /fleet solo.",
    "channel_busy": "This channel already hosts a game; finish it with /fleet end or play in another channel.",
    "corrupt": "This game's saved data is damaged and can't be played; the host or a moderator can close it with /fleet end.",
    "busy": "The table is busy with another move; please click again.",
    "bad_button": "That button isn't one of mine or is damaged; use /fleet act to get your current choice.",
    "lobby_only": "The lobby has closed: the game already started or was cancelled.",
    "lobby_full": "The table is full (4 seats).",
    "already_seated": "You already have a seat at this table.",
    "host_only_start": "Only the host ({name}) can start the game.",
    "host_only_cancel": "Only the host ({name}) can cancel the game.",
    "host_cannot_leave": "The host can't leave; press Cancel to close the table instead.",
    "need_players": "A multiplayer table needs 2 to 4 seats; invite a friend or add an AI seat.",
    "end_denied": "Only the host or a moderator with Manage Threads can end this game.",
    "autopilot_denied": "Only the host or a moderator with Manage Threads can put a seat on autopilot.",
    "autopilot_not_seated": "{name} has no seat in this game.",
    "no_such_player": "That player has no seat in this game.",
    "wrong_channel": "Fleet games live in server text channels and threads; try this in a server.",
    # lobby
    "lobby_title": "Fleet: The Dice Game — table open",
    "lobby_body": "Host: {host}\nSeats ({count}/4):\n{seats}\n\nOptions: {options}\nPress **Join** to take a seat.",
    "lobby_cancelled": "The table was cancelled by {name}.",
    "lobby_started": "The game has started — good fishing!",
    "thread_name": "Fleet · {host}",
    "solo_thread_name": "Fleet solo · {host}",
    "opened_here": "Table open in {channel}.",
    "option_captains": "captain cards",
    "option_trophies": "trophies",
    "option_deadline": "turn deadline {hours} h",
    "option_no_deadline": "no turn deadline",
    "option_none": "basic game",
    "ai_name": "AI {n}",
    # play
    "your_turn": "{mentions}: it's your move in Fleet ({what}).",
    "reminder": "{mentions}: reminder — the table is waiting for your move (half the turn time is gone).",
    "last_one": "{mentions}: you're the last one the table is waiting for.",
    "deadline_applied": "Time ran out for {names}: the default move was played for them.",
    "autopilot_on": "{name} is now on autopilot: their moves are played automatically.",
    "autopilot_off": "{name} is back in control of their seat.",
    "ended": "The game was ended by {name}.",
    "end_confirm": "End this game for everyone? This can't be undone.",
    "end_kept": "The game goes on.",
    "done": "Done — nothing more to decide for now.",
    "roll_title": "Round {round} · {phase} phase",
    "roll_message": "🎲 **{title}**: {dice}\nPick order: {order}",
    "roll_message_leftover": "🎲 **{title}**\n{leftover}",
    "phase_boat": "Boat",
    "phase_town": "Town",
    "captain_ruth": "Captain Ruth",
    "board_title": "Fleet: The Dice Game — {head}",
    "board_dice": "Dice: {dice}",
    "board_markers": "Ruth's markers: {boat} · {harbor} · {wharf}",
    "board_first": "First player: {name}",
    "board_waiting": "Waiting for: {names}",
    "board_standing": "{vp} VP · {coins} coins · {fish} fish",
    "board_recent": "Recent",
    "final_line": "{rank}. {name} — {total} VP",
    "autopilot_suffix": "{name} (autopilot)",
    "roll_leftover": "Leftover for everyone: {face}",
    "sheet_of": "{name}'s sheet",
    "log_title": "Last moves",
    "log_empty": "No moves yet.",
    "final_title": "Final scores",
    "winner": "Winner: {names}",
    "solo_rank": "{name} scores {total}: **{title}**",
    "started_solo": "Solo game against Captain Ruth started in {channel}.",
    "challenge_done": "You've already played today's challenge (Fleet #{number}); a new one starts at 00:00 UTC.",
    "challenge_started": "Today's challenge (Fleet #{number}) is waiting for you in {channel}: same dice for everyone, one attempt.",
    "challenge_thread": "Fleet #{number} · {name}",
    "challenge_result": "{mention} finished today's challenge: {share}",
    "challenge_unverified": "This game's log could not be verified, so its score was not recorded.",
    "leaderboard_title": "Fleet leaderboard · {scope} · {period}",
    "leaderboard_empty": "No finished challenges in this period yet — be the first with /fleet challenge.",
    "leaderboard_line": "{rank}. <@{user}> — {score} · {title}",
    "stats_title": "Fleet stats · {name}",
    "stats_body": "Games: {games}\nMultiplayer wins: {wins}\nBest solo score: {best}\nMean solo score: {mean}\nDaily streak: {streak}\n{titles}",
    "stats_none": "—",
}


def say(key: str, **fields: Any) -> str:
    """The sentence for `key` with its fields filled in."""
    return ENGLISH[key].format(**fields)
