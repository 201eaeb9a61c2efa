"""The core every game stands on: the game protocol, exact distributions, data loading, agents,
simulation and the random-game test harness."""

from .agents import Agent, RandomAgent, play_game
from .data import data_path, load_json, validate
from .distribution import Distribution
from .errors import DataError, IllegalAction, SaveError, TablerulesError
from .protocol import Action, Chance, ChanceStep, Game, Result
from .registry import game_class, game_names, register
from .simulation import SimulationSummary, simulate

__all__ = [
    "Action", "Agent", "Chance", "ChanceStep", "DataError", "Distribution", "Game", "IllegalAction",
    "RandomAgent", "Result", "SaveError", "SimulationSummary", "TablerulesError", "data_path",
    "game_class", "game_names", "load_json", "play_game", "register", "simulate", "validate",
]
