"""A panel as plain text: what the terminal shows, and what tests read."""

from __future__ import annotations

from bot.fronts.base import Panel, png_of


def panel_text(panel: Panel, numbered: bool = True) -> str:
    """Title, lines, fields, then the choices (numbered, with their detail); a several-option
    menu lists its options, to be typed after its verb (``pay tuna crab``), and a number to
    type shows its verb and range (``bid 27``).

    >>> from bot.fronts.base import Amount, Choice, Multi
    >>> print(panel_text(Panel("Pick", ["Dice: Cod"], choices=[Choice("Take Cod", "pick cod")])))
    == Pick ==
    Dice: Cod
      1. Take Cod  [pick cod]
    >>> cards = [Choice("Tuna $3", "tuna"), Choice("Crab $1", "crab")]
    >>> print(panel_text(Panel("Pay $4", multi=Multi("pay", cards, "Cards to pay with"))))
    == Pay $4 ==
    Cards to pay with: pay …
      - Tuna $3  [tuna]
      - Crab $1  [crab]
    >>> bids = [Choice("$4", "bid 4"), Choice("Pass", "pass")]
    >>> print(panel_text(Panel("Bid", choices=bids, amount=Amount("bid", "Other amount…", 4, 40))))
    == Bid ==
      1. $4  [bid 4]
      2. Pass  [pass]
    Other amount…  [bid 4…40]
    """
    out = [f"== {panel.title} =="]
    out += [line.replace("```", "") for line in panel.lines]
    for name, lines in panel.fields:
        out.append(f"-- {name}")
        out += [line.replace("```", "") for line in lines]
    if panel.image is not None:
        out.append(f"(picture: {len(png_of(panel.image) or b'')} bytes)")
    if panel.multi is not None:
        out.append(f"{panel.multi.placeholder}: {panel.multi.verb} …")
        for option in panel.multi.options:
            detail = f" — {option.detail}" if option.detail else ""
            out.append(f"  - {option.label}{detail}  [{option.action}]")
    actions = [c for c in panel.choices if c.action is not None]
    for i, choice in enumerate(actions, 1):
        head = f"  {i}. " if numbered else "  - "
        detail = f" — {choice.detail}" if choice.detail else ""
        out.append(f"{head}{choice.label}{detail}  [{choice.action}]")
    if panel.amount is not None:
        a = panel.amount
        out.append(f"{a.label}  [{a.verb} {a.low}…{a.high}]")
    if panel.footer:
        out.append(panel.footer)
    return "\n".join(line for line in out if line is not None)
