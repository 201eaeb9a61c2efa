"""The fight: one-shots, enhancers, Mate and Wandering Monster, class powers in a fight, the
2.6-second response window, asking for help, winning, and running away.

Seed 000, 战斗: "在战斗时，你也可以使用手牌中的一次性卡牌，比如各种药水。但你不能在战斗时偷窃或交易装备" (one-shots
from the hand in a fight, but no stealing or trading); 请求帮助: one helper, bribed with treasure or items,
whose strengths join yours ("一个战士的帮助会让你们在总点数持平时获胜"); 逃跑: one die per monster, 5 or 6
escapes; "如果两个小白合作却仍然无法击败怪物，他们都必须逃跑。分别投骰，怪物可以同时抓" (helper and fighter both
run on their own rolls).
"""

from __future__ import annotations

from ...core.flow import ResponseWindow
from ...core.words import counted, players
from ...families.munchkin import (
    WIN_LEVEL,
    escapes,
)
from ..actions import (
    AnswerHelp,
    AskHelp,
    Backstab,
    Charm,
    ChaseAway,
    ClassPower,
    Fight,
    Pass,
    PlayEnhancer,
    PlayMate,
    PlayOneShot,
    PlayWandering,
    RollToRun,
    RunAway,
)
from ..state import (
    ASKING,
    COMBAT,
    END,
    INTERFERENCE,
    RUN_ROLL,
    RUNNING,
    STAGE,
    Combat,
    Loss,
)


