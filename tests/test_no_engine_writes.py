"""No test sets up a position by writing engine fields (issue #24): positions come from each game's scenario
API (``tablerules/<game>/scenario.py``, README "Setting up a position").

The scan reads every ``tests/*.py`` as a syntax tree and flags

- an assignment, augmented assignment or ``del`` whose target goes through ``.state`` (``g.state.x = 1``,
  ``g.state.hand[0] = c``, ``g.state = other``) or through a name bound to such a path (``s = g.state`` then
  ``s.round = 3``; ``seat = g.state.seats[0]`` then ``seat.coins += 2``; a ``for seat in g.state.seats`` loop
  variable too);
- a mutating method call (``append``, ``extend``, ``insert``, ``pop``, ``remove``, ``clear``, ``update``,
  ``add``, ``discard``, ``setdefault``, ``sort``, ``reverse``) on such an expression, and ``setattr``,
  ``delattr`` or a ``shuffle`` whose first argument is one,

unless the line carries ``# engine write: <why>`` (the core state machinery's own tests, the toy games that
ARE game definitions, invariant and forged-save tests that corrupt a state on purpose).

Reads stay unflagged: a name bound to a copy (``list(g.state.hand)``, ``g.state.hand[:]``,
``g.state.deck.copy()``) or to a value computed from the state is not the state, and ``.index``, ``.count``,
``len``, comparisons and the like never write.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

TESTS = Path(__file__).parent
MARK = "# engine write:"
MUTATORS = frozenset({"append", "extend", "insert", "pop", "remove", "clear", "update", "add", "discard",
                      "setdefault", "sort", "reverse"})
#: calls that write their first argument
WRITING_CALLS = frozenset({"setattr", "delattr", "shuffle"})


@dataclass(frozen=True)
class Write:
    path: str
    line: int
    what: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.what}"


def _is_copy(node: ast.expr) -> bool:
    return isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Slice)


class _Scan(ast.NodeVisitor):
    """Walks a module in source order, keeping, per function scope, the names bound to state paths."""

    def __init__(self, path: str, lines: list[str], delegated: frozenset[str], games: frozenset[str]) -> None:
        self.path, self.lines, self.delegated, self.games = path, lines, delegated, games
        self.tainted: set[str] = set()
        self.others: set[str] = set()  # names bound to an object of a class that is not a game (a widget)
        self.found: list[Write] = []

    # ----- what is the state -----
    def through_state(self, node: ast.expr) -> bool:
        """``node`` is a path (names, attributes, indexes) that goes through ``.state`` or starts at a name bound
        to one; a slice copies and a call makes a new value, so neither is the state."""
        while True:
            if isinstance(node, ast.Attribute):
                if node.attr == "state" or (node.attr in self.delegated and not self._other(node.value)):
                    return True
                node = node.value
            elif isinstance(node, ast.Subscript):
                if _is_copy(node):
                    return False
                node = node.value
            elif isinstance(node, ast.Name):
                return node.id in self.tainted
            else:
                return False

    def _other(self, node: ast.expr) -> bool:
        return isinstance(node, ast.Name) and node.id in self.others

    def _note_other(self, name: str, value: ast.expr | None) -> None:
        """``name = SomeWidget(...)``: a class's instance that is no game has no state properties."""
        func = value.func if isinstance(value, ast.Call) else None
        callee = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        if callee[:1].isupper() and callee not in self.games:
            self.others.add(name)
        else:
            self.others.discard(name)

    # ----- reporting -----
    def flag(self, node: ast.AST, what: str) -> None:
        line = node.lineno
        end = getattr(node, "end_lineno", line) or line
        if any(MARK in self.lines[i - 1] for i in range(line, end + 1)):
            return
        self.found.append(Write(self.path, line, what))

    # ----- scopes -----
    def _scope(self, node: ast.AST, extra: set[str] = frozenset()) -> None:
        saved = set(self.tainted)
        self.tainted |= extra
        self.generic_visit(node)
        self.tainted = saved

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        params = {a.arg for a in node.args.args + node.args.kwonlyargs + node.args.posonlyargs
                  if a.annotation is not None and "State" in ast.unparse(a.annotation)}
        for default in node.args.defaults + node.args.kw_defaults:
            if default is not None:
                self.visit(default)
        saved = set(self.tainted)
        self.tainted = (self.tainted - {a.arg for a in node.args.args}) | params
        for stmt in node.body:
            self.visit(stmt)
        self.tainted = saved

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Lambda(self, node: ast.Lambda) -> None:
        self._scope(node)

    # ----- bindings -----
    def bind(self, target: ast.expr, value: ast.expr | None) -> None:
        if isinstance(target, ast.Name):
            self._note_other(target.id, value)
            if value is not None and self.through_state(value):
                self.tainted.add(target.id)
            else:
                self.tainted.discard(target.id)
        elif isinstance(target, ast.Tuple | ast.List):
            values = value.elts if isinstance(value, ast.Tuple | ast.List) and len(value.elts) == len(target.elts) \
                else [None] * len(target.elts)
            for t, v in zip(target.elts, values, strict=True):
                self.bind(t, v)
        elif isinstance(target, ast.Starred):
            self.bind(target.value, None)
        elif self.target_is_state(target):
            self.flag(target, f"writes {ast.unparse(target)}")

    def visit_Assign(self, node: ast.Assign) -> None:
        self.visit(node.value)
        for target in node.targets:
            self.bind(target, node.value)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        if node.value is not None:
            self.visit(node.value)
            self.bind(node.target, node.value)

    def target_is_state(self, target: ast.expr) -> bool:
        """An assignment target writes the state: ``g.state``, ``g.state.x``, ``g.state.deck[0]`` and a slice
        assignment ``g.state.deck[:] = cards`` (a slice read copies, a slice written writes the list)."""
        if isinstance(target, ast.Subscript):
            return self.through_state(target.value)
        return self.through_state(target) or (isinstance(target, ast.Attribute) and target.attr == "state")

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        self.visit(node.value)
        if not isinstance(node.target, ast.Name) and self.target_is_state(node.target):
            self.flag(node.target, f"changes {ast.unparse(node.target)}")

    def visit_NamedExpr(self, node: ast.NamedExpr) -> None:
        self.visit(node.value)
        self.bind(node.target, node.value)

    def visit_Delete(self, node: ast.Delete) -> None:
        for target in node.targets:
            if not isinstance(target, ast.Name) and self.target_is_state(target):
                self.flag(target, f"deletes {ast.unparse(target)}")

    def _loop_target(self, target: ast.expr, iterable: ast.expr) -> None:
        """``for seat in g.state.seats`` (or ``enumerate(...)``/``zip(...)`` of it) binds parts of the state."""
        inner = iterable
        if isinstance(inner, ast.Call) and isinstance(inner.func, ast.Name) and inner.func.id in ("enumerate",
                                                                                                  "reversed"):
            if isinstance(target, ast.Tuple) and inner.func.id == "enumerate" and len(target.elts) == 2:
                self.bind(target.elts[0], None)
                target = target.elts[1]
            inner = inner.args[0] if inner.args else inner
        if isinstance(target, ast.Name):
            if self.through_state(inner):
                self.tainted.add(target.id)
            else:
                self.tainted.discard(target.id)
        else:
            self.bind(target, None)

    def visit_For(self, node: ast.For) -> None:
        self.visit(node.iter)
        self._loop_target(node.target, node.iter)
        for stmt in node.body + node.orelse:
            self.visit(stmt)

    visit_AsyncFor = visit_For

    def visit_comprehension(self, node: ast.comprehension) -> None:
        self.visit(node.iter)
        self._loop_target(node.target, node.iter)
        for cond in node.ifs:
            self.visit(cond)

    def _comp(self, node: ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp) -> None:
        saved = set(self.tainted)
        for gen in node.generators:
            self.visit_comprehension(gen)
        for part in ("elt", "key", "value"):
            if hasattr(node, part):
                self.visit(getattr(node, part))
        self.tainted = saved

    visit_ListComp = visit_SetComp = visit_GeneratorExp = visit_DictComp = _comp

    def visit_With(self, node: ast.With) -> None:
        for item in node.items:
            self.visit(item.context_expr)
            if item.optional_vars is not None:
                self.bind(item.optional_vars, None)
        for stmt in node.body:
            self.visit(stmt)

    # ----- calls -----
    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr in MUTATORS and self.through_state(func.value):
            self.flag(node, f"calls {ast.unparse(func)}(...)")
        name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
        if name in WRITING_CALLS and node.args and self.through_state(node.args[0]):
            self.flag(node, f"calls {name}({ast.unparse(node.args[0])}, ...)")
        self.generic_visit(node)


