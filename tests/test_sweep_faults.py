"""Faults on a real cluster: a ``dask scheduler`` and two ``dask worker`` processes on 127.0.0.1.

A worker killed with SIGKILL part-way (its chunks are rerun on the survivor), a chunk that raises (its
seeds become error rows), Ctrl-C sent to ``tablerules sweep`` (exit 130, and a rerun finishes): in every
case each seed lands in the Parquet dataset exactly once. The tests wait by polling the output folder and
the scheduler, never by sleeping a fixed time, so a loaded machine only makes them slower.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pyarrow.dataset as ds
import pytest

from tablerules.cli import main
from tablerules.sweep import SweepSpec, missing, plan, run_sweep
from tablerules.sweep.runner import SweepReport

distributed = pytest.importorskip("distributed")

ROOT = Path(__file__).resolve().parents[1]
PRELOAD = Path(__file__).with_name("sweep_fault_preload.py")
START = 90.0  # seconds a process may take to start on a loaded machine
POLL = 0.02


def wait_for(what: str, ready: Callable[[], object], timeout: float = START) -> object:
    """Poll ``ready`` until it returns something true (then return it), failing after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = ready()
        if value:
            return value
        time.sleep(POLL)
    raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")


class Cluster:
    """A scheduler and named single-threaded workers (no nanny: a killed worker stays dead), as processes."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.file = folder / "scheduler.json"
        self.env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
        self.procs: dict[str, subprocess.Popen] = {}
        self.client: distributed.Client | None = None

    def _spawn(self, name: str, module: str, *args: str) -> None:
        log = open(self.folder / f"{name}.log", "ab")  # noqa: SIM115 (closed with the process)
        self.procs[name] = subprocess.Popen([sys.executable, "-m", module, *args], stdout=log, stderr=log,
                                            env=self.env, cwd=self.folder)
        log.close()

    def start(self) -> None:
        self._spawn("scheduler", "distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", "0",
                    "--no-dashboard", "--scheduler-file", str(self.file))
        wait_for("the scheduler's address", lambda: self.file.exists() and self.file.stat().st_size)
        self.address = wait_for("the scheduler's address", lambda: json.loads(self.file.read_text()).get("address"))
        self.client = distributed.Client(self.address, timeout=START)
        for name in ("a", "b"):
            self.start_worker(name)

    def start_worker(self, name: str) -> None:
        self._spawn(name, "distributed.cli.dask_worker", "--scheduler-file", str(self.file), "--name", name,
                    "--nthreads", "1", "--no-nanny", "--no-dashboard", "--host", "127.0.0.1",
                    "--preload", str(PRELOAD))
        wait_for(f"worker {name}", lambda: self.worker(name))

    def worker(self, name: str) -> str | None:
        """The address of the live worker called ``name``."""
        workers = self.client.scheduler_info(n_workers=-1)["workers"]
        return next((addr for addr, w in workers.items() if w.get("name") == name), None)

    def ensure_workers(self) -> None:
        for name in ("a", "b"):
            if self.procs[name].poll() is not None or not self.worker(name):
                self.start_worker(name)

    def kill(self, name: str) -> None:
        proc = self.procs[name]
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=START)

    def stop(self) -> None:
        if self.client is not None:
            self.client.close()
        for proc in self.procs.values():
            if proc.poll() is None:
                proc.terminate()
        for proc in self.procs.values():
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


@pytest.fixture(scope="module")
def cluster(tmp_path_factory) -> Iterator[Cluster]:
    c = Cluster(tmp_path_factory.mktemp("dask"))
    try:
        c.start()
        yield c
    finally:
        c.stop()


def landed(out: Path, sweep: str) -> list[Path]:
    return sorted((out / f"sweep={sweep}").rglob("chunk-*.parquet"))


def seeds_and_statuses(out: Path, sweep: str) -> list[tuple[int, str]]:
    table = ds.dataset(out / f"sweep={sweep}", format="parquet", partitioning="hive").to_table(
        columns=["seed", "status"])
    return sorted(zip(table["seed"].to_pylist(), table["status"].to_pylist(), strict=True))


def test_a_chunk_that_raises_on_its_worker_becomes_error_rows(cluster: Cluster, tmp_path: Path) -> None:
    """Chunk 1 of the ``disk-full`` sweep fails to write on the worker (tests/sweep_fault_preload.py): its
    seeds are rows with status "error" naming the failure; the other chunks are played as usual."""
    cluster.ensure_workers()
    spec = SweepSpec("quest-crawl", 40, seed=0, chunk_size=10, name="disk-full")
    report = run_sweep(spec, tmp_path, scheduler=cluster.address, progress=False)
    assert report.complete and (report.games, report.errors) == (40, 10)
    rows = seeds_and_statuses(tmp_path, "disk-full")
    assert [s for s, _ in rows] == list(range(40))
    assert [s for s, status in rows if status == "error"] == list(range(10, 20))
    errors = ds.dataset(tmp_path / "sweep=disk-full" / "chunk-000001.parquet").to_table().to_pylist()
    assert {r["error"] for r in errors} == {"the chunk failed: OSError: [Errno 28] No space left on device: "
                                            f"'{tmp_path / 'sweep=disk-full' / 'chunk-000001.parquet'}'"}
    assert {(r["chunk"], r["game"], tuple(r["agents"])) for r in errors} == {(1, "quest-crawl", ("random",))}
    assert run_sweep(spec, tmp_path, scheduler=cluster.address, progress=False).ran == 0  # the rows stand


def test_ctrl_c_stops_the_sweep_command_with_130_and_a_rerun_finishes(cluster: Cluster, tmp_path: Path,
                                                                   capsys) -> None:
    """SIGINT, as Ctrl-C sends it, to a running ``tablerules sweep --scheduler``: the command cancels the
    chunks not started, exits 130 and says the sweep is incomplete; the rerun plays only what is missing."""
    cluster.ensure_workers()
    argv = ["sweep", "quest-crawl", "--games", "600", "--chunk-size", "50", "--out", str(tmp_path),
            "--scheduler", cluster.address, "--name", "ctrl-c", "--json", "--no-progress"]
    proc = subprocess.Popen([sys.executable, "-m", "tablerules", *argv], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=cluster.env, cwd=ROOT)
    try:
        wait_for("a chunk of the command's sweep", lambda: landed(tmp_path, "ctrl-c") or proc.poll() is not None)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=START)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, err.decode()
    first = json.loads(out)
    assert first["interrupted"] and not first["complete"] and first["ran"] < 12
    assert main(argv) == 0
    second = json.loads(capsys.readouterr().out)
    assert second["complete"] and second["done_before"] + second["ran"] == 12 and second["errors"] == 0
    assert second["done_before"] >= max(1, first["ran"])  # the chunks landed before the Ctrl-C are kept
    assert seeds_and_statuses(tmp_path, "ctrl-c") == [(s, "finished") for s in range(600)]
    assert not list(tmp_path.rglob("*.tmp"))


def test_a_chunk_past_its_allowed_worker_deaths_becomes_error_rows(cluster: Cluster, tmp_path: Path) -> None:
    """A chunk whose workers keep dying (a game that crashes the interpreter, memory running out) is given up
    by the scheduler after ``allowed-failures`` deaths (KilledWorker): its seeds become error rows, the other
    chunks land, and the sweep ends instead of hanging or crashing. Here the scheduler allows no death."""
    cluster.ensure_workers()
    client = cluster.client
    client.run_on_scheduler(lambda dask_scheduler: setattr(dask_scheduler, "allowed_failures", 0))
    try:
        spec = SweepSpec("quest-crawl", 480, seed=0, chunk_size=120, name="poison")
        with ThreadPoolExecutor(1) as pool:
            running = pool.submit(run_sweep, spec, tmp_path, scheduler=cluster.address, progress=False)
            a = cluster.worker("a")
            on_a = wait_for("worker a playing a chunk", lambda: client.processing([a]).get(a))
            cluster.kill("a")
            report: SweepReport = running.result(timeout=START * 2)
    finally:
        client.run_on_scheduler(lambda dask_scheduler: setattr(dask_scheduler, "allowed_failures", 3))
    assert on_a
    rows = seeds_and_statuses(tmp_path, "poison")
    # the chunks worker a held when it died (read from the rows: a chunk it finished in the instant between
    # the poll and the kill landed as usual)
    lost = sorted({s // 120 for s, status in rows if status == "error"})
    assert lost and report.complete and report.games == 480 and report.errors == 120 * len(lost)
    assert [s for s, _ in rows] == list(range(480))
    assert [s for s, status in rows if status == "error"] == [s for c in lost for s in range(120 * c, 120 * c + 120)]
    errors = ds.dataset(tmp_path / "sweep=poison", format="parquet").to_table(columns=["status", "error"])
    assert {e for e in errors["error"].to_pylist() if e} == {e for e in errors["error"].to_pylist()
                                                            if e and e.startswith("the chunk failed: KilledWorker")}


def test_a_killed_worker_s_chunk_is_rerun_on_the_other_and_every_seed_lands_once(cluster: Cluster,
                                                                                   tmp_path: Path) -> None:
    cluster.ensure_workers()
    client = cluster.client
    client.get_task_stream()  # start recording which worker finished which task
    spec = SweepSpec("quest-crawl", 640, seed=500, chunk_size=80, name="killed")
    chunks = len(plan(spec))
    with ThreadPoolExecutor(1) as pool:
        running = pool.submit(run_sweep, spec, tmp_path, scheduler=cluster.address, progress=False)
        a = cluster.worker("a")
        # part-way: some chunks have landed and worker a is playing one
        on_a = wait_for("worker a playing a chunk after two have landed",
                        lambda: len(landed(tmp_path, "killed")) >= 2 and client.processing([a]).get(a))
        files_then = len(landed(tmp_path, "killed"))
        cluster.kill("a")
        killed_at = time.time()
        report: SweepReport = running.result(timeout=START * 2)
    assert files_then < chunks, "the kill came after the sweep had finished"
    assert report.complete and report.errors == 0 and report.games == 640
    assert not missing(spec, tmp_path)
    assert seeds_and_statuses(tmp_path, "killed") == [(s, "finished") for s in range(500, 1140)]
    # the chunk worker a was playing when it died was played again, by worker b, after the kill; a chunk of
    # ``on_a`` that worker a finished in the instant between the poll and the kill is allowed (it was done)
    b = cluster.worker("b")
    finished = [t for t in client.get_task_stream(start=killed_at - 1) if t["key"] in on_a]
    after = [t for t in finished if max(s["stop"] for s in t["startstops"]) >= killed_at]
    assert after and {t["worker"] for t in after} == {b}
    assert cluster.worker("a") is None and set(client.scheduler_info()["workers"]) == {b}