class CombatRules:
    """The combat rules of :class:`~tablerules.munchkin.game.MunchkinGame` (a mixin: ``self`` is the game)."""

    def interfere(self, player: int) -> None:
        """``player`` acted in somebody else's fight: the fighter may answer once everyone has passed."""
        c = self.state.combat
        if c is not None and c.window is not None:  # before the first Fight nobody waits for an answer yet
            c.window.interfere(player)

    def start_combat(self, monster: str) -> None:
        self.state.met_monster = True
        self.state.combat = Combat(self.state.current, [monster])
        self.state.flow.goto(STAGE[COMBAT])

    def _do_PlayOneShot(self, action: PlayOneShot) -> None:
        """A one-shot from the hand or from the table (宝藏——使用: "无论是在手牌上还是在桌面上")."""
        c = self.state.combat
        if action.card in self.state.players[action.player].hand:
            self.state.players[action.player].hand.remove(action.card)
        else:
            self._unequip(action.player, action.card)
        (c.munchkin_one_shots if action.side == "munchkin" else c.monster_one_shots).append(action.card)
        self.interfere(action.player)
        self.event(f"player {action.player} plays {self.card(action.card).name} "
                   f"({self.card(action.card).bonus:+d} for the {action.side})")

    def _do_PlayEnhancer(self, action: PlayEnhancer) -> None:
        c = self.state.combat
        self.state.players[action.player].hand.remove(action.card)
        c.enhancers.append(action.card)
        c.enhanced[action.card] = action.monster
        self.interfere(action.player)
        self.event(f"player {action.player} plays {self.card(action.card).name} on {self.card(action.monster).name}")

    def _do_PlayMate(self, action: PlayMate) -> None:
        """Mate (干预战斗: "如果有其他怪物加入战斗（比如游荡怪物或怪物的另一半）"): beat both, or run from both."""
        c = self.state.combat
        self.state.players[action.player].hand.remove(action.card)
        c.monsters.append(action.card)
        c.mate_of[action.card] = action.monster
        self.interfere(action.player)
        self.event(f"player {action.player} plays Mate: {self.card(action.monster).name}'s mate joins the fight")

    def _do_Charm(self, action: Charm) -> None:
        """The wizard discards the whole hand: one monster (with its enhancers) leaves the fight; its
        treasures are the munchkins' if they win the rest, but it gives no level."""
        c = self.state.combat
        me = self.state.players[action.player]
        for copy in list(me.hand):
            me.hand.remove(copy)
            self._discard(copy)
        c.charmed += max(0, self.foe(action.monster).treasures
                         + sum(self.card(e).treasures for e in self.enhancers_on(action.monster)))
        self._send_off(action.monster)
        self.event(f"player {action.player} discards the hand and charms {self.foe(action.monster).name} away")
        if not c.monsters:
            self.resolve_combat()

    def _do_ChaseAway(self, action: ChaseAway) -> None:
        """The monster leaves the fight with its enhancers; the munchkins get one treasure for it if they
        win the rest (none if they run), and no level."""
        c = self.state.combat
        c.charmed += 1
        self._send_off(action.monster)
        self.interfere(action.player)
        self.event(f"player {action.player} chases {self.foe(action.monster).name} away: one treasure, no level")
        if not c.monsters:
            self.resolve_combat()

    def _send_off(self, copy: str) -> None:
        """A monster leaves the fight: its card and the enhancers played on it are discarded (a Mate keeps
        the enhancers of the monster it doubles only while that monster is in the fight)."""
        c = self.state.combat
        c.monsters.remove(copy)
        for e in [e for e, m in c.enhanced.items() if m == copy]:
            c.enhancers.remove(e)
            del c.enhanced[e]
            self.state.door_discard.append(e)
        c.mate_of.pop(copy, None)
        self.state.door_discard.append(copy)

    def _do_ClassPower(self, action: ClassPower) -> None:
        c = self.state.combat
        self.discard_own(action.player, action.card)
        c.power_cards(action.power).append(action.card)
        c.powers_by[action.card] = action.player
        self.event(f"player {action.player} discards {self.card(action.card).name} for {action.power}")

    def _do_Fight(self, action: Fight) -> None:
        """The 2.6-second moment: every other player may pass or interfere."""
        c = self.state.combat
        c.window = ResponseWindow(c.fighter, [p for p in range(self.params.players) if p not in c.side])
        self.state.flow.goto(STAGE[INTERFERENCE])
        self.event(f"player {action.player} fights: {self.fighter_strength()} against {self.monster_strength()}")

    def _do_PlayWandering(self, action: PlayWandering) -> None:
        """Wandering Monster (干预战斗: "这会让你手牌上的怪物加入任何一场战斗"): beat their sum, or run from each."""
        hand = self.state.players[action.player].hand
        hand.remove(action.card)
        hand.remove(action.monster)
        self.state.door_discard.append(action.card)
        self.state.combat.monsters.append(action.monster)
        self.interfere(action.player)
        self.event(f"player {action.player} sends in a wandering {self.card(action.monster).name}")

    def _do_Backstab(self, action: Backstab) -> None:
        c = self.state.combat
        self.discard_own(action.player, action.card)
        c.backstabs.append(action.card)
        c.backstabbers.append(action.player)
        self.interfere(action.player)
        self.event(f"player {action.player} backstabs the fighter: -2")

    def _do_AskHelp(self, action: AskHelp) -> None:
        c = self.state.combat
        c.asked, c.offer, c.offer_item = action.helper, action.treasures, action.item
        c.offer_first = action.fighter_first
        self.state.flow.goto(STAGE[ASKING])
        self.event(action.describe())

    def _do_AnswerHelp(self, action: AnswerHelp) -> None:
        c = self.state.combat
        if action.accept:
            c.helper, c.share, c.fighter_first = action.player, c.offer, c.offer_first
            if c.offer_item:  # the bribe changes hands at once (贿赂: "你可以用你的装备")
                self._unequip(c.fighter, c.offer_item)
                self.state.players[action.player].carried.append(c.offer_item)
                self.event(f"player {c.fighter} hands {self.card(c.offer_item).name} to player {action.player}")
            self.event(f"player {action.player} helps: {self.fighter_strength()} against {self.monster_strength()}")
        else:
            c.refused.append(action.player)
            self.event(f"player {action.player} refuses to help")
        c.asked, c.offer_item, c.offer_first = None, "", False
        self.state.flow.goto(STAGE[COMBAT])

    def _do_Pass(self, action: Pass) -> None:
        self.state.combat.window.answer(action.player)

    def _do_RunAway(self, action: RunAway) -> None:
        self.event(f"player {action.player} runs away from {self.monster_names()}")
        self.start_running()

    def start_running(self) -> None:
        """Fighter and helper each run on their own rolls, one per monster in the order they choose; the
        monsters can catch both."""
        self.state.combat.runners = list(self.state.combat.side)
        self.state.combat.chasing = list(self.state.combat.monsters)
        self.state.flow.goto(STAGE[RUNNING])

    def resolve_combat(self) -> None:
        c = self.state.combat
        if c.monsters and not self.winning():
            self.event(f"the monster wins, {self.monster_strength()} against {self.fighter_strength()}: run!")
            self.start_running()
            return
        names = self.monster_names()
        me = self.state.players[c.fighter]
        before = me.level
        me.level = min(WIN_LEVEL, me.level + sum(self.foe(m).levels for m in c.monsters))  # a level a monster
        treasures = self.treasure_count()
        self.event(f"player {c.fighter} kills {names}: level {before} to {me.level}, {counted(treasures, 'treasure')}")
        reached = [c.fighter] if me.level >= WIN_LEVEL else []
        if c.helper is not None and "elf" in self._frozen_tags(c.helper):  # an elf helper goes up a level a monster
            helper = self.state.players[c.helper]
            helper.level = min(WIN_LEVEL, helper.level + len(c.monsters))
            self.event(f"player {c.helper}, an elf, goes up a level for helping (level {helper.level})")
            if helper.level >= WIN_LEVEL:
                reached.append(c.helper)
        fighter, helper_seat, share, fighter_first = c.fighter, c.helper, min(c.share, treasures), c.fighter_first
        self._end_combat()
        if reached:  # a fighter and a helper reaching 10 on the same kill both win
            self.state.ten_by_rule.update(reached)
            self.state.winners = tuple(sorted(reached))
            self.state.over_reason = (f"{players(self.state.winners)} reached level 10 "
                                      f"by killing {names}")
            self.event(self.state.over_reason)
            return
        if helper_seat is None:
            self._queue_draws(fighter, "treasure", treasures)
        else:  # with help, drawn face up in the order the offer settled (请求帮助: "是你先抽，还是他先抽")
            draws = [(helper_seat, share), (fighter, treasures - share)]
            for seat, n in reversed(draws) if fighter_first else draws:
                self._queue_draws(seat, "treasure", n, face="open")
        self.state.flow.goto(STAGE[END])

    def _end_combat(self) -> None:
        """Monsters, enhancers and one-shots are discarded; Change Sex has had its one fight."""
        c = self.state.combat
        for copy in [*c.monsters, *c.enhancers]:
            self.state.door_discard.append(copy)
        self.state.treasure_discard.extend(c.munchkin_one_shots + c.monster_one_shots)
        for p in c.side:
            for curse in self.sex_changes([p]):
                self.state.players[p].curses.remove(curse)
                self.state.door_discard.append(curse)
                self.event(f"player {p} has fought the fight after the Change Sex: its penalty is over")
        self.state.combat = None

    def _do_RollToRun(self, action: RollToRun) -> None:
        c = self.state.combat
        c.chasing.remove(action.monster)
        c.chasing.insert(0, action.monster)  # the one rolled against now
        monster = self.foe(action.monster)
        if self.state.players[action.player].level <= monster.no_pursuit_up_to:
            self.event(f"{monster.name} does not pursue anyone of level {monster.no_pursuit_up_to} or below")
            self._next_chaser()
            return
        self.state.flow.goto(STAGE[RUN_ROLL])

    def roll_to_run(self, face: int) -> None:
        c = self.state.combat
        runner = c.runners[0]
        monster = self.foe(c.chasing[0])
        total = face + self.run_modifier(runner, c.chasing[0])
        if escapes(face, total - face):
            self.event(f"player {runner} rolls {face} ({total} with modifiers) and escapes {monster.name}")
        else:
            self.event(f"player {runner} rolls {face} ({total} with modifiers): {monster.name}'s bad stuff")
            c.caught += [Loss(runner, e, monster.name, monster.else_bad_stuff) for e in monster.bad_stuff]
            if not monster.bad_stuff:
                self.event("its bad stuff does nothing")
        self._next_chaser()

    def _next_chaser(self) -> None:
        """On to the runner's next monster, then to the next runner, then the fight is over."""
        c = self.state.combat
        c.chasing.pop(0)
        if not c.chasing:
            c.runners.pop(0)
            c.flight.clear()  # flight helps one wizard's rolls
            c.chasing = list(c.monsters) if c.runners else []
        if c.runners:
            self.state.flow.goto(STAGE[RUNNING])
            return
        caught = list(c.caught)  # every roll is made: now all the bad stuff lands, in the order of the rolls
        self._end_combat()
        self.state.flow.goto(STAGE[END])
        self.state.losses += caught
