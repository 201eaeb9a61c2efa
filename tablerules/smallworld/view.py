"""Small World's state in words (the terminal and notebooks)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.words import counted
from .state import NOBODY

if TYPE_CHECKING:
    from .game import SmallWorld


def region_text(g: SmallWorld, i: int) -> str:
    s = g.state
    r = g.board.regions[i]
    marks = [f for f in r.features] + (["mountain"] if r.mountain_marker else [])
    for name, on in (("lair", s.lair[i]), ("fortress", s.fortress[i]), ("hole", s.hole[i]), ("hero", s.hero[i]),
                     ("dragon", s.dragon == i), ("lost tribe", s.lost_tribe[i])):
        if on:
            marks.append(name)
    if s.encampment[i]:
        marks.append(counted(s.encampment[i], "encampment"))
    holder = "empty"
    if s.owner[i] != NOBODY:
        holder = f"player {s.owner[i]}, {s.tokens[i]} {s.race[i]}{' in decline' if s.decline[i] else ''}"
    return f"region {i:>2} {r.terrain:<8} {holder:<32} {', '.join(marks)}".rstrip()


def describe(g: SmallWorld, viewer: int | None = None) -> str:
    """The state in words; with ``viewer``, the other seats' coins are hidden (face down)."""
    s = g.state
    lines = [f"round {s.round}/{g.board.rounds}, player {s.current}'s turn, stage {s.stage}"]
    row = [f"{i + 1}. {power} {race}" + (f" ({counted(c, 'coin')} on it)" if c else "")
           for i, (race, power, c) in enumerate(zip(s.row_races, s.row_powers, s.row_coins, strict=False))]
    lines.append("combos: " + "; ".join(row))
    for p, seat in enumerate(s.seats):
        active = f"{seat.power} {seat.race} ({seat.hand} in hand)" if seat.race else "no active race"
        declined = ", ".join(d.race for d in seat.declined) or "none"
        coins = "coins face down" if viewer is not None and viewer != p else counted(seat.coins, "coin")
        lines.append(f"player {p}: {coins}, {active}, in decline: {declined}")
    lines += [region_text(g, i) for i in range(len(g.board)) if s.owner[i] != NOBODY or s.lost_tribe[i]]
    return "\n".join(lines)


#: a rule box per stage: (title, the seed's words, in English)
STAGE_RULES: dict[str, tuple[str, str, str]] = {
    "pick": ("Pick a combo (选择一个种族与特殊能力的组合)",
             "选择时需要在这一组合上方每一个种族/职业组合上放上一个胜利点数",
             "Put 1 coin on each combo above the one you take; take the coins lying on yours. "
             "Tokens = banner + badge."),
    "conquer": ("Conquer (征服区域)",
                "要征服一个区域，玩家至少要在这个区域放置两个种族标志 ... 征服一个区域时至少需要一枚种族标志",
                "2 tokens + 1 per mountain, fortress, lair, encampment and defender; first region on the border; "
                "a final attempt may be 1-3 short: roll the reinforcement die. Or go into decline (a whole turn)."),
    "ghouls": ("Ghouls in decline (食尸鬼)", "你必须在自己的行动回合之前操纵食尸鬼的行动",
               "Your Ghouls in decline conquer first, as if active, without the power."),
    "ghouls redeploy": ("Ghouls redeploy (食尸鬼)", "行动方式与其活着时一样",
                        "Place the Ghouls in hand on Ghoul regions."),
    "redeploy": ("Redeploy (重新分配部队)", "每个控制的区域至少要放置一个种族标志",
                 "Place every token in hand on your regions (at least 1 each), then score: 1 coin a region + bonuses."),
    "diplomacy": ("Diplomat", "", "Choose an opponent you did not attack: he may not attack your active race."),
    "losses": ("Redeploy after losses (敌人的损失与撤退)", "在当前玩家的回合结束后将标志放在场上已经占据了的区域",
               "The player who lost regions places the tokens kept in hand on their remaining regions."),
    "over": ("The end (游戏结束)", "点数最多的玩家获得胜利。如果点数持平，当前场面上种族标志最多的玩家获得胜利",
             "Most coins wins; a tie goes to the most tokens on the map."),
}


def rule_box_html(stage: str) -> str:
    import html

    title, zh, en = STAGE_RULES.get(stage, (stage, "", ""))
    quote = f"<br><i>{html.escape(zh)}</i>" if zh else ""
    return (f"<div style='border:1px solid #999;padding:4px;margin:4px 0'><b>{html.escape(title)}</b>{quote}"
            f"<br>{html.escape(en)}</div>")
