"""Discord's hard limits (DISCORD.md), checked on every payload the bot sends in tests."""

from __future__ import annotations

from typing import Any

import discord
from simcord.components import walk_components

from cogs.panels import embed_size, limit_problems

LIMITS = {
    "content": 2000,
    "embeds": 10,
    "rows": 5,
    "row_buttons": 5,
    "options": 25,
    "custom_id": 100,
    "label": 80,
    "components": 40,
    "layout_text": 4000,
}
COMPONENTS_V2 = 1 << 15
"""A message drawn with layout components (no content or embeds; at most 40 components in
all, nested ones included, and 4,000 characters of text displays)."""


def payload_problems(env: Any) -> list[str]:
    """Everything the bot sent in a SimCord run that breaks a Discord limit."""
    problems = []
    for req in env.http_requests:
        body = req.json if isinstance(req.json, dict) else None
        if body:
            problems += body_problems(body, f"{req.method} {req.path}")
    return problems


def body_problems(body: dict[str, Any], where: str) -> list[str]:
    """Limits broken by one JSON request body (a message, an edit or an interaction response)."""
    data = body["data"] if isinstance(body.get("data"), dict) else body
    return check_message(data, where)


def check_message(data: dict[str, Any], where: str) -> list[str]:
    out = []
    content = data.get("content") or ""
    if len(content) > LIMITS["content"]:
        out.append(f"{where}: content {len(content)}")
    if "@everyone" in content or "@here" in content:
        out.append(f"{where}: mass mention")
    allowed = data.get("allowed_mentions")
    if allowed and "everyone" in (allowed.get("parse") or []):
        out.append(f"{where}: allowed_mentions lets @everyone through")
    embeds = data.get("embeds") or []
    if len(embeds) > LIMITS["embeds"]:
        out.append(f"{where}: {len(embeds)} embeds")
    total = 0
    for e in embeds:
        d = discord.Embed.from_dict(e)
        out += [f"{where}: embed {p}" for p in limit_problems(d)]
        total += embed_size(d)
    if total > 6000:
        out.append(f"{where}: embeds total {total}")
    top = data.get("components") or []
    every = list(walk_components(top))
    rows = [c for c in every if c.get("type") == 1]
    if int(data.get("flags") or 0) & COMPONENTS_V2:
        if content or embeds:
            out.append(f"{where}: content or embeds on a layout message")
        if len(every) > LIMITS["components"]:
            out.append(f"{where}: {len(every)} components")
        text = sum(len(c.get("content") or "") for c in every if c.get("type") == 10)
        if text > LIMITS["layout_text"]:
            out.append(f"{where}: layout text {text}")
    elif len(top) > LIMITS["rows"]:
        out.append(f"{where}: {len(top)} rows")
    ids = []
    for row in rows:
        children = row.get("components", [])
        kinds = {c["type"] for c in children}
        if 3 in kinds and len(children) != 1:
            out.append(f"{where}: a select shares its row")
        if len(children) > LIMITS["row_buttons"]:
            out.append(f"{where}: {len(children)} in a row")
    for c in every:
        if c.get("type") in (2, 3):
            cid = c.get("custom_id", "")
            ids.append(cid)
            if not 1 <= len(cid) <= LIMITS["custom_id"]:
                out.append(f"{where}: custom_id {cid!r}")
            if len(c.get("label") or "") > LIMITS["label"]:
                out.append(f"{where}: label {c.get('label')!r}")
            if len(c.get("options") or []) > LIMITS["options"]:
                out.append(f"{where}: {len(c['options'])} options")
    if len(ids) != len(set(ids)):
        out.append(f"{where}: duplicate custom ids")
    return out
