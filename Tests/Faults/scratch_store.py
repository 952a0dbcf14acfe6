"""Where a fault scenario's Kitchen keeps its data: a SQLite file in the scenario's
directory, or, with KITCHEN_TEST_STORE=postgres, a schema of its own in the test cluster
KITCHEN_TEST_POSTGRES names; and a PostgreSQL cluster of a scenario's own, to kill.
Standard library only (PostgreSQL is reached through its `psql`)."""

import contextlib
import glob
import os
import shutil
import signal
import subprocess
import tempfile
import time
import uuid

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def psql(url, sql):
    """Runs one statement through psql and returns what it printed (unaligned, no header)."""
    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin/psql")) or ["psql"]
    done = subprocess.run([candidates[-1], "-X", "-q", "-tA", "-v", "ON_ERROR_STOP=1", "-d", url, "-c", sql],
                          capture_output=True, text=True, timeout=60)
    if done.returncode != 0:
        raise SystemExit(f"psql failed: {done.stderr.strip()}")
    return done.stdout.strip()


def on_postgres():
    return os.environ.get("KITCHEN_TEST_STORE") == "postgres"


@contextlib.contextmanager
def scratch_database(directory, name):
    """Yields (the `--db` value, the flags it needs) of an empty database for one scenario,
    and removes it afterwards."""
    if not on_postgres():
        yield os.path.join(directory, f"{name}.sqlite"), []
        return
    base = os.environ.get("KITCHEN_TEST_POSTGRES")
    if not base:
        raise SystemExit("KITCHEN_TEST_POSTGRES names the test cluster (scripts/test starts one)")
    schema = f"fault_{name}_{uuid.uuid4().hex[:12]}"
    psql(base, f"CREATE SCHEMA {schema}")
    try:
        separator = "&" if "?" in base else "?"
        yield (f"{base}{separator}options=-csearch_path%3D{schema}",
               ["--media", os.path.join(directory, f"{name}.media")])
    finally:
        psql(base, f"DROP SCHEMA IF EXISTS {schema} CASCADE")


class OwnCluster:
    """A PostgreSQL cluster in a temporary directory of its own (one the cluster's owner,
    not root, can reach), started and stopped with scripts/lib/postgres.sh, for a scenario
    that kills its server: the shared test cluster is never touched."""

    def __init__(self):
        self.directory = tempfile.mkdtemp(prefix="kitchen-postgres-fault.")
        os.chmod(self.directory, 0o755)
        self.url = None

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *exc):
        try:
            self.script("stop")
        finally:
            shutil.rmtree(self.directory, ignore_errors=True)
        return False

    def script(self, command):
        done = subprocess.run(["bash", os.path.join(ROOT, "scripts/lib/postgres.sh"), command, self.directory],
                              capture_output=True, text=True, timeout=180)
        if done.returncode != 0:
            raise SystemExit(f"postgres.sh {command} failed: {done.stderr.strip()}")
        return done.stdout.strip()

    def start(self):
        """Starts the cluster (made the first time) and waits until it takes connections."""
        self.url = self.script("start").splitlines()[-1]

    def synchronous_commit(self):
        return psql(self.url, "SHOW synchronous_commit")

    def processes(self):
        """The postmaster and every process it started."""
        with open(os.path.join(self.directory, "data", "postmaster.pid")) as handle:
            postmaster = int(handle.readline())
        family, changed = {postmaster}, True
        while changed:
            changed = False
            for stat in glob.glob("/proc/[0-9]*/stat"):
                try:
                    with open(stat) as handle:
                        fields = handle.read().rsplit(")", 1)[1].split()
                except OSError:
                    continue
                pid, parent = int(stat.split("/")[2]), int(fields[1])
                if parent in family and pid not in family:
                    family.add(pid)
                    changed = True
        return family

    def kill(self):
        """SIGKILL to the postmaster and its children at once, as a crash would end them;
        returns how many there were, once all are gone."""
        family = self.processes()
        for pid in family:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        # Gone means reaped: PostgreSQL reads a dead but unreaped postmaster as running.
        deadline = time.time() + 30
        while time.time() < deadline and any(os.path.exists(f"/proc/{pid}") for pid in family):
            time.sleep(0.05)
        return len(family)
