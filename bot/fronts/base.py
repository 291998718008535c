"""What a front is: it turns a game's views into plain panels, with no Discord in sight.

A front never sees a full state, only views: what the public table (seat None) or one seat
may know. The Discord adapter (`cogs/panels.py`) draws a `Panel` as an embed with buttons or
selects and an attached picture; the terminal draws the same panel as text. Everything a
front says goes through `ctx.tr`, so it speaks the reader's language.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, TypeVar

from bot.i18n import Tr
from engine.core.actions import Action
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.game import GameResult
from engine.core.search import NORMAL

V_contra = TypeVar("V_contra", contravariant=True)
Style = Literal["primary", "secondary", "success", "danger"]
Op = Literal["act", "mine", "log", "again", "board_words", "mine_words", "replay"]


@dataclass(frozen=True)
class Choice:
    """One thing a player can do from a panel.

    `action` is the action's text (what the button or select option sends); None makes a
    table button instead, by `op`: ``act`` opens the clicker's own prompt, ``mine`` their sheet
    or hand, ``log`` the last moves, ``again`` a new lobby with the same seats (on final
    scores), ``board_words`` the public table in words and ``mine_words`` the clicker's own
    sheet or hand in words (for a panel whose picture carries what the text leaves out: the
    front is asked again with ``Ctx.words`` set). `detail` is one line saying what the choice
    does now (a select option's description, ≤ 100 characters, or a line above the buttons).
    Choices with the same `group` share a select menu when they do not fit as buttons (e.g.
    "Move the merchant" and "Move the pirate")."""

    label: str
    action: str | None
    detail: str = ""
    emoji: str | None = None
    style: Style = "secondary"
    group: str = ""
    op: Op = "act"


THEN = " then "
"""Joins the steps of a choice that makes several moves at once (``play m3 then move pirate
k3``): each step is a legal action the rules check in turn when the choice is played."""
MAX_STEPS = 3
"""Steps one choice may make: a longer text is not a choice any front offers."""


def then(*actions: str) -> str:
    """The text of a choice that plays `actions` one after the other, in one click.

    >>> then("play m3", "move pirate k3 bury")
    'play m3 then move pirate k3 bury'
    """
    return THEN.join(actions)


def steps(text: str) -> list[str]:
    """The actions a choice's text plays, in order (one for an ordinary choice).

    >>> steps("play m3 then move pirate k3 bury")
    ['play m3', 'move pirate k3 bury']
    >>> steps("pick 2")
    ['pick 2']
    """
    return text.split(THEN)


@dataclass(frozen=True)
class Multi:
    """One menu in which a player picks several options at once (paying with several cards).

    The action sent is `verb` followed by the picked options' `action` values, space-separated,
    in the order the options are listed (``pay tuna crab#2``); each value is one word. Between
    `low` and `high` options may be picked (None: as many as there are). A prompt with a
    `multi` may have ordinary choices too (Decline). Discord shows at most 25 options."""

    verb: str
    options: Sequence[Choice]
    placeholder: str
    low: int = 1
    high: int | None = None


@dataclass(frozen=True)
class Amount:
    """A whole number the player may type instead of picking it from a menu (a bid the menu
    leaves out): a button labelled `label` opens a box for it, and the action sent is `verb`
    and the number (``bid 27``). `low` to `high` is the range the box suggests; the rules
    still decide (a number outside it is refused with their reason)."""

    verb: str
    label: str
    low: int
    high: int


@dataclass(frozen=True)
class Picture:
    """A picture named by what it shows, drawn only when a message needs it: a message that
    already shows `key` keeps its picture, and nothing is drawn. `draw` makes the PNG."""

    key: str
    draw: Callable[[], bytes] = field(compare=False, repr=False)

    def ready(self) -> Picture:
        """The same picture, drawn now (call it off the event loop)."""
        png = self.draw()
        return Picture(self.key, lambda: png)


def png_of(image: bytes | Picture | None) -> bytes | None:
    """A panel's picture as PNG bytes (a `Picture` is drawn)."""
    return image.draw() if isinstance(image, Picture) else image


@dataclass(frozen=True)
class Panel:
    """A message's worth of content.

    `lines` are the description (Discord markdown; keep monospace lines ≤ 36 characters so
    phones do not wrap them), `fields` titled blocks, `image` a PNG drawn with Pillow, or a
    `Picture` to draw only if the message does not show it yet (the text stays the
    accessible fallback), `choices` what can be done from it. For a public
    step, `key` names the step it shows: a new key posts a new message, the same key edits
    the one there. `status` is a live line shown with the panel only while it is current
    (who the table waits for): a step message that has been passed keeps its record without
    it. A prompt may also hold a several-option menu (`multi`) and a number to type
    (`amount`)."""

    title: str
    lines: Sequence[str] = ()
    fields: Sequence[tuple[str, Sequence[str]]] = ()
    image: bytes | Picture | None = None
    choices: Sequence[Choice] = ()
    footer: str = ""
    key: str = ""
    status: str = ""
    multi: Multi | None = None
    amount: Amount | None = None


@dataclass(frozen=True)
class SeatInfo:
    """What a front may know of a seat: its name and who plays it."""

    name: str
    ai: bool = False
    autopilot: bool = False


@dataclass(frozen=True)
class Ctx:
    """Everything a front needs besides the view: the seats, who the table waits for, the
    reader (a seat, or None for a public message) and their language."""

    seats: Sequence[SeatInfo]
    tr: Tr
    waiting: Sequence[int] = ()
    reader: int | None = None
    recent: Sequence[Event] = field(default_factory=tuple)
    """The last events the reader may see, oldest first (for a board's "last moves")."""
    words: bool = False
    """The reader asked for the words behind the picture (``board_words``/``mine_words``): the
    panel says in text what its picture shows, and needs no picture."""
    standing: str | None = None
    """The reader's own standing order, as the game keeps it (the card game's standing bid);
    never another seat's."""

    def name(self, seat: int | None) -> str:
        if seat is None or not 0 <= seat < len(self.seats):
            return "?"
        return self.seats[seat].name


@dataclass(frozen=True)
class OptionSpec:
    """A game option shown as a lobby toggle: `key` is the field of the game's options
    model, `label` an English message id, `values` the (label, value) pairs offered in turn,
    the default first."""

    key: str
    label: str
    values: Sequence[tuple[str, Any]]


@dataclass(frozen=True)
class ChallengeSpec:
    """How the game's daily challenge is played: `ai` AI seats of `ai_level` beside the one
    player (0 for a solo game), with these options. Everyone meets the same AI level."""

    ai: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    ai_level: str = NORMAL


class Front(Protocol[V_contra]):
    """How one game looks at the table (PLATFORM.md, seam 2). Every method gets a view."""

    @property
    def game_id(self) -> str: ...

    @property
    def domain(self) -> str:
        """The gettext domain of the game's own words (its id)."""
        ...

    @property
    def lobby_options(self) -> Sequence[OptionSpec]: ...

    @property
    def challenge(self) -> ChallengeSpec | None:
        """None: the game offers no daily challenge."""
        ...

    @property
    def board_message(self) -> bool:
        """True: the table keeps a board message, edited in place, above the step messages.
        False: each public step message carries the table's state itself (scores, who the
        table waits for, the last moves), so the state is always at the bottom of the
        channel; the board is posted on request and at the end."""
        ...

    def turn(self, view: V_contra) -> str:
        """Which turn a notice is for: a player is pinged at most once per turn (a round, a
        player's turn), however many decisions the turn asks of them."""
        ...

    def title(self, tr: Tr) -> str:
        """The game's name in the reader's language."""
        ...

    def board(self, view: V_contra, ctx: Ctx) -> Panel:
        """The public table: scores, whose turn, what is in play."""
        ...

    def chapter(self, view: V_contra, ctx: Ctx) -> str:
        """Which part of the game this is, in the game's own words (``Round 3``, ``Game
        over``): a replay's jumps go to where it changes."""
        ...

    def replay(self, view: V_contra, seat: int | None, ctx: Ctx) -> Panel:
        """The public table as a replay shows it after `seat`'s turn (None: as set up): the
        board, with a picture of what that turn changed. `ctx.recent` holds the turn's public
        events; the replay words them itself, so the panel need not repeat them. Its choices
        are not shown."""
        ...

    def public_step(self, view: V_contra, ctx: Ctx) -> Panel | None:
        """The public message of the current step (a dice roll, an auction, a map turn) with
        its public choices; None when the step has nothing to show."""
        ...

    def private(self, view: V_contra, seat: int, ctx: Ctx) -> Panel:
        """A seat's own sheet, hand or tableau: only its owner ever sees it."""
        ...

    def prompt(self, view: V_contra, seat: int, actions: Sequence[Action], ctx: Ctx) -> Panel:
        """The decision a seat owes, with one choice per legal action."""
        ...

    def owed(self, view: V_contra, seat: int, ctx: Ctx) -> str:
        """What a seat must decide, in a few words, for a notice (``use the leftover 🐟
        Cod``)."""
        ...

    def event(self, event: Event, ctx: Ctx) -> str | None:
        """One line telling what happened, for the reader in `ctx`; None to leave it out."""
        ...

    def refusal(self, error: IllegalAction, ctx: Ctx) -> str:
        """Why an action was refused, in one sentence for the player."""
        ...

    def final(self, result: GameResult, view: V_contra, ctx: Ctx) -> Panel:
        """The final scores."""
        ...

    def rules(self, ctx: Ctx) -> Panel:
        """A quick reference of the rules."""
        ...

    def title_name(self, code: str | None, ctx: Ctx) -> str:
        """A rank title's name (`SeatResult.title`), or "" for none."""
        ...

    def share(self, result: GameResult, number: int, ctx: Ctx) -> str:
        """A daily challenge's spoiler-free result line (``Fleet #326 · 74 · Helmsman``)."""
        ...
