"""The core every game stands on: the game protocol, state as data, the turn flow, exact
distributions, data loading, agents, simulation and the random-game test harness."""

from .agents import Agent, RandomAgent, play_game
from .data import data_path, load_json, validate
from .distribution import Distribution
from .errors import DataError, IllegalAction, SaveError, TablerulesError
from .flow import Active, Flow, ResponseWindow, Stage, next_seat, seats_after
from .protocol import Action, Chance, ChanceStep, Event, Game, GameInfo, Information, Result
from .registry import game_class, game_names, register
from .simulation import SimulationSummary, simulate
from .state import clone, from_plain, shared, to_plain

__all__ = [
    "Action", "Active", "Agent", "Chance", "ChanceStep", "DataError", "Distribution", "Event", "Flow", "Game",
    "GameInfo", "IllegalAction", "Information", "RandomAgent", "ResponseWindow", "Result", "SaveError",
    "SimulationSummary", "Stage", "TablerulesError", "clone", "data_path", "from_plain", "game_class", "game_names",
    "load_json", "next_seat", "play_game", "register", "seats_after", "shared", "simulate", "to_plain", "validate",
]
