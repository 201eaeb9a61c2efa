"""Fights (p. 8-11, 战斗): the munchkins' and monsters' totals (levels, items, modifiers once, enhancers, one-shots,
combat dice by icons), "I'm rolling" and its response window, the dice (rolled by the monster's owner), a Loaded
Die after the roll, winning (levels, treasures), the fight's end."""

from __future__ import annotations

from typing import ClassVar

from ...core.cards import distinct
from ...core.flow import ResponseWindow
from ...core.protocol import Action
from ...core.words import counted, players
from ..actions import (
    D10Power,
    Enhance,
    LoadDie,
    OneShot,
    Pass,
    Roll,
    TakeTreasure,
    Wandering,
    made,
    made_pairs,
)
from ..dungeon import Room
from ..exploration import _Pending
from ..heroes import WIN_LEVEL
from ..state import Combat, Step
from .common import AFTER_ROLL, BOSS_LEVEL, COMBAT, FIRST_PICK, GAME_OVER, INTERFERENCE, MOVING, POWER_CLASS, ROLLING

_MUNCHKINS = ("munchkins",)  # the side the fighter's own one-shots are played on


class CombatRules:
    """A part of :class:`~tablerules.quest.game.QuestGame`: combat."""

    #: the actions this rule owns -> (its name, the gist of the rule) for a refused one
    REFUSALS: ClassVar[dict[type, tuple[str, str]]] = {
        OneShot: ("combat", "one-shots are played in a fight: by its munchkins, or thrown from the same or an "
                            "adjacent room in the window (p. 9-10)"),
        Enhance: ("combat", "enhancers go on a monster of the fight (p. 10, 17)"),
        Wandering: ("combat", "a Wandering Monster joins a fight from the window (p. 10)"),
        Roll: ("combat", "the fighter says \"I'm rolling\" in their fight (p. 9)"),
        Pass: ("combat", "pass only in a fight's response window (p. 9)"),
        LoadDie: ("combat", "a Loaded Die turns one rolled die, after the roll (p. 17)"),
        TakeTreasure: ("help", "the helper promised first pick takes one of the treasures just drawn (p. 10)"),
    }

    def side_tags(self) -> set[str]:
        return set().union(*(self.tags(p) for p in self.state.fight.side))

    def side_weak_tags(self) -> set[str]:
        """What the monsters' bonuses look at, once for the whole side."""
        return set().union(*(self.weak_tags(p) for p in self.state.fight.side))

    def munchkin_strength(self) -> int:
        """Levels and items of fighter and helper, one-shots for them, berserk, turning, backstabs."""
        f = self.state.fight
        total = sum(self.strength(p) for p in f.side) + sum(self.card(x).bonus for x in f.munchkin_one_shots)
        undead = any(self.monster_card(m).undead for m in f.monsters)
        turning = 3 * len(f.turning) if undead and self.params.rules < 2 else 0  # edition 2: a die (fight_dice)
        cursed = self.curse_weakness() if f.curses or self.state.curses_on else 0  # p. 17: curses on the side
        return total + len(f.berserk) + turning - 2 * len(f.backstabs) - cursed

    def monster_level(self, piece: str) -> int:
        """A monster's card level; the boss's is always 20 (p. 11: Boss的等级永远是20), its companions keep
        theirs (edition 1: every monster of a boss fight was 20)."""
        f = self.state.fight
        if f is not None and f.boss and (self.params.rules < 2 or (self.state.boss is not None
                                                                    and piece == self.state.boss.id)):
            return BOSS_LEVEL
        return self.monster_card(piece).level

    def monster_strength(self) -> int:
        """Levels (the boss: 20), modifiers against the munchkins' side (once), enhancers, one-shots."""
        f = self.state.fight
        tags = self.side_weak_tags()
        if "abilities" in self.card_properties():  # a monster's bonus against an ability (p. 13, 16: 能力)
            tags |= self.side_abilities()
        total = 0
        for piece in f.monsters:
            card = self.monster_card(piece)
            total += self.monster_level(piece) + sum(m.bonus for m in card.modifiers if m.against in tags)
            total += sum(self.card(e).bonus for e in self.state.enhanced.get(piece, []))
            total += sum(r.bonus for r in self.rules(f.room, "monsters") if (card.undead or not r.undead)
                         and (not r.ability or r.ability in card.abilities))
        return total + sum(self.card(x).bonus for x in f.monster_one_shots)

    def fight_dice(self, player: int) -> int:
        """A munchkin's combat dice in this fight: icons, one more for a warrior's fury, one more for each
        card a cleric discards to turn undead (p. 10: 如果有牧师帮你战不死的话，可以多掷一个战斗骰)."""
        f = self.state.fight
        room = self.state.dungeon.rooms[f.room]
        return self.dice_count(player, room) + f.fury.count(player) + f.turners.count(player)

    def munchkin_dice(self) -> int:
        return sum(self.fight_dice(p) for p in self.state.fight.side)

    def monster_dice(self) -> int:
        return sum(self.monster_card(m).dice for m in self.state.fight.monsters)

    def rolled(self, whose: str) -> int:
        return sum(d[2] or 0 for d in self.state.fight.dice if d[0] == whose)

    def winning(self) -> bool:
        """After the roll: the munchkins' total beats the monsters'; a warrior also wins ties."""
        mine = self.munchkin_strength() + self.rolled("munchkins")
        theirs = self.monster_strength() + self.rolled("monsters")
        return mine > theirs or (mine == theirs and "warrior" in self.side_tags())

    def treasure_count(self) -> int:
        f = self.state.fight
        return max(0, sum(self.monster_card(m).treasures + sum(self.card(e).treasures
                                                                 for e in self.state.enhanced.get(m, []))
                          for m in f.monsters))

    def owner(self, piece: str) -> int | None:
        """Who rolls a monster's dice: its base colour's player, or the player to the left of a fighting
        owner."""
        target = self.piece(piece).target
        if target not in self.state.colours:
            return None
        owner = self.state.colours.index(target)
        if self.state.fight is not None and owner in self.state.fight.side:
            owner = (owner + 1) % self.params.players
        return owner

    def dice_count(self, player: int, room: Room | None = None) -> int:
        """Combat (and search) dice: one, +1 per green icon matching you, -1 per red one (never below 0);
        a room that favours odd levels counts as a green icon for them and a red one for even levels."""
        room = room or self.room_of(player)
        tags, weak = self.tags(player), self.weak_tags(player)
        dice = 1 + sum(1 for t in room.good_for if t in tags) - sum(1 for t in room.bad_for if t in weak)
        if self.rules(room.id, "odd_levels"):
            dice += 1 if self.state.heroes[player].level % 2 else -1
        return max(0, dice)

    def _one_shots(self, p: int, sides: tuple[str, ...], thrown_only: bool) -> list[Action]:
        h = self.state.heroes[p]
        cards = self.held(h, "one_shot")
        if thrown_only:  # (a card's copies are alike: the first copy of each thrown card)
            cards = [c for c in cards if self.card(c).thrown]
        return list(made_pairs(OneShot, p, tuple(cards), sides)) if cards else []

    def _enhancers(self, p: int) -> list[Action]:
        cards = self.by_kind(self.state.heroes[p].hand).get("enhancer", ())
        return list(made_pairs(Enhance, p, cards, tuple(distinct(self.state.fight.monsters)))) if cards else []

    def _wanderers(self, p: int) -> list[Action]:
        hand = self.state.heroes[p].hand
        return [made(Wandering, p, c) for c in self.by_kind(hand).get("wandering", ())]

    def _combat_actions(self) -> list[Action]:
        f = self.state.fight
        p = f.fighter
        h = self.state.heroes[p]
        tags = self.frozen_tags(p)
        hand = self.by_kind(h.hand)
        shots = self.held(h, "one_shot")
        out = list(made_pairs(OneShot, p, shots, _MUNCHKINS)) if shots else []  # _one_shots
        for power in ("berserk", "turning"):
            if POWER_CLASS[power] in tags:
                out += self._powers(p, power)
        if "go_up_a_level" in hand:
            out += self._gual(p)
        if "enhancer" in hand:
            out += self._enhancers(p)
        out += self._give_ups(p)
        if "warrior" in tags and p not in f.fury and (p, "fury") not in self.state.powers_used:
            out.append(made(D10Power, p, "fury"))
        out += self.escapes(p)
        if f.helper is None:  # bribes: first pick of the treasures, gold, or an item
            out += self.bribes(p)
        out.append(made(Roll, p))
        return out

    def _interference_actions(self) -> list[Action]:
        st = self.state
        f = st.fight
        out: list[Action] = []
        near: set[str] | None = None  # the rooms that reach the fight (reaches()), worked out once
        for p in f.window.waiting:
            h = st.heroes[p]
            if p == f.helper:  # p. 10: 帮手的能力可以照常使用 (a cleric helper turns undead)
                out += self._one_shots(p, ("munchkins", "monsters"), False) + self._powers(p, "berserk")
                out += self._powers(p, "turning") if self.params.rules >= 2 else []
            elif not h.dead:
                if near is None:
                    near = self.reaching(f.room)
                if st.dungeon.munchkins[st.colours[p]] in near:
                    out += self._one_shots(p, ("munchkins", "monsters"), True)
                    if POWER_CLASS["backstab"] in self.frozen_tags(p):
                        out += self._powers(p, "backstab")
            hand = self.by_kind(h.hand)  # (each part lists nothing without its kind of card in the hand)
            if "enhancer" in hand:
                out += self._enhancers(p)
            if "wandering" in hand:
                out += self._wanderers(p)
            if "go_up_a_level" in hand:
                out += self._gual(p)
            out += self._give_ups(p)
            if "curse" in hand:
                out += self._curses(p, [q for q in f.side if not st.heroes[q].dead])
            out.append(made(Pass, p))
        return out

    def _after_roll_actions(self) -> list[Action]:
        out: list[Action] = []
        for p in self.state.fight.window.waiting:
            dice = self.by_kind(self.state.heroes[p].hand).get("loaded_die", ())
            out += [made(LoadDie, p, c, i, face) for c in dice for i in range(len(self.state.fight.dice))
                    for face in range(1, 7) if face != self.state.fight.dice[i][2]]
            out.append(made(Pass, p))
        return out

    def start_fight(self, room_id: str, anyway: bool = False) -> None:
        """Fight every monster in the room that does not ignore you (all of them if you pick the fight)."""
        here = [m.id for m in self.state.dungeon.monsters_in(room_id)]
        monsters = here if anyway else [m for m in here if not self.ignores(m, self.state.current)]
        if not monsters:
            names = ", ".join(self.piece(m).name.split(" (")[0] for m in here)
            ignore = "ignores" if len(here) == 1 else "ignore"
            self.event(f"{names} {ignore} player {self.state.current}: no fight unless they pick one")
            return
        self.state.fight = Combat(self.state.current, room_id, monsters)
        self.state.stage_name = COMBAT
        if self.state.next_fight:  # curses kept for the fighter's next fight (p. 17)
            self.join_fight(self.state.current)
        room = self.state.dungeon.rooms[room_id]
        self.event(f"player {self.state.current} fights {self.monster_names()} in {room.name}")

    def monster_names(self) -> str:
        return " and ".join(self.piece(m).name.split(" (")[0] for m in self.state.fight.monsters) or "nothing"

    def _do_OneShot(self, action: OneShot) -> None:
        f = self.state.fight
        h = self.state.heroes[action.player]
        if action.card in h.hand:
            h.hand.remove(action.card)
        else:
            h.carried.remove(action.card)
            f.from_belt.append(action.card)
        f.one_shot_owners[action.card] = action.player
        (f.munchkin_one_shots if action.side == "munchkins" else f.monster_one_shots).append(action.card)
        if action.player != f.fighter:
            f.window.interfered = True
        self.event(f"player {action.player} plays {self.card(action.card).name} "
                   f"({self.card(action.card).bonus:+d} for the {action.side})")
        if self.card(action.card).kills_one or self.card(action.card).drives_off_one:
            self.kill_one(action.card, killed=self.card(action.card).kills_one)

    def _do_Enhance(self, action: Enhance) -> None:
        self.state.heroes[action.player].hand.remove(action.card)
        self.state.enhanced.setdefault(action.monster, []).append(action.card)
        if self.state.fight is not None and action.player != self.state.fight.fighter:
            self.state.fight.window.interfered = True
        self.event(f"player {action.player} plays {self.card(action.card).name} on "
                   f"{self.piece(action.monster).name.split(' (')[0]} ({self.card(action.card).bonus:+d})")

    def _do_Wandering(self, action: Wandering) -> None:
        self.state.heroes[action.player].hand.remove(action.card)
        self._discard(action.card)
        self.event(action.describe())
        self.state.pending.insert(0, _Pending("monster", at=self.state.dungeon.rooms[self.state.fight.room].at))

    def _do_Roll(self, action: Roll) -> None:
        """"I'm rolling": the others may interfere first (the 2.6 seconds)."""
        f = self.state.fight
        f.window = ResponseWindow(f.fighter, [p for p in range(self.params.players) if p != f.fighter and (
            not self.rules(f.room, "soundproof") or self.state.dungeon.munchkins[self.state.colours[p]] == f.room)])
        self.state.stage_name = INTERFERENCE
        self.event(f"player {action.player}: I'm rolling! ({self.munchkin_strength()} and "
                   f"{self.munchkin_dice()} dice against {self.monster_strength()} and {self.monster_dice()} dice)")

    def _do_Pass(self, action: Pass) -> None:
        self.state.fight.window.answer(action.player)

    def roll_dice(self) -> None:
        """Every munchkin of the side rolls their dice; each monster's owner rolls its dice."""
        f = self.state.fight
        f.dice = [["munchkins", p, None] for p in f.side for _ in range(self.fight_dice(p))]
        f.dice += [["monsters", self.owner(m), None] for m in f.monsters for _ in range(self.monster_card(m).dice)]
        self.state.stage_name = ROLLING
        self.state.pending[0:0] = [Step("fight die", n=i) for i in range(len(f.dice))]
        if not f.dice:
            self.event("nobody rolls any dice")

    def after_the_roll(self) -> None:
        """Only cards for after the roll (Loaded Die) may still be played."""
        f = self.state.fight
        faces = ", ".join(f"{d[0]} {d[2]}" for d in f.dice) or "no dice"
        self.event(f"the dice: {faces}; {self.munchkin_strength() + self.rolled('munchkins')} against "
                   f"{self.monster_strength() + self.rolled('monsters')}")
        f.window = ResponseWindow(f.fighter, [p for p in range(self.params.players) if any(
            self.card(c).kind == "loaded_die" for c in self.state.heroes[p].hand) and f.dice],
            interfered=f.window.interfered)
        self.state.stage_name = AFTER_ROLL

    def _do_LoadDie(self, action: LoadDie) -> None:
        f = self.state.fight
        self.state.heroes[action.player].hand.remove(action.card)
        f.loaded.append(action.card)
        f.dice[action.die][2] = action.face
        self.event(action.describe())
        f.window = ResponseWindow(f.fighter, [p for p in range(self.params.players) if p != action.player and any(
            self.card(c).kind == "loaded_die" for c in self.state.heroes[p].hand)], interfered=f.window.interfered)

    def resolve_fight(self) -> None:
        mine = self.munchkin_strength() + self.rolled("munchkins")
        theirs = self.monster_strength() + self.rolled("monsters")
        if self.winning():
            self.event(f"the munchkins win, {mine} against {theirs}")
            self.win_fight()
        else:
            self.event(f"the monsters win, {theirs} against {mine}" + (" (a tie)" if mine == theirs else ""))
            self.lose_fight()

    def win_fight(self) -> None:
        """Levels (one a monster; a mighty one two alone, one each with a helper; an elf helper one),
        treasures (the helper's share first), a DxM card for a monster of your own colour."""
        f = self.state.fight
        helper = self.state.heroes[f.helper] if f.helper is not None else None
        treasures = self.treasure_count() + sum(f.killed_loot)  # with those of monsters killed before (p. 8)
        gained = {p: 0 for p in f.side}
        beaten = self.beaten_not_killed()  # p. 15: "如果你击败了怪物但是没有杀掉它的话就不能升级"
        for piece in ([] if beaten else f.monsters + f.killed):
            mighty = self.monster_card(piece).levels >= 2
            gained[f.fighter] += 2 if mighty and helper is None else 1
            if helper is not None and (mighty or "elf" in self.frozen_tags(f.helper)):
                gained[f.helper] += 1
            if piece in f.killed:  # off the board already
                continue
            target = self.piece(piece).target
            for p in f.side:
                if self.state.colours[p] is target:
                    self.draw(p, "dxm")
                    self.event(f"player {p} killed a monster of their own colour: a DxM card")
        if beaten:
            self.event("the monsters are beaten but not killed: no level")
        for p in gained:
            if gained[p] and self.kill_bonus(p):
                gained[p] += self.kill_bonus(p) * len(f.monsters + f.killed)
        f.killed, f.killed_loot = [], []
        names = self.monster_names()
        if f.boss:
            self.state.winners = tuple(sorted(p for p in f.side if self.state.heroes[p].level >= WIN_LEVEL))
            self.state.over_reason = f"{players(self.state.winners)} killed the boss " \
                                     f"({names}) and escaped the dungeon"
            self.event(self.state.over_reason)
            self.end_fight()
            return
        for p, n in gained.items():
            h = self.state.heroes[p]
            h.level = min(WIN_LEVEL, h.level + n)
            if h.level >= WIN_LEVEL:
                self.state.ten_by_kill.add(p)
            if n:
                self.event(f"player {p} goes up {counted(n, 'level')} to {h.level}")
        share = min(f.share, treasures)
        if f.helper is not None and share and self.params.rules >= 2:
            # the fighter draws them all face up; the helper then picks first among them (p. 10, 12)
            self.draw(f.fighter, "treasure", treasures, "open")
            self.state.pending.append(Step("first pick", player=f.helper, n=share,
                                           target=str(len(self.state.heroes[f.fighter].won))))
        else:
            if f.helper is not None:
                self.draw(f.helper, "treasure", share, "open")
            self.draw(f.fighter, "treasure", treasures - share, self.treasure_face(f.fighter, f.room))
        self.event(f"{counted(treasures, 'treasure')}: {share} for the helper first" if f.helper is not None
                   else f"{counted(treasures, 'treasure')}")
        for piece in list(f.monsters):
            self._remove(piece)
        if f.room in self.state.searched and self.params.rules >= 2:
            # p. 16 捡物品: a search brings the dropped items with it, "例外：如果你搜出了一个怪物，那就必须先把怪物战掉
            # 才能把东西拿到手" (a search is once a room a turn, with no monster there: a fight won in a room searched
            # this turn is the fight the search turned up)
            self.pick_up(f.fighter)
        self.end_fight()

    def first_pick(self, step: Step) -> None:
        """The treasures are drawn: the helper promised first pick chooses ``step.n`` of them."""
        fighter = self.state.heroes[self.state.current]
        drawn = [c for c in fighter.won[int(step.target):] if c in fighter.hand]
        if self.state.heroes[step.player].dead or not drawn:
            return
        self.state.picker, self.state.picks_left, self.state.pick_from = step.player, min(step.n, len(drawn)), drawn
        self.interrupt(FIRST_PICK, step.player)

    def _do_TakeTreasure(self, action: TakeTreasure) -> None:
        st = self.state
        st.heroes[st.current].hand.remove(action.card)
        st.heroes[st.current].won.remove(action.card)
        st.heroes[action.player].hand.append(action.card)
        st.heroes[action.player].won.append(action.card)  # just won: into play at any time (p. 5)
        st.pick_from.remove(action.card)
        st.picks_left -= 1
        self.event(action.describe())
        if not st.picks_left:
            st.picker, st.pick_from = None, []
            self.settle_interruption(FIRST_PICK)

    def discard_fight(self, returned: bool = False) -> None:
        """The fight's cards: one-shots are discarded, or (``returned``: the munchkins or the monsters left
        the room) go back to their living owners, to the hand or the belt they came from (p. 8)."""
        f = self.state.fight
        if returned and self.params.rules >= 2:
            for copy in f.munchkin_one_shots + f.monster_one_shots:
                owner = self.state.heroes[f.one_shot_owners[copy]]
                if owner.dead:
                    self._discard(copy)
                else:
                    (owner.carried if copy in f.from_belt else owner.hand).append(copy)
            if f.munchkin_one_shots or f.monster_one_shots:
                self.event("the fight ends with nobody beaten: the one-shots go back to their owners")
            f.munchkin_one_shots, f.monster_one_shots = [], []
        for copy in f.curses:  # the curses for this fight (p. 17)
            self._discard(copy)
        f.curses = []
        self.state.treasure_discard.extend(f.munchkin_one_shots + f.monster_one_shots)
        self.state.dxm_discard.extend(f.loaded)
        f.munchkin_one_shots, f.monster_one_shots, f.loaded = [], [], []
        if f.boss and self.state.boss is not None:  # the boss and the monsters with it vanish (p. 11)
            boss, self.state.boss = self.state.boss, None
            self.state.free_bases[boss.target] += 1
            self.state.monster_discard[boss.id.split("#")[0]] += 1
            for e in self.state.enhanced.pop(boss.id, []):
                self.state.dxm_discard.append(e)
            for piece in f.monsters:
                if piece != boss.id and piece in self.state.dungeon.monsters:
                    self._remove(piece)
            # no monster stays on the entrance after the boss fight (除了Boss战以外，任何怪物都不能在入口停留):
            # one that stood by (it ignored the fighter) goes with the boss
            for piece in self.state.dungeon.monsters_in(f.room):
                self._remove(piece.id)
            f.monsters.clear()

    def end_fight(self, returned: bool = False) -> None:
        """The fight is over; the fighter goes on with the turn (moves left are still usable). ``returned``:
        it ended because the munchkins or the monsters left the room (p. 8: 所有"只能使用一次"的卡牌回到拥有者
        那里). If the fighter stands in a room with monsters now (ran, fled or was moved there), that is a
        new fight at once (p. 8: 在你的回合，一旦...你移入了有怪物的房间); if they entered an empty room (ran or fled
        into it), that is entering it as by a move: a nest's monster, a wandering monster (p. 6 自动遇敌)."""
        entered = self.room_of(self.state.current).id != self.state.fight.room
        if self.state.fight.killed_loot:  # a monster killed or fled before the others: its treasures now (p. 8)
            self.loot_after_the_fight()
        self.discard_fight(returned)
        self.state.fight = None
        if self.state.stage_name != GAME_OVER and not self.state.over_reason:
            self.state.stage_name = MOVING
            if self.params.rules >= 2:
                self.fight_on_arrival(entered)

    def fight_on_arrival(self, entered: bool = False) -> None:
        """In your own turn a room with monsters that do not ignore you is a fight at once, however you
        came in (moving, running away, a magic escape, a teleport). ``entered``: the munchkin came into
        this room (not stayed where the fight was): an empty room is entered as by a move (p. 6 自动遇敌:
        在自己的回合进入没有怪物的房间时，便可以选择抓一张怪物牌; the Monster Nest)."""
        p = self.state.current
        if self.state.heroes[p].dead or self.state.turn_ends or self.state.fight is not None:
            return
        room = self.room_of(p)
        if room.entrance and self.state.heroes[p].level >= WIN_LEVEL:  # p. 11: on the entrance at level 10
            self.check_room()
        elif any(not self.ignores(m.id, p) for m in self.state.dungeon.monsters_in(room.id)):
            self.start_fight(room.id)
        elif entered and not self.state.dungeon.monsters_in(room.id):
            self._arrive(room)
