"""Memory over long runs: the process's resident size, the sizes of every module-level cache, a slope.

A sweep worker or a soak plays hundreds of thousands of games in one process; its resident size must stay
flat once the data files are loaded and the caches are warm. :func:`rss_kb` reads the resident size,
:func:`cache_sizes` lists every module-level container and ``lru_cache`` under ``tablerules`` with its
number of entries (the audit that finds a cache filled by every game), and :func:`slope` fits a straight
line to (games played, size) samples. ``benchmarks/memory_soak.py`` plays the games and prints them.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Sequence
from typing import Any

#: containers whose entry count is audited (module attributes and class attributes of those types)
_CONTAINERS = (dict, set, list)


def rss_kb() -> int:
    """The resident set size of this process now, in KiB (``/proc/self/statm``; psutil elsewhere)."""
    try:
        with open("/proc/self/statm") as f:
            pages = int(f.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") // 1024
    except (OSError, ValueError, IndexError):
        import psutil

        return psutil.Process().memory_info().rss // 1024


def deep_bytes(value: Any, seen: set[int] | None = None) -> int:
    """Bytes held by ``value`` and everything it refers to that was not counted yet (``sys.getsizeof`` summed over
    containers, objects' attributes and slots; shared objects once): an estimate of what a cache holds."""
    seen = set() if seen is None else seen
    todo = [value]
    total = 0
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, type):
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj)
        if isinstance(obj, dict):
            todo += obj.keys()
            todo += obj.values()
        elif isinstance(obj, list | tuple | set | frozenset):
            todo += obj
        else:
            attrs = getattr(obj, "__dict__", None)
            if attrs is not None:
                todo.append(attrs)
            for name in getattr(type(obj), "__slots__", ()):
                if hasattr(obj, name):
                    todo.append(getattr(obj, name))
    return total


def ceiling_bytes(cache: Any, bound: int) -> int:
    """What a dict-like ``cache`` would hold at ``bound`` entries, at its present bytes an entry (0 for an empty
    cache, or one whose entries cannot be read, as an ``lru_cache``'s)."""
    if not hasattr(cache, "items") or not len(cache):
        return 0
    return deep_bytes(cache) * bound // len(cache)


def _size(value: Any) -> int | None:
    """Entries held by ``value``: a container's length, an ``lru_cache``'s current size, else None."""
    if isinstance(value, _CONTAINERS):
        return len(value)
    info = getattr(value, "cache_info", None)
    if callable(info) and hasattr(value, "cache_clear"):
        try:
            return info().currsize
        except TypeError:
            return None
    return None


def cache_sizes(prefix: str = "tablerules") -> dict[str, int]:
    """``module.name`` (or ``module.Class.name``) -> entries, for every dict/set/list and ``lru_cache`` that
    is a module attribute or a class attribute of a class defined in a loaded ``prefix`` module. Static
    tables show up too: they do not grow, which is the point of comparing two snapshots."""
    sizes: dict[str, int] = {}
    for name, module in list(sys.modules.items()):
        if module is None or not (name == prefix or name.startswith(prefix + ".")):
            continue
        for attr, value in list(vars(module).items()):
            if attr.startswith("__"):  # the module's own machinery (__builtins__, __all__...), no cache
                continue
            n = _size(value)
            if n is not None:
                sizes[f"{name}.{attr}"] = n
            elif isinstance(value, type) and value.__module__ == name:
                for cattr, cvalue in list(vars(value).items()):
                    if cattr.startswith("__"):  # __annotations__, __dataclass_fields__...
                        continue
                    n = _size(cvalue)
                    if n is not None:
                        sizes[f"{name}.{attr}.{cattr}"] = n
    return sizes


def find_cache(name: str) -> Any:
    """The object a :func:`cache_sizes` name (``module.attr`` or ``module.Class.attr``) refers to."""
    parts = name.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        module = sys.modules.get(".".join(parts[:cut]))
        if module is not None:
            obj: Any = module
            for part in parts[cut:]:
                obj = getattr(obj, part)
            return obj
    raise LookupError(f"no loaded module holds {name}")


def grown(before: dict[str, int], after: dict[str, int], at_least: int = 1) -> dict[str, tuple[int, int]]:
    """The caches that gained ``at_least`` entries between two :func:`cache_sizes` snapshots. A cache of a
    module first imported after ``before`` counts from 0 (a late import that fills a table is growth too)."""
    return {k: (before.get(k, 0), n) for k, n in after.items() if n - before.get(k, 0) >= at_least}


def slope(points: Sequence[tuple[float, float]]) -> float:
    """The least-squares slope of ``(x, y)`` points (0.0 for fewer than two distinct x)."""
    if len(points) < 2:
        return 0.0
    n = len(points)
    mx = sum(x for x, _ in points) / n
    my = sum(y for _, y in points) / n
    sxx = sum((x - mx) ** 2 for x, _ in points)
    if not sxx:
        return 0.0
    return sum((x - mx) * (y - my) for x, y in points) / sxx


def per_thousand(samples: Iterable[tuple[int, int]], warmup: int) -> float:
    """KiB per 1,000 games of ``(games played, rss KiB)`` samples taken after ``warmup`` games."""
    return 1000 * slope([(g, kb) for g, kb in samples if g >= warmup])
