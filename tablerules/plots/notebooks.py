"""Run the notebooks headless (``make figures``; the tests run them the same way).

Each notebook writes its figures to ``figures/`` (see :mod:`tablerules.plots.figures`); the
notebooks themselves are not rewritten, so they stay committed without outputs.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

NOTEBOOKS_DIR = Path(__file__).resolve().parents[2] / "notebooks"


def notebook_paths(folder: Path = NOTEBOOKS_DIR) -> list[Path]:
    """Every notebook: the folder's own, then the lessons (``lessons/<game>.ipynb``)."""
    found = [*folder.glob("*.ipynb"), *folder.glob("lessons/*.ipynb")]
    return sorted(p for p in found if ".ipynb_checkpoints" not in p.parts)


def execute_notebook(path: Path, timeout: int = 900):
    """Execute every cell of ``path`` in a fresh kernel and return the executed notebook."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=timeout, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}})
    client.execute()
    return nb


#: what raw Python output looks like on a page (a repr instead of words, tables or pictures)
RAW_PATTERNS = (r"Fraction\(", r"PosixPath\(", r"<Axes", r"<matplotlib", r"<Figure size", r"^\(.*,.*\)$",
                r"\w+\(\w+=", r"^\[.*\]$", r"^\{.*\}$", r"[(\[{]'", r"<\w+\.\w+: ")
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def raw_outputs(nb) -> list[str]:
    """The raw Python outputs of an executed notebook: a result shown only as its ``repr`` (text/plain),
    and any printed or shown text matching :data:`RAW_PATTERNS` (a tuple, ``Fraction(...)``, ``<Axes ...>``).
    Widgets, HTML, Markdown and pictures are fine."""
    import re

    found = []
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        for out in cell.outputs:
            if out.output_type == "stream":
                texts = [out.text]
            elif out.output_type in ("execute_result", "display_data"):
                data = out.get("data", {})
                if WIDGET_VIEW in data or set(data) - {"text/plain"}:
                    continue
                if out.output_type == "execute_result":
                    found.append(f"cell {i}: a bare result {data.get('text/plain', '')[:80]!r}")
                    continue
                texts = [data.get("text/plain", "")]
            else:
                continue
            for text in texts:
                for line in text.splitlines():
                    if any(re.search(p, line.strip()) for p in RAW_PATTERNS):
                        found.append(f"cell {i}: {line.strip()[:100]!r}")
    return found


#: slugs and raw values in shown text: a Python list of numbers, a quoted identifier, a float of 5+ decimals
SLUG_PATTERNS = (r"\[\d+(, \d+)*\]", r"'[a-z_]+'", r"\d\.\d{5,}")


def analysis_paths(folder: Path = NOTEBOOKS_DIR) -> list[Path]:
    """The analysis notebooks: every notebook but the step-through panels (``*_step_through.ipynb``) and the
    lessons."""
    return [p for p in notebook_paths(folder) if not p.stem.endswith("_step_through") and p.parent.name != "lessons"]


def _shown_text(markup: str) -> str:
    """The words of HTML or Markdown as a reader sees them: tags dropped, entities decoded."""
    import html
    import re

    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


def unreadable_outputs(nb) -> list[str]:
    """What a page of an executed analysis notebook shows that is not words, tables, widgets or pictures
    (issue 23): printed text (a stream), a result shown only as plain text, a ``<pre>`` block (in an output or
    a Markdown cell, or a fenced code block), an error, and in the words shown a slug or a raw value
    (:data:`SLUG_PATTERNS`)."""
    import re

    found = []
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "markdown":
            if re.search(r"^\s*(```|~~~)|<pre", cell.source, re.M | re.I):
                found.append(f"cell {i}: a pre-formatted block in the text")
            continue
        if cell.cell_type != "code":
            continue
        for out in cell.outputs:
            if out.output_type == "stream":
                found.append(f"cell {i}: printed text {out.text[:60]!r}")
                continue
            if out.output_type == "error":
                found.append(f"cell {i}: an error {out.get('ename')}")
                continue
            data = out.get("data", {})
            if not set(data) - {"text/plain"}:
                found.append(f"cell {i}: plain text only {data.get('text/plain', '')[:60]!r}")
                continue
            markup = data.get("text/html", "") + "\n" + data.get("text/markdown", "")
            if re.search(r"<pre", markup, re.I):
                found.append(f"cell {i}: a <pre> block")
            words = _shown_text(markup)
            for pattern in SLUG_PATTERNS:
                for match in re.finditer(pattern, words):
                    near = words[max(0, match.start() - 30):match.end() + 30]
                    found.append(f"cell {i}: {match.group(0)!r} in {near!r}")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="execute the notebooks headless, writing figures/")
    parser.add_argument("notebooks", nargs="*", type=Path, help="default: every notebook in notebooks/")
    args = parser.parse_args(argv)
    paths = args.notebooks or notebook_paths()
    for path in paths:
        start = time.perf_counter()
        execute_notebook(path)
        print(f"ran {path.name} in {time.perf_counter() - start:.1f} s")
    from .figures import figures_dir

    print(f"figures are in {figures_dir()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
