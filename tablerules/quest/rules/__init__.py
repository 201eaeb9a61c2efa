"""Munchkin Quest's rules, one module per subject (seed 001), each a part of
:class:`~tablerules.quest.game.QuestGame`: turn, exploring, searching, items, levels, rooms, curses, powers,
bad_stuff, death, combat, help, running, charity, identity (races and classes), anytime; common numbers."""
