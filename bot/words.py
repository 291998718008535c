"""The table's words: everything the bot says that belongs to no one game (lobbies, refusals,
notices, pings, records), as gettext message ids of the ``table`` domain.

`N_` only marks a text for extraction; `say(tr, key, …)` translates and fills it in.
"""

from __future__ import annotations

from typing import Any

from bot.i18n import N_, Nn_, Tr

WORDS: dict[str, str | tuple[str, str]] = {
    # refusals: one friendly sentence saying what to do instead
    "not_seated": N_(
        "You're not playing in this game: watch along, or open your own table with /table new."
    ),
    "not_your_turn": N_(
        "The table is waiting for {names} right now; you'll be pinged when it's your turn."
    ),
    "stale": N_("The game moved on since that button was shown — here is your current choice."),
    "stale_nothing": N_(
        "The game moved on since that button was shown, and you have nothing to decide right now."
    ),
    "game_over": N_("This game is over; start a new one with /table new."),
    "not_started": N_("This game hasn't started yet; the host presses Start in the lobby."),
    "no_game": N_("There is no game in this channel; start one with /table new or /table solo."),
    "channel_busy": N_(
        "This channel already hosts a game; finish it with /table end or play in another channel."
    ),
    "corrupt": N_(
        "This game's saved data is damaged and can't be played; "
        "the host or a moderator can close it with /table end."
    ),
    "damaged_closed": N_("The damaged game was closed; this channel is free for a new table."),
    "busy": N_("The table is busy with another move; please click again."),
    "storage": N_("Couldn't save, so nothing changed — please try again in a moment."),
    "busy_storage": N_("The table is busy — nothing changed; try again in a moment."),
    "bad_button": N_(
        "That button isn't one of mine or is damaged; use /table act to get your current choice."
    ),
    "old_button": N_(
        "That button is from an older version of the bot; use /table act for your current choice."
    ),
    "other_table": N_("That button belongs to a table in another channel."),
    "not_an_action": N_("'{text}' is not a move of this game."),
    "amount_not_a_number": N_("Type a whole number, from {low} to {high}; nothing changed."),
    "unknown_game": N_("There is no game called '{game}' here."),
    "game_gone": N_(
        "This table's game ('{game}') is no longer played by this bot; "
        "the host or a moderator can close it with /table end."
    ),
    "no_solo": N_("This game has no solo mode; open a table with /table new instead."),
    "no_challenge": N_("This game has no daily challenge."),
    "lobby_only": N_("The lobby has closed: the game already started or was cancelled."),
    "lobby_full": N_("The table is full ({seats} seats)."),
    "already_seated": N_("You already have a seat at this table."),
    "host_only_start": N_("Only the host ({name}) can start the game."),
    "host_only_cancel": N_("Only the host ({name}) can cancel the game."),
    "host_only_options": N_("Only the host ({name}) can change the game's options."),
    "host_cannot_leave": N_("The host can't leave; press Cancel to close the table instead."),
    "host_only_ai": N_("Only the host ({name}) adds or removes AI seats."),
    "no_ai_seat": N_("There is no AI seat to remove."),
    "need_players": N_(
        "This table needs {least} to {most} seats; invite a friend or add an AI seat."
    ),
    "bad_options": N_("Those options don't go together for this game."),
    "end_denied": N_("Only the host or a moderator with Manage Threads can end this game."),
    "challenge_private": N_("A daily challenge can only be ended by the player taking it."),
    "challenge_no_autopilot": N_(
        "A daily challenge is played by its player alone: no autopilot, no AI help."
    ),
    "autopilot_denied": N_(
        "Only the host or a moderator with Manage Threads can put a seat on autopilot."
    ),
    "no_such_player": N_("That player has no seat in this game."),
    "wrong_channel": N_(
        "Tables live in server text channels and their threads; try this in a text channel."
    ),
    "challenge_done": N_(
        "You've already played today's challenge (#{number}); a new one starts at 00:00 UTC."
    ),
    "bad_deadline": N_("A turn deadline is off, 1, 12, 24 or 72 hours."),
    "language_denied": N_("Only members who can manage this server choose its language."),
    "ratings_denied": N_(
        "Only members who can manage this server choose what counts for its ratings."
    ),
    "language_set": N_("This server's tables now speak {language}."),
    "player_name": N_("Player {n}"),
    "left": N_("Left the game."),
    "not_over": N_("This game is still going; Play again opens once it is over."),
    "challenge_once": N_("A daily challenge is played once; a new one starts at 00:00 UTC."),
    "replay_after_day": N_(
        "A daily challenge's replay opens to others once its day is over (00:00 UTC)."
    ),
    "replay_elsewhere": N_(
        "That table's replay opens in its own channel, or for the people who played it."
    ),
    "replay_not_yours": N_("A replay shows you your own seat's view only."),
    "replay_private_running": N_(
        "Your own view opens in the replay once the game is over; /table mine shows it now."
    ),
    "replay_no_step": N_(
        "That step is not in this game's replay (its last is step {steps}); "
        "open it again with /table replay."
    ),
    "replay_no_table": N_("There is no table #{number}."),
    "replay_lobby": N_(
        "This channel's table hasn't started yet; for an earlier one, give its number: "
        "/table replay table:123 (#123 in its thread's name)."
    ),
    "replay_unreadable": N_("This game's saved moves can't be replayed."),
    # take-backs: why a move cannot be taken back (engine.core.undo and the action log)
    "undo_nothing": N_("You have no move to take back."),
    "undo_not_yours": N_(
        "The last move at this table is {name}'s: you can only take back your own last move."
    ),
    "undo_others": N_("Someone else has played since your last move, so it stands."),
    "undo_automatic": N_(
        "The last move was played automatically (an AI seat, autopilot or a deadline), "
        "so it can't be taken back."
    ),
    "undo_autopilot": N_(
        "Your seat is on autopilot: take it back with /table autopilot before undoing a move."
    ),
    "undo_stale": N_("The table moved on since that Undo was shown, so nothing was taken back."),
    "undo_broken": N_("That move can't be taken back: this game's log doesn't lead to the table."),
    "undo_game_end": N_("The game is over: the move that ended it can't be taken back."),
    "undo_roll": N_("That move can't be taken back: it rolled dice."),
    "undo_draw": N_("That move can't be taken back: cards or tokens were drawn."),
    "undo_reveal": N_("That move can't be taken back: it showed the table something hidden."),
    "undo_resolved": N_(
        "That move can't be taken back: it completed a step everyone plays at once."
    ),
    "undo_final": N_("That move can't be taken back: the rules make it final."),
    # notices in the channel
    "autopilot_on": N_("{name} is now on autopilot: their moves are played automatically."),
    "autopilot_off": N_("{name} is back in control of their seat."),
    "deadline_applied": N_("Time ran out for {names}: the default move was played for them."),
    "took_back": N_("↩️ {name} took back a move: {move}"),
    "took_back_plain": N_("↩️ {name} took back a move."),
    "undone": N_("↩️ Taken back: {move}"),
    "undone_plain": N_("↩️ Taken back."),
    "undone_challenge": N_("Take-backs are allowed in the daily challenge, for everyone alike."),
    "ended": N_("The game was ended by {name}."),
    "stalled": N_(
        "The game was ended: its AI and autopilot seats played {moves} moves in a row without "
        "finishing it."
    ),
    "damaged_ended": N_(
        "This table's saved data could not be read, so {name} closed it; "
        "the channel is free for a new table."
    ),
    # several players are called in one message: "you" is plural for them
    "your_turn": Nn_(
        "{mentions}: your move in {game} — {what}.",
        "{mentions}: your move in {game} — {what}.",
    ),
    "your_turn_deadline": Nn_(
        "{mentions}: your move in {game} — {what}. Your default move is played {when}.",
        "{mentions}: your move in {game} — {what}. Your default moves are played {when}.",
    ),
    "deadline_status": N_("⏰ Default moves are played {when}."),
    "your_turn_dm": N_("Your move in {game} ({where}) — {what}."),
    "dms_closed": N_("(Your direct messages are closed, so you are called here.)"),
    "turn": N_("Open my decision"),
    "turns_title": N_("Tables waiting for you"),
    "turns_line": N_("{n}. **{game}** · {place} · {where}\n{what} — since {since}"),
    "turns_none": N_("No table is waiting for you right now."),
    "turns_more": N_("… and more: answer these first."),
    "notify_thread": N_("You will be called in each table's thread."),
    "notify_dm": N_("You will be called by direct message, with a button that opens your move."),
    "notify_both": N_("You will be called in each table's thread and by direct message."),
    "reminder": Nn_(
        "{mentions}: reminder — the table is waiting for your move; "
        "the default move is played {when}.",
        "{mentions}: reminder — the table is waiting for your moves; "
        "the default moves are played {when}.",
    ),
    "last_one": N_(
        "{mentions}: you're the last one the table is waiting for; "
        "the default move is played {when}."
    ),
    "challenge_unverified": N_(
        "This game's log could not be verified, so its score was not recorded."
    ),
    "challenge_result": N_("{mention} finished today's challenge: {share}"),
    "challenge_replay": N_("Replay for everyone from {when}: `/table replay table:{number}`"),
    # lobby
    "lobby_title": N_("{game} — table open"),
    "lobby_title_playing": N_("{game} — playing"),
    "lobby_title_cancelled": N_("{game} — cancelled"),
    "lobby_title_over": N_("{game} — finished"),
    "lobby_body": N_(
        "Host: {host}\nSeats ({count}/{most}):\n{seats}\n\nOptions: {options}\n"
        "Press **Join** to take a seat."
    ),
    "lobby_cancelled": N_("The table was cancelled by {name}."),
    "lobby_started": N_("The game has started in {channel} — good luck!"),
    "lobby_opening": N_("Opening a table…"),
    "thread_name": N_("{game} · {host}"),
    "thread_name_number": N_("{game} · {host} · #{number}"),
    "solo_thread_name": N_("{game} solo · {host}"),
    "solo_thread_name_number": N_("{game} solo · {host} · #{number}"),
    "challenge_thread": N_("{game} #{number} · {name}"),
    "opened_here": N_("Table open in {channel}."),
    "your_dms": N_("your direct messages"),
    "started_solo": N_("Solo game started in {channel}."),
    "challenge_started": N_(
        "Today's challenge (#{number}) is waiting for you in {channel}: "
        "the same game for everyone, one attempt."
    ),
    "ratings": N_("Ratings"),
    "rating_line": N_("{name} {points} ({gain})"),
    "owed_nothing_done": N_(
        "The bot restarted before this was done, and nothing was saved: please try again."
    ),
    "deadline_off": N_("no turn deadline"),
    "deadline_on": N_("turn deadline {hours} h"),
    "ai_name": N_("AI {n} ({level})"),
    "level_normal": N_("normal"),
    "level_strong": N_("strong"),
    "autopilot_suffix": N_("{name} (autopilot)"),
    "option_on": N_("on"),
    "option_off": N_("off"),
    "option_value": N_("{option}: {value}"),
    # buttons
    "join": N_("Join"),
    "leave": N_("Leave"),
    "add_ai": N_("Add AI seat"),
    "add_strong_ai": N_("Add strong AI seat"),
    "drop_ai": N_("Remove AI seat"),
    "start": N_("Start"),
    "cancel": N_("Cancel"),
    "mine": N_("Mine"),
    "act": N_("Act"),
    "log": N_("Log"),
    "undo": N_("Undo"),
    "end_yes": N_("End the game"),
    "end_no": N_("Keep playing"),
    "end_confirm": N_("End this game for everyone? This can't be undone."),
    "end_kept": N_("The game goes on."),
    "choose": N_("Choose…"),
    "nothing_to_do": N_("Nothing to decide for you right now; the table is waiting for {names}."),
    "nothing_at_all": N_("Nothing to decide for you right now."),
    "board_posted": N_("The board is at the bottom of the channel again."),
    "board_players": N_("Only the players or a moderator can move the board down."),
    # the replay
    "replay": N_("Replay"),
    "replay_title": N_("Replay · {game} · {chapter}"),
    "replay_setup": N_("Step {step} of {steps}: the table as set up."),
    "replay_step": N_("Step {step} of {steps}: {name}'s turn."),
    "replay_yours": N_("Your own view: only you see it."),
    "replay_running": N_("The game is still going: this is the public table, up to now."),
    "replay_broken": N_("The saved moves stop replaying after step {step}: the replay ends here."),
    "replay_events": N_("In this step"),
    "replay_quiet": N_("Nothing the table saw."),
    "replay_mine": N_("My view"),
    "replay_table": N_("The table"),
    "replay_jump": N_("Jump to…"),
    "replay_from": N_("from step {step}"),
    # log
    "log_title": N_("Last moves"),
    "log_empty": N_("No moves yet."),
    "log_broken": N_("(The rest of this game's log could not be read back.)"),
    # records
    "leaderboard_title": N_("{game} leaderboard · {scope} · {period}"),
    "leaderboard_empty": N_(
        "No finished challenges in this period yet — be the first with /challenge."
    ),
    "leaderboard_line": N_("{rank}. <@{user}> — {score} · {title}"),
    "leaderboard_ties": N_("Equal scores rank by who finished first."),
    "rating_board_title": N_("{game} ratings · {scope}"),
    "rating_board_line": N_("{rank}. <@{user}> — {points} · {games}"),
    "rating_board_empty": N_(
        "No rated games yet: every finished game of two people or more counts."
    ),
    "rated_games": Nn_("{count} rated game", "{count} rated games"),
    "stats_rating": N_("Rating: {points} ({games})"),
    "rates_ai_on": N_(
        "From now on, this server's games with AI seats count for ratings (AI seats are rated "
        "at a fixed level)."
    ),
    "rates_ai_off": N_("From now on, this server's games with AI seats do not count for ratings."),
    "scope_server": N_("this server"),
    "scope_global": N_("everyone"),
    "period_today": N_("today"),
    "period_today_number": N_("today (#{number})"),
    "period_week": N_("last 7 days"),
    "period_all-time": N_("all time"),
    "stats_title": N_("Stats · {name}"),
    "stats_game": N_(
        "Games: {games} · multiplayer wins: {wins}\nBest solo: {best} · mean solo: {mean}\n"
        "Daily streak: {streak}"
    ),
    "stats_none": N_("No finished games yet."),
    "stats_dash": N_("—"),
    # the box a prompt's "Other amount…" opens (a title and a label: at most 45 characters)
    "amount_title": N_("Other amount"),
    "amount_label": N_("Amount, from {low} to {high}"),
    "amount_placeholder": N_("a whole number, like {low}"),
    # the terminal (its typed commands stay English words: board, mine, log, help, quit)
    "terminal_help": N_(
        "Type the number of a choice, or its action text.\n"
        "  board  the table\n"
        "  mine   your own sheet or hand\n"
        "  log    the last 30 events\n"
        "  help   this text\n"
        "  quit   leave the game"
    ),
    "terminal_seed": N_("Game seed: {seed} (replay it with --seed {seed})"),
}


def say(tr: Tr, key: str, many: int = 1, /, **fields: Any) -> str:
    """The sentence for `key` in `tr`'s language, with its fields filled in; `many` chooses
    the form of a sentence with a plural (the players it speaks to). List fields (``names``)
    are joined the language's way."""
    filled = {k: tr.list(list(v)) if isinstance(v, list | tuple) else v for k, v in fields.items()}
    message = WORDS[key]
    if isinstance(message, tuple):
        return tr.ngettext(*message, many, **filled)
    return tr._(message, **filled)
