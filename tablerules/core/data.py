"""Loading the JSON data files under ``data/`` and checking them against ``data/schema/``.

Every table of rules (cards, rooms, maps, the search table) is a JSON file validated by a JSON
Schema with the jsonschema library. A file that breaks its schema raises :class:`DataError` naming
the file, the JSON path of the offending field and the reason.
"""

from __future__ import annotations

import json
import os
import sys
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import DataError

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator

_PACKAGE_ROOT = Path(__file__).resolve().parents[2]


@lru_cache(maxsize=1)
def bundled_data_dir() -> Path:
    """The data shipped in the wheel (``tablerules/_data``, copied from ``data/`` by setup.py), read
    through importlib.resources; in a checkout or an editable install, the checkout's ``data/``."""
    try:
        packaged = resources.files("tablerules") / "_data"
    except (ModuleNotFoundError, TypeError):  # pragma: no cover - tablerules itself is importable here
        packaged = None
    if isinstance(packaged, Path) and packaged.is_dir():
        return packaged
    return _PACKAGE_ROOT / "data"


def data_dir() -> Path:
    """The bundled ``data/`` folder (``$TABLERULES_DATA`` overrides it)."""
    override = os.environ.get("TABLERULES_DATA")
    return Path(override) if override else bundled_data_dir()


def data_path(*parts: str) -> Path:
    """A path inside the data folder, e.g. ``data_path("quest", "search_table.json")``."""
    return data_dir().joinpath(*parts)


def json_path(parts: Any) -> str:
    """A JSON path such as ``$.rooms[3].arrows`` from a sequence of keys and indexes."""
    out = "$"
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def _import_jsonschema() -> None:
    """Import jsonschema without its optional "iri" format checker: on import it builds rfc3987_syntax's
    ~40 lark grammars (over a CPU second in every process that loads game data: test workers, notebook
    kernels, CLI runs), and tablerules never checks formats (no ``format_checker``). Only when nothing
    imported jsonschema yet; rfc3987_syntax itself stays importable for anybody who asks for it."""
    if "jsonschema" in sys.modules or "rfc3987_syntax" in sys.modules:
        return
    sys.modules["rfc3987_syntax"] = None  # type: ignore[assignment]  # makes its import fail: jsonschema skips it
    try:
        import jsonschema  # noqa: F401
    finally:
        del sys.modules["rfc3987_syntax"]


@lru_cache(maxsize=64)
def _validator(schema_name: str) -> Draft202012Validator:
    _import_jsonschema()
    from jsonschema import Draft202012Validator  # imported on first use: it takes a second to load

    path = data_dir() / "schema" / f"{schema_name}.schema.json"
    try:
        schema = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise DataError(path, "$", f"no schema named {schema_name!r}") from exc
    except json.JSONDecodeError as exc:
        raise DataError(path, "$", f"not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})") from exc
    return Draft202012Validator(schema)  # the schemas themselves are checked by the tests


def validate(document: Any, schema_name: str, file: str | Path = "<memory>") -> Any:
    """Check ``document`` against ``data/schema/<schema_name>.schema.json``; return it unchanged."""
    validator = _validator(schema_name)
    from jsonschema.exceptions import best_match

    error = best_match(validator.iter_errors(document))
    if error is not None:
        raise DataError(file, json_path(error.absolute_path), error.message)
    return document


def read_json(file: str | Path) -> Any:
    """Parse a JSON file; a missing or malformed file raises :class:`DataError`."""
    path = Path(file)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DataError(path, "$", f"cannot read the file: {exc.strerror or exc}") from exc
    except UnicodeDecodeError as exc:
        raise DataError(path, "$", f"not UTF-8 text (byte {exc.start}: {exc.reason})") from exc
    return parse_json_text(text, path)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def parse_json_text(text: str, file: str | Path) -> Any:
    """``json.loads`` that raises :class:`DataError` for anything that is not plain JSON: bad syntax,
    ``NaN``/``Infinity``, numbers too long to read, nesting too deep to read."""
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise DataError(file, "$", f"not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})") from exc
    except (ValueError, RecursionError) as exc:
        raise DataError(file, "$", f"not valid JSON: {str(exc).splitlines()[0][:120]}") from exc


def load_json(file: str | Path, schema_name: str) -> Any:
    """Read a JSON data file and validate it against its schema."""
    return validate(read_json(file), schema_name, file)
