"""QA: command-line error messages a newcomer reads."""
import subprocess
import sys


def test_bad_variant_error_names_the_place_once(tmp_path):
    bad = tmp_path / "v.yaml"
    bad.write_text("extends: g40\nunits:\n  armour: {cost: four}\n")
    p = subprocess.run([sys.executable, "-m", "game", "rules", "g40", "--variant", str(bad)],
                       capture_output=True, text=True)
    assert p.returncode == 2
    line = p.stderr.strip().splitlines()[-1]
    assert line.startswith(f"{bad}:3:12: error: units.armour.cost")
    assert line.count("error:") == 1


def test_importing_pygame_through_game_prints_nothing_on_stdout():
    # `bench --json` and other --json commands promise one JSON object on stdout;
    # pygame's import banner came before it
    import subprocess
    import sys
    out = subprocess.run([sys.executable, "-c", "import game, pygame"], capture_output=True, text=True,
                         env={k: v for k, v in __import__("os").environ.items()
                              if k != "PYGAME_HIDE_SUPPORT_PROMPT"})
    assert out.returncode == 0 and out.stdout == ""