def delegated_names() -> frozenset[str]:
    """The game attributes that are the state's own fields under another door: Munchkin's and Munchkin Quest's
    properties (``game.heroes`` is ``game.state.heroes``, ``g.door_deck`` is ``g.state.door_deck``)."""
    from tablerules.core.registry import game_class, game_names

    names: set[str] = set()
    for name in game_names():
        cls = game_class(name)
        state = cls(seed=0).state
        names |= {k for k in dir(cls) if isinstance(getattr(cls, k, None), property) and hasattr(state, k)}
    return frozenset(names)


def game_class_names() -> frozenset[str]:
    from tablerules.core.registry import game_class, game_names

    return frozenset(game_class(name).__name__ for name in game_names())


DELEGATED, GAMES = delegated_names(), game_class_names()


def scan_source(source: str, path: str = "<source>") -> list[Write]:
    """Every engine write in ``source`` not marked ``# engine write:``."""
    scan = _Scan(path, source.splitlines(), DELEGATED, GAMES)
    scan.visit(ast.parse(source))
    return scan.found


def scan_tests(folder: Path = TESTS) -> list[Write]:
    found: list[Write] = []
    for path in sorted(folder.glob("*.py")):
        found += scan_source(path.read_text(encoding="utf-8"), path.name)
    return found


