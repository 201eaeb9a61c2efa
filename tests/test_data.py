"""Data files: every bundled file validates; bad files raise DataError naming file, field, reason."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tablerules.core.data import data_dir, load_json, read_json, validate
from tablerules.core.errors import DataError
from tablerules.quest.search_table import load_search_table

SCHEMAS = {"search_table.json": "quest-search-table"}


def test_every_schema_is_a_valid_json_schema() -> None:
    from jsonschema import Draft202012Validator

    schemas = sorted((data_dir() / "schema").glob("*.schema.json"))
    assert schemas
    for path in schemas:
        Draft202012Validator.check_schema(json.loads(path.read_text()))


def test_every_bundled_data_file_names_a_known_format_and_validates() -> None:
    files = [p for p in data_dir().rglob("*.json") if "schema" not in p.parts]
    assert files
    for path in files:
        document = read_json(path)
        fmt = document.get("format", "")
        assert fmt.startswith("tablerules/"), f"{path}: no format"
        schema = fmt.split("/", 1)[1].split("@", 1)[0]
        validate(document, schema, path)


def test_search_table_has_the_seed_rows() -> None:
    table = load_search_table()
    assert [r.row for r in table.rows] == list(range(1, 12))
    assert table.lookup(-3).row == 1 and table.lookup(15).row == 11
    assert table.rows[0].result_zh.startswith("1或更低")


def write(tmp_path: Path, document: object, name: str = "search_table.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(document, ensure_ascii=False))
    return path


def good_table() -> dict:
    return read_json(data_dir() / "quest" / "search_table.json")


@pytest.mark.parametrize(
    ("mutate", "json_path", "reason"),
    [
        (lambda d: d["rows"][3].__setitem__("gold", -5), "$.rows[3].gold", "less than the minimum"),
        (lambda d: d["rows"][2].pop("result"), "$.rows[2]", "'result' is a required property"),
        (lambda d: d["rows"][0].__setitem__("room_token", "burnt"), "$.rows[0].room_token", "burnt"),
        (lambda d: d.__setitem__("format", "x"), "$.format", "tablerules/quest-search-table@1"),
        (lambda d: d["rows"][4].__setitem__("row", 9), "$.rows[4].row", "consecutive"),
    ],
)
def test_bad_search_table_names_file_field_and_reason(tmp_path: Path, mutate, json_path: str, reason: str) -> None:
    document = good_table()
    mutate(document)
    path = write(tmp_path, document)
    with pytest.raises(DataError) as info:
        load_search_table(path)
    error = info.value
    assert error.file == str(path)
    assert error.path == json_path
    assert reason in error.reason
    assert str(path) in str(error) and json_path in str(error)


def test_malformed_and_missing_files(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"rows": [1, 2,]}')
    with pytest.raises(DataError, match=r"bad\.json: at \$: not valid JSON.*line 1"):
        load_json(bad, "quest-search-table")
    with pytest.raises(DataError, match="cannot read the file"):
        load_json(tmp_path / "missing.json", "quest-search-table")
    with pytest.raises(DataError, match="no schema named 'nonexistent'"):
        validate({}, "nonexistent")


def test_validation_does_not_build_the_iri_format_grammars() -> None:
    """jsonschema would build rfc3987_syntax's grammars (over a CPU second in every process that loads game
    data) for format checks tablerules never asks for: validating in a fresh process leaves them out, still
    names the field that breaks its schema, and rfc3987_syntax stays importable."""
    import subprocess
    import sys

    script = ("import sys\nfrom tablerules.core.data import validate\nfrom tablerules.core.errors import DataError\n"
              "try:\n    validate({'cards': 3}, 'baldur-cards', 'x.json')\nexcept DataError as exc:\n    print(exc)\n"
              "print('rfc3987_syntax' in sys.modules)\nimport rfc3987_syntax\nprint(rfc3987_syntax.__name__)\n")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120,
                         cwd=Path(__file__).parent.parent)
    assert out.returncode == 0, out.stderr
    error, loaded, name = out.stdout.strip().splitlines()
    assert "x.json" in error and loaded == "False" and name == "rfc3987_syntax"
