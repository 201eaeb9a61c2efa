"""Ships the top-level ``data/`` folder inside the wheel as ``tablerules/_data`` (issue 16).

The data stay at the top of the checkout, as the design asks; ``tablerules.core.data.data_dir`` reads
the bundled copy through importlib.resources when installed from a wheel, the checkout otherwise.
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildWithData(build_py):
    """build_py, then copy ``data/`` (cards, rooms, maps, schemas) to ``tablerules/_data``."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):  # an editable install reads the checkout's data/
            return
        source = Path(__file__).resolve().parent / "data"
        target = Path(self.build_lib) / "tablerules" / "_data"
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(source, target, ignore=shutil.ignore_patterns("*.pyc", "__pycache__", ".*"))


setup(cmdclass={"build_py": BuildWithData})
