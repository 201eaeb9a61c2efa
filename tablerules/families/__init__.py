"""Rules shared by a family of games (the Munchkin card game and Munchkin Quest, ...), as plain
functions and dataclasses that each engine calls."""
