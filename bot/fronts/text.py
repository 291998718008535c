"""A panel as plain text: what the terminal shows, and what tests read."""

from __future__ import annotations

from bot.fronts.base import Panel


def panel_text(panel: Panel, numbered: bool = True) -> str:
    """Title, lines, fields, then the choices (numbered, with their detail).

    >>> from bot.fronts.base import Choice
    >>> print(panel_text(Panel("Pick", ["Dice: Cod"], choices=[Choice("Take Cod", "pick cod")])))
    == Pick ==
    Dice: Cod
      1. Take Cod  [pick cod]
    """
    out = [f"== {panel.title} =="]
    out += [line.replace("```", "") for line in panel.lines]
    for name, lines in panel.fields:
        out.append(f"-- {name}")
        out += [line.replace("```", "") for line in lines]
    if panel.image is not None:
        out.append(f"(picture: {len(panel.image)} bytes)")
    actions = [c for c in panel.choices if c.action is not None]
    for i, choice in enumerate(actions, 1):
        head = f"  {i}. " if numbered else "  - "
        detail = f" — {choice.detail}" if choice.detail else ""
        out.append(f"{head}{choice.label}{detail}  [{choice.action}]")
    if panel.footer:
        out.append(panel.footer)
    return "\n".join(line for line in out if line is not None)
