"""What a seat of Baldur's Gate sees (seed 002: hands are hidden, heroes lie face up in front of their owners,
"英雄牌需打开正面并且放置於玩家前面"): the observation, its text and the referee's view."""

from __future__ import annotations

from ..core.words import counted, listed
from .cards import (
    HERO_NAMES,
    card_label,
    rank_of,
)


class ViewRules:
    """A part of :class:`~tablerules.baldur.game.Baldur`: observations and views."""

    def observe(self, player: int | None) -> dict:
        s = self.state
        seats = []
        for p, seat in enumerate(s.seats):
            own = player is None or player == p
            seats.append({"hand": list(seat.hand) if own else len(seat.hand), "heroes": list(seat.heroes),
                          "exhausted": list(seat.tired),
                          "bid": (list(s.bids[p]) if own else len(s.bids[p])) if s.bids else [],
                          "opening": (s.opening[p] if own else bool(s.opening[p])) if s.opening and
                          s.stage == "opening" else ""})
        return {"seats": seats, "bank": len(s.bank) + len(s.bank_under), "inn": len(s.inn) + len(s.inn_under),
                "revealed": s.revealed, "auction": s.auction, "event": s.event, "round": s.round,
                "first": s.first, "current": s.current, "bans": list(s.bans), "next_bans": list(s.next_bans),
                "need": list(s.need) if s.stage in ("choose", "protect") else [], "protect": s.protect_number,
                "over": s.over, "gods": list(s.gods),
                "looked": list(s.looked) if player is None or player == s.current else len(s.looked),
                "open_cards": [list(c) for c in s.open_cards],
                "fallen": list(s.fallen),
                "wall": {"plays": s.wall_turn, "last": list(s.wall_last), "related": list(s.wall_related),
                         "open": sorted(self.wall_open())} if s.stage == "wall" else {},
                "hidden_cards": len(s.hidden) if player is not None else list(s.hidden),
                "played": [(list(c) if player is None or player == p else len(c)) for p, c in enumerate(s.played)],
                "joined": [(j if player is None or player == p or min(s.joined) >= 0 else -2)
                           for p, j in enumerate(s.joined)]}

    def describe_view(self, player: int | None) -> str:
        o = self.observe(player)
        lines = [f"round {o['round']}, first player {o['first']}, player {o['current']} to play; "
                 f"bank {counted(o['bank'], 'card')}, inn {counted(o['inn'], 'hero', 'heroes')}"]
        if o["auction"]:
            lines.append(f"auction: {card_label(o['auction'])} ({HERO_NAMES[rank_of(o['auction'])]})")
        if o["bans"]:
            banned: dict[str, list[str]] = {}
            for q, _, k in (b.partition(":") for b in o["bans"]):
                banned.setdefault(q, []).append(HERO_NAMES.get(k, k))
            lines.append("banned this round: " + "; ".join(f"player {q}'s {listed(ks)}" for q, ks in banned.items()))
        for p, seat in enumerate(o["seats"]):
            hand = (" ".join(map(card_label, seat["hand"])) or "no cards") if isinstance(seat["hand"], list) \
                else counted(seat["hand"], "card")  # another seat's hand: how many cards only
            heroes = ", ".join(f"{HERO_NAMES[rank_of(h)]} {card_label(h)}" for h in seat["heroes"]) or "none"
            tired = ", ".join(f"{HERO_NAMES[rank_of(h)]} {card_label(h)}" for h in seat["exhausted"]) or "none"
            lines.append(f"player {p}: heroes {heroes}; exhausted heroes {tired}; hand {hand}")
        return "\n".join(lines)

    def describe_state(self) -> str:
        return self.describe_view(None)
