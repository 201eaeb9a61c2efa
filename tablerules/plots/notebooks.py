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
    return sorted(p for p in folder.glob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def execute_notebook(path: Path, timeout: int = 900):
    """Execute every cell of ``path`` in a fresh kernel and return the executed notebook."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=timeout, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}})
    client.execute()
    return nb


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
