"""Marking boxes and what their circles do (RULES §4, §6, §9, §10, §11)."""

from __future__ import annotations

from engine.fleet_dice.coins import gain_coins
from engine.fleet_dice.fishing import start_fishing
from engine.fleet_dice.player import (
    launch_effective,
    license_effective,
    section_area,
    section_name,
    top_open,
)
from engine.fleet_dice.state import MARKED, OPEN, task_of
from engine.fleet_dice.work import Work


def mark(t: Work, seat: int, section: str, via: str = "") -> bool:
    """Mark the top-most open box of a section and resolve it. False if none is open."""
    p = t.player(seat)
    marks = p.marks[section]
    i = top_open(marks)
    if i is None:
        t.emit("nothing", seat, section=section)
        return False
    p.marks[section] = marks[:i] + MARKED + marks[i + 1 :]
    kind = t.sheet.box_kinds[section][i]
    t.emit("mark", seat, section=section, box=i + 1, via=via)
    area = section_area(section)
    if area == "boat":
        _boat_circle(t, seat, section, kind)
    elif area == "harbor":
        _harbor_circle(t, seat, section_name(section), kind)
    elif OPEN not in p.marks[section]:
        # RULES §11/§15: a building completes when its owner marks its last open box.
        complete_building(t, seat, section_name(section))
    return True


def _boat_circle(t: Work, seat: int, boat_type: str, kind: str) -> None:
    p = t.player(seat)
    if kind == "L":
        activate_license(t, seat, boat_type)
    elif kind == "B":
        launch(t, seat, boat_type)
    elif kind == "?":
        # RULES §6: the player chooses; if only one has an effect, that one; if neither, nothing.
        can_license = license_effective(t.sheet, p, boat_type)
        can_launch = launch_effective(t.sheet, p, boat_type)
        if can_license and can_launch:
            t.spawn(seat, task_of("circle", section=boat_type))
        elif can_license:
            activate_license(t, seat, boat_type)
        elif can_launch:
            launch(t, seat, boat_type)


def _harbor_circle(t: Work, seat: int, ship: str, kind: str) -> None:
    if kind == "LICENSE":
        t.emit("license", seat, license="king_crab", level=1)
        offer_king_crab_bonus(t, seat)
    elif kind == "BOAT":
        launch(t, seat, ship)
    elif kind == "FISH":
        t.emit("club", seat)
        start_fishing(t, seat, "club")


def offer_king_crab_bonus(t: Work, seat: int) -> None:
    """RULES §11: choose at once a bonus no other player has taken."""
    free = king_crab_bonuses_free(t)
    if len(free) == 1:
        take_king_crab_bonus(t, seat, free[0])
    elif free:
        t.spawn(seat, task_of("bonus"))


def king_crab_bonuses_free(t: Work) -> list[str]:
    taken = {p.king_crab_bonus for p in t.state.players}
    return [o.id for o in t.sheet.king_crab_bonuses.options if o.id not in taken]


def take_king_crab_bonus(t: Work, seat: int, bonus: str) -> None:
    t.player(seat).king_crab_bonus = bonus
    t.emit("bonus", seat, bonus=bonus)


def activate_license(t: Work, seat: int, boat_type: str) -> None:
    """RULES §6: the next level replaces the old one; level 2 earns coins at once."""
    p = t.player(seat)
    if not license_effective(t.sheet, p, boat_type):
        return
    p.licenses[boat_type] += 1
    level = p.licenses[boat_type]
    t.emit("license", seat, license=boat_type, level=level)
    if level == 2 and t.sheet.level2_coins:
        gain_coins(t, seat, t.sheet.level2_coins, "level-2 license")


def launch(t: Work, seat: int, kind: str) -> None:
    """RULES §6/§10: launch the next boat; a Cod license pays for every launch, harbor boats too."""
    p = t.player(seat)
    if not launch_effective(t.sheet, p, kind):
        return
    # A player's boats are replaced, never changed in place: copies of the state share them.
    p.boats[kind] = [*p.boats.get(kind, ()), 0]
    number = len(p.boats[kind])
    t.emit("launch", seat, boat=kind, number=number)
    cod = p.licenses["cod"]
    if cod:
        gain_coins(t, seat, cod, "Cod license")


def complete_building(t: Work, seat: int, building: str) -> None:
    p = t.player(seat)
    if building not in p.completed:
        p.completed.append(building)
        if building == "seafood_buffet":
            p.buffet_from = t.state.round + 1  # RULES §17.4: from the next round
        t.emit("complete", seat, building=building)
