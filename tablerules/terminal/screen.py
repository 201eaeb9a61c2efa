"""``tablerules play``: a game in the terminal, one screen per decision.

:func:`terminal_screen` builds the screen of a state for a seat as a pure function of what that seat may
see (its view of the state, boards, the exact odds, the pending chance step in words, the numbered
actions); :func:`play_loop` prints the log and the screens, and reads the commands.
"""

from __future__ import annotations

from typing import Any, TextIO

from ..core.agents import seat_agents
from ..core.errors import IllegalAction
from ..core.protocol import Action, Game
from ..core.referee import leave_to_people, only_answers, reroll
from ..explain import explain
from .boards import baldur_lines, kragmortha_board, kragmortha_heading, smallworld_heading, smallworld_regions
from .catalogue import card_lines, id_names
from .chance import chance_view, outcome_words, typed_outcome
from .words import and_join, plain, players

HELP = ("number: play that action | card NAME: read a card (card alone: the cards in view) | at a chance step, "
        "r: roll with the seeded dice (the whole deal), rr: re-roll from a fresh random stream, or type the "
        "result rolled at the table (a die's face, a card's name) | u: undo | s FILE: save | h: help | q: quit")


def words_of(game: Game, text: str) -> str:
    """An engine's text in plain words: lists as words, card ids as card names."""
    return plain(text, id_names(game.name)).replace("has no any item", "has no item")


def state_lines(game: Game, seat: int | None) -> list[str]:
    """The state as ``seat`` sees it (``None``: everything), with the game's board where it has one."""
    if game.name == "kragmortha":
        return [kragmortha_heading(game, seat), *kragmortha_board(game, seat)]
    if game.name == "smallworld":
        return [*smallworld_heading(game, seat), *smallworld_regions(game)]
    if game.name == "baldursgate":
        return baldur_lines(game, seat)
    return [words_of(game, line) for line in game.describe_view(seat).splitlines()]


def explain_lines(game: Game, seat: int | None) -> list[str]:
    """The breakdowns and exact odds (:func:`~tablerules.explain.explain`) a seat may read: Baldur's Gate's
    odds of the round's event are worked out from the bank's true contents, which depend on the other
    hands, so a seat's screen leaves them out."""
    lines = explain(game, seat).lines()
    if seat is not None and game.name == "baldursgate":
        lines = [line for line in lines if not line.startswith("odds: the event is")]
    return lines


def seat_actions(game: Game, seat: int | None) -> tuple[tuple[Action, ...], tuple[Action, ...]]:
    """(the actions of the seats to act, the out-of-turn ones), as numbered on the screen: with ``seat``,
    only that seat's."""
    if game.is_over() or game.is_chance():
        return (), ()
    actions = game.legal_actions() if seat is None else game.legal_actions(seat)
    if seat is not None and seat not in game.to_act():
        return (), actions  # what the seat may do out of turn while others decide
    anytime = tuple(a for p, acts in game.out_of_turn_actions().items() if seat is None or p == seat for a in acts)
    return actions, anytime


def result_line(game: Game) -> str:
    result = game.result()
    winners = list(result.winners) if result else []
    if not winners:
        text = "Game over: nobody wins"
    elif len(winners) == 1:
        text = f"Game over: player {winners[0]} wins"
    else:
        text = f"Game over: {players(winners)} win"
    return text + (f" ({words_of(game, result.reason)})" if result and result.reason else "")


def terminal_screen(game: Game, seat: int | None = None) -> str:
    """The whole screen of the current state for ``seat`` (``None``: the referee's full view): a pure
    function of what that seat may see, the log aside (:func:`play_loop` prints the log as it grows)."""
    if game.is_over():
        return "\n".join([*state_lines(game, seat), result_line(game)])
    lines = [f"== {game.stage()} ==", *state_lines(game, seat)]
    lines += [f"  {words_of(game, line)}" for line in explain_lines(game, seat)]
    view = chance_view(game, seat)
    if view is not None:
        lines += view.lines()
        return "\n".join(lines)
    acting = game.to_act()
    names = [f"player {p}{' (you)' if p == seat else ''}" for p in acting]
    lines.append(f"{and_join(names, 'nobody')} to act")
    actions, anytime = seat_actions(game, seat)
    lines += [f"  {i:>3}. {words_of(game, a.describe())}" for i, a in enumerate(actions)]
    if anytime:
        lines.append("Out of turn (at any time):")
        lines += [f"  {i:>3}. {words_of(game, a.describe())}" for i, a in enumerate(anytime, start=len(actions))]
    if seat is not None and not actions and not anytime:
        lines.append("  (you have nothing to decide: the others are playing)")
    return "\n".join(lines)


