"""Saves survive a kill at any moment (issue #47, 4): a process that autosaves and saves
over and over is killed (SIGKILL) at random moments; every save file left is a whole save
(the old one or the new one), and the next start removes the temporary files left over.
`WARBOARD_KILLS=200` runs the long version."""
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from game.io import saves
from game.io.saves import read_save

ROOT = Path(__file__).resolve().parents[2]
WRITER = """
import sys
from pathlib import Path
from game.ai import choose_action
from game.io.saves import write_save
from game.rules.ruleset import load_scenario
from game.rules.session import Session
from game.rules.variant import ruleset_for
sc = load_scenario("sarn_gulf_2031")
s = Session(sc, ruleset_for(sc), 3)
out = Path(sys.argv[1])
print("ready", flush=True)
while True:
    if not s.state.over:
        s.do(choose_action(s.state, "random"))
    write_save(out / "game.json", s)
    write_save(out / "game.json.gz", s)
"""


def test_a_kill_at_any_moment_loses_no_save_and_the_leftovers_go(tmp_path):
    kills = int(os.environ.get("WARBOARD_KILLS", "5"))
    rng = random.Random(47)
    for _ in range(kills):
        p = subprocess.Popen([sys.executable, "-c", WRITER, str(tmp_path)], cwd=ROOT,
                             stdout=subprocess.PIPE, text=True)
        assert p.stdout is not None and p.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.0, 0.4))
        p.send_signal(signal.SIGKILL)
        p.wait()
        for name in ("game.json", "game.json.gz"):
            if (tmp_path / name).exists():
                assert read_save(tmp_path / name)["format"] == "warboard-save"
    assert (tmp_path / "game.json").exists()
    leftovers = list(tmp_path.glob(".warboard-*"))
    later = time.time() + saves.ORPHAN_AGE_S + 1
    assert sorted(saves.remove_orphans(tmp_path, now=later)) == sorted(leftovers)
    assert not list(tmp_path.glob(".warboard-*"))