# ----- the scanner finds writes and leaves reads alone -----
WRITES = {
    "attribute": "g.state.round = 3",
    "index": "g.state.tokens[4] = 2",
    "whole state": "g.state = other",
    "augmented": "g.state.seats[0].coins += 5",
    "delete": "del g.state.hand[0]",
    "slice assignment": "g.state.deck[:] = cards[:1]",
    "slice delete": "del game.dxm_deck[1:]",
    "bound name": "s = g.state\ns.round = 3",
    "bound part": "seat = g.state.seats[1]\nseat.coins = 9",
    "deck clear": "deck = g.state.door_deck\ndeck.clear()",
    "append": "g.state.seats[0].hand.append(card)",
    "pop": "g.state.deck.pop()",
    "update": "g.state.markers.update({1: 2})",
    "loop variable": "for seat in g.state.seats:\n    seat.coins = 0",
    "enumerate": "for i, seat in enumerate(g.state.seats):\n    seat.coins = i",
    "clone": "g.clone().state.round = 2",
    "setattr": "setattr(g.state, 'round', 2)",
    "shuffle": "rng.shuffle(g.state.deck)",
    "in a function": "def f(g):\n    s = g.state\n    s.deck.insert(0, c)",
    "tuple bind": "s, t = a.state, b.state\nt.round = 1",
    "walrus": "if (s := g.state).round:\n    s.round = 1",
    "annotated parameter": "def f(s: QuestState):\n    s.gold = 1",
    "quest property": "game.room_deck.clear()",
    "quest hero": "hero = game.heroes[1]\nhero.health -= 2",
    "munchkin property": "g.door_deck.insert(0, card)",
    "munchkin player": "g.players[0].level = 9",
    "a game built by its class": "g = QuestGame(seed=1)\ng.heroes[0].health = 1",
}

READS = {
    "read": "x = g.state.round\ny = g.state.tokens[4]",
    "copy by list": "hand = list(g.state.hand)\nhand.append(card)",
    "copy by slice": "hand = g.state.hand[:]\nhand.pop()",
    "copy method": "deck = g.state.deck.copy()\ndeck.clear()",
    "computed": "n = len(g.state.deck)\nn += 1",
    "rebound": "s = g.state\ns = {}\ns.update(x=1)\ns['a'] = 1",
    "index and count": "i = g.state.deck.index(c) + g.state.deck.count(c)",
    "own list": "seen = []\nseen.append(g.state.round)",
    "local name": "g = new_game()\ng = S.give(g, 0, 'Trolls', 'Flying')",
    "comparison": "assert g.state.round == 3",
    "function arg": "def f(g):\n    g = clone(g)\n    return g.state.round",
    "state of a copy dict": "d = dict(g.state.markers)\nd[1] = 2\nd.update(x=1)",
    "loop over a copy": "for seat in list(g.state.seats):\n    seat = 1",
    "a widget's field of a state name": "widget = ForecastWidget(turns=1)\nwidget.turns.value = 2",
    "dict of the save": "plain = g.state_dict()\nplain['round'] = 9",
}


@pytest.mark.parametrize("case", sorted(WRITES))
def test_the_scan_catches_a_write(case: str) -> None:
    found = scan_source(WRITES[case])
    assert found, f"{case}: {WRITES[case]!r} was not flagged"


@pytest.mark.parametrize("case", sorted(READS))
def test_the_scan_leaves_reads_alone(case: str) -> None:
    assert scan_source(READS[case]) == [], case


def test_a_marked_line_is_an_allowed_exception() -> None:
    source = "g.state.round = 3  # engine write: the invariant check must see a broken round\n"
    assert scan_source(source) == []
    assert [str(w) for w in scan_source(source.replace(MARK, "# note:"), "t.py")] == ["t.py:1: writes g.state.round"]


def test_a_marked_multi_line_call_is_allowed() -> None:
    source = "g.state.hand.extend([  # engine write: forged save\n    a,\n    b,\n])\n"
    assert scan_source(source) == []


def test_no_test_writes_an_engine_field() -> None:
    """Every test builds its position with the scenario API; the exceptions carry ``# engine write: why``."""
    found = scan_tests()
    assert not found, "engine writes in tests (use tablerules/<game>/scenario.py):\n" + "\n".join(map(str, found))