def play_loop(game: Game, inp: TextIO, out: TextIO, seat: int | None = None, agents: Any = None) -> Game:
    """A terminal step-through: the log, the screen, then one command at a time.

    With ``seat``, ``agents`` (an agent or a function seat -> agent; random when ``None``) play the other
    seats and the screen shows only what that seat may see; chance that follows an agent's action is rolled
    at once, chance that follows yours is yours to roll or type in."""
    out.write(f"{game.title or game.name} (seed {game.seed}). {HELP}\n")
    if seat is not None:
        out.write(f"You play seat {seat} (player {seat}); agents play the others.\n")
    agent_for = seat_agents(agents, game.seed)
    shown = 0
    mine_last = False
    while True:
        if seat is not None:
            mine_last = agents_play(game, seat, agent_for, mine_last)
        log = game.log_for(seat)
        for line in log[shown:]:
            out.write(f"  * {words_of(game, line)}\n")
        shown = len(log)
        screen = terminal_screen(game, seat)
        out.write(f"\n{screen}\n")
        if game.is_over():
            return game
        chance = game.is_chance()
        actions, anytime = seat_actions(game, seat)
        numbered = (*actions, *anytime)
        out.write("> ")
        out.flush()
        line = inp.readline()
        if not line:  # end of input
            out.write("\n")
            return game
        command = line.strip()
        try:
            while command == "card" or command.startswith("card "):
                out.write("\n".join(card_lines(game.name, command[4:], screen)) + "\n> ")
                command = inp.readline().strip()
            if command in ("q", "quit"):
                return game
            if command in ("h", "help", "?"):
                out.write(f"{HELP}\n")
            elif command == "r" and chance:  # the whole deal: every chance step until somebody decides
                game.roll()
                while game.is_chance() and not game.is_over():
                    game.roll()
            elif command == "rr" and chance:  # one step from a fresh random stream (a re-roll after an undo)
                if (view := chance_view(game, seat)) is not None and view.hidden:
                    out.write("you may not see this outcome: r lets the seeded dice decide\n")
                else:
                    action = reroll(game)
                    out.write(f"re-rolled: {_rolled(game, seat, action)}\n")
            elif command == "u":
                out.write(f"undid: {_undone(game, seat)}\n")
                shown = min(shown, len(game.log_for(seat)))
            elif command.startswith("s "):
                game.save(command[2:].strip())
                out.write("saved\n")
            elif chance and command:
                typed, why = typed_outcome(game, seat, command)
                if typed is None:
                    out.write(f"? {why}\n")
                else:
                    game.apply(typed)
            elif not chance and command.isdigit() and int(command) < len(numbered):
                game.apply(numbered[int(command)])
                mine_last = True
            else:
                out.write(f"? {HELP}\n")
        except (IllegalAction, OSError) as exc:
            out.write(f"! {words_of(game, str(exc))}\n")


def _rolled(game: Game, seat: int | None, action: Action) -> str:
    """What a re-roll gave, as the seat read it in the log (its last line), else the outcome's words."""
    log = game.log_for(seat)
    return words_of(game, log[-1]) if log else words_of(game, action.describe())


def _undone(game: Game, seat: int | None) -> str:
    """Undo the last action; say what was undone without telling a seat what it may not see."""
    action = game.undo()
    if type(action).__name__ == "Chance":
        return "a chance outcome" if seat is not None else f"the chance outcome {outcome_words(game, action)}"
    return words_of(game, action.describe())


def agents_play(game: Game, seat: int, agent_for: Any, mine_last: bool) -> bool:
    """Let the agents play every other seat until ``seat`` has something to decide (or a chance step
    follows its own action, the others only passing in between, and the seat may see its outcome);
    returns whether the last decision was the seat's own."""
    for _ in range(100_000):
        if game.is_over():
            return mine_last
        if game.is_chance():
            if leave_to_people(game, (seat,), mine_last):
                return mine_last
            game.roll()
            continue
        others = [p for p in game.to_act() if p != seat]
        if not others:
            return mine_last
        action = agent_for(others[0]).choose(game, others[0])
        game.apply(action)
        mine_last = mine_last and only_answers(action)
    return mine_last
