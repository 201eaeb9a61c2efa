"""Keep the card files' texts in step with their data: after a card's numbers or effects change, rewrite
its ``text`` and ``text_zh`` from the data (:func:`~.cardtext.generated_text`), line by line, leaving the
rest of the file as it is (so edits by others merge). ``python -m tablerules.families.munchkin.cardfile``
refreshes the Munchkin cards, the Munchkin Quest cards and the Quest monsters; tests/test_card_texts.py
fails while a text and its data disagree."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from .cardtext import generated_text, generated_text_zh

_ID = re.compile(r'^\s*"id": "([^"]+)",?$')
_NAME_ZH = re.compile(r'^(\s*)"name_zh": ".*",$')
_TEXT = re.compile(r'^(\s*)"(text|text_zh)": ".*"(,?)$')


def refresh_texts(path: str | Path, cards: Iterable[Any]) -> list[str]:
    """Rewrite the ``text``/``text_zh`` lines of each card of ``cards`` in the JSON file ``path`` (insert
    them after ``name_zh`` when missing) from its data; the ids whose texts changed."""
    wanted = {c.id: {"text": generated_text(c), "text_zh": generated_text_zh(c)} for c in cards}
    have = _with_texts(path)
    out: list[str] = []
    changed: set[str] = set()
    current = ""
    for line in Path(path).read_text(encoding="utf-8").split("\n"):
        if m := _ID.match(line):
            current = m.group(1)
        texts = wanted.get(current)
        if texts is not None and (m := _TEXT.match(line)):
            new = f'{m.group(1)}"{m.group(2)}": {json.dumps(texts.pop(m.group(2)), ensure_ascii=False)}{m.group(3)}'
            if new != line:
                changed.add(current)
            line = new
        out.append(line)
        if texts and (m := _NAME_ZH.match(line)) and current not in have:
            out += [f'{m.group(1)}"{key}": {json.dumps(value, ensure_ascii=False)},' for key, value in texts.items()]
            texts.clear()
            changed.add(current)
    Path(path).write_text("\n".join(out), encoding="utf-8")
    return sorted(changed)


def _with_texts(path: str | Path) -> set[str]:
    """The ids of the cards that already have text lines (these are rewritten where they are)."""
    doc = json.loads(Path(path).read_text(encoding="utf-8"))
    return {item["id"] for item in doc.get("cards", doc.get("monsters", [])) if "text" in item}


def refresh_all() -> dict[str, list[str]]:
    """Refresh the three card files of data/; file -> changed ids."""
    from ...core.cards import parse_cards
    from ...core.data import data_path, read_json
    from ...quest.tiles import parse_monsters

    # read without the schema, which requires the texts this may be about to write
    loaders: dict[Path, Callable[[dict, str], Iterable[Any]]] = {
        data_path("munchkin", "cards.json"): lambda doc, f: parse_cards(doc, f).values(),
        data_path("quest", "cards.json"): lambda doc, f: parse_cards(doc, f).values(),
        data_path("quest", "monsters.json"): parse_monsters,
    }
    return {str(path): refresh_texts(path, parse(read_json(path), str(path))) for path, parse in loaders.items()}


if __name__ == "__main__":
    for file, ids in refresh_all().items():
        print(f"{file}: {len(ids)} card text(s) rewritten {ids if ids else ''}")
