"""Munchkin Quest's rules, one module per subject (seed 001), each a part of
:class:`~tablerules.quest.game.QuestGame`: turn, exploring, searching, items, levels, rooms, curses, powers,
bad_stuff (Quest's part of the family's interpreter), death, combat, help, running, charity, identity (races and
classes), anytime; flow (the turn's stages as data: who acts, their actions, what settles by itself); common
numbers and stage names."""
