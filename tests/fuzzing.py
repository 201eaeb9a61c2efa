"""Hypothesis strategies that break JSON documents the ways a hand-edited data file or save breaks: wrong
types, missing fields, dangling references, duplicate ids, huge numbers, truncated text, non-UTF-8 bytes.
Shared by tests/test_fuzz_data.py and tests/test_fuzz_saves.py."""

from __future__ import annotations

import copy
import json
import os
from collections.abc import Iterator
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

#: Examples per fuzz test: modest, so the suite stays fast (FUZZ_EXAMPLES=500 for a longer local hunt).
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "20"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize="FUZZ_EXAMPLES" not in os.environ,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                       HealthCheck.data_too_large])

#: Values of the wrong type or size for almost any field.
WEIRD: tuple[Any, ...] = (None, True, False, 0, -1, 7, 10**40, -(10**40), 1.5, 1e308, float("nan"), "", "no-such-id",
                          "\u0000\ufffd", "x" * 300, [], [None], {}, {"x": 1}, [[]])

Path = tuple[Any, ...]


def nodes(doc: Any, path: Path = ()) -> Iterator[tuple[Path, Any]]:
    """Every (path, value) in a JSON document, the root first."""
    yield path, doc
    if isinstance(doc, dict):
        for key, value in doc.items():
            yield from nodes(value, (*path, key))
    elif isinstance(doc, list):
        for i, value in enumerate(doc):
            yield from nodes(value, (*path, i))


def _parent(doc: Any, path: Path) -> Any:
    for part in path[:-1]:
        doc = doc[part]
    return doc


def mutate(doc: Any, data: st.DataObject) -> Any:
    """One to three structural mutations of a copy of ``doc``."""
    doc = copy.deepcopy(doc)
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        places = [p for p, _ in nodes(doc) if p]
        if not places:
            return copy.deepcopy(data.draw(st.sampled_from(WEIRD)))
        path = data.draw(st.sampled_from(places), label="where")
        parent = _parent(doc, path)
        value = parent[path[-1]]
        kind = data.draw(st.sampled_from(["replace", "delete", "duplicate", "reference", "huge", "extra"]),
                         label="kind")
        if kind == "replace":
            parent[path[-1]] = copy.deepcopy(data.draw(st.sampled_from(WEIRD), label="value"))
        elif kind == "delete":
            del parent[path[-1]]
        elif kind == "duplicate":  # a list entry twice: duplicate ids
            lists = [p for p, v in nodes(doc) if isinstance(v, list) and v]
            if lists:
                chosen = data.draw(st.sampled_from(lists), label="list")
                target = doc
                for part in chosen:
                    target = target[part]
                target.append(copy.deepcopy(data.draw(st.sampled_from(target))))
        elif kind == "reference":  # a name that points nowhere, or somewhere else
            strings = [v for _, v in nodes(doc) if isinstance(v, str)]
            parent[path[-1]] = data.draw(st.sampled_from([*strings[:200], "no-such-id", "Ω"]), label="ref")
        elif kind == "huge":
            parent[path[-1]] = data.draw(st.sampled_from([10**18, -(10**18), 2**63, 10**4000, -(10**4000)]))
        elif kind == "extra" and isinstance(value, dict):
            value[data.draw(st.sampled_from(["extra", "id", "type", "x"]))] = copy.deepcopy(
                data.draw(st.sampled_from(WEIRD)))
    return doc


def broken_bytes(doc: Any, data: st.DataObject) -> bytes:
    """The bytes of a broken file: a mutated document, or the good one truncated, with bytes that are not
    UTF-8, or worse."""
    text = json.dumps(doc, ensure_ascii=False, indent=1).encode("utf-8")
    kind = data.draw(st.sampled_from(["mutate", "mutate", "mutate", "truncate", "not-utf8", "bom", "garbage",
                                      "empty", "deep"]), label="file")
    if kind == "mutate":
        return json.dumps(mutate(doc, data), ensure_ascii=False).encode("utf-8")
    if kind == "truncate":
        return text[: data.draw(st.integers(0, max(0, len(text) - 1)), label="cut")]
    if kind == "not-utf8":
        at = data.draw(st.integers(0, len(text)), label="at")
        return text[:at] + data.draw(st.sampled_from([b"\xff", b"\xc3(", b"\xed\xa0\x80", b"\x80\x80"])) + text[at:]
    if kind == "bom":
        return b"\xef\xbb\xbf" + text
    if kind == "garbage":
        return data.draw(st.binary(max_size=200), label="bytes")
    if kind == "deep":
        return b"[" * 100_000 + b"]" * 100_000
    return b""
