"""Helpers for Munchkin scenario tests: the public scenario API (tablerules.munchkin.scenario) under
the short names the tests use."""

from __future__ import annotations

from tablerules.munchkin.scenario import (  # noqa: F401
    become,
    creating,
    fight_all_pass,
    kick,
    put_in_hand,
    put_in_play,
    ready,
    set_discards,
    set_level,
    set_turn,
    take,
)

hand = put_in_hand
wear = put_in_play
