"""Hostile and careless files (issue #47): refused with file, line and reason; nothing
crashes, hangs, or reads a file the input names."""
import gzip
import json
import os

import pytest

from game.io import saves
from game.io.saves import SaveError, load_session, read_save, write_save
from game.rules import yamlloc
from game.rules.errors import LoadError
from game.rules.ruleset import Checker, load_ruleset, load_scenario, parse_scenario
from game.rules.session import Session
from game.rules.variant import ruleset_for
from game.rules.yamlloc import load_yaml, load_yaml_file

BOMB = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{n}: &{n} [{', '.join(['*' + p] * 9)}]\n" for p, n in zip("abcdefg", "bcdefgh", strict=True))


@pytest.mark.parametrize("text, line, words", [
    ("[" * 999 + "]" * 999, 1, "nested too deeply"),
    ("[" * 5000 + "]" * 5000, 1, "nesting depth"),
    ("a: " + "9" * 5000, 1, "cannot be read"),
    ("a: 1\nb: \x07\n", 2, "control characters"),
    (BOMB, 1, "aliases expand"),
    ("a: !!python/object/apply:os.system [echo pwned]\n", 1, "could not determine a constructor"),
])
def test_hostile_yaml_is_refused_with_line_and_reason(text, line, words):
    with pytest.raises(LoadError) as exc:
        load_yaml(text, "f.yaml")
    (d,) = exc.value.diagnostics
    assert d.path == "f.yaml" and d.line == line and words in d.message


def test_non_utf8_yaml_names_the_line_of_the_bad_byte(tmp_path):
    p = tmp_path / "x.yaml"
    p.write_bytes(b"a: 1\nb: '\xff'\n")
    with pytest.raises(LoadError) as exc:
        load_yaml_file(str(p))
    assert (exc.value.diagnostics[0].line, exc.value.diagnostics[0].col) == (2, 5)
    assert "not UTF-8" in exc.value.diagnostics[0].message


def test_a_fifo_device_or_oversized_file_is_never_read(tmp_path, monkeypatch):
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    for p in (str(fifo), "/dev/zero", str(tmp_path)):
        with pytest.raises(LoadError, match="not a regular file"):
            load_yaml_file(p)
    big = tmp_path / "big.yaml"
    big.write_text("a: 1\n" * 100)
    monkeypatch.setattr(yamlloc, "MAX_YAML_BYTES", 100)
    with pytest.raises(LoadError, match="too large"):
        yamlloc.read_text(str(big), 100)


def test_ids_are_ids_never_paths():
    with pytest.raises(LoadError, match="not a ruleset id"):
        load_ruleset("../../etc/passwd")
    text = "id: ../../outside\nruleset: /etc/passwd\ntitle: x\nmap: {size: [10, 10]}\n"
    chk = Checker("s.yaml")
    parse_scenario(load_yaml(text, "s.yaml"), "s.yaml", chk)
    msgs = [d.message for d in chk.diags if d.severity == "error"]
    assert any("scenario.id: '../../outside' is not an id" in m for m in msgs)
    assert any("scenario.ruleset: '/etc/passwd' is not an id" in m for m in msgs)


def _save(tmp_path):
    sc = load_scenario("sarn_gulf_2031")
    s = Session(sc, ruleset_for(sc), 1)
    write_save(tmp_path / "g.json", s)
    return json.loads((tmp_path / "g.json").read_text())


def test_a_save_never_makes_warboard_read_a_file_it_names(tmp_path, monkeypatch):
    data = _save(tmp_path)
    secret = tmp_path / "secret.yaml"
    secret.write_text("id: secret\n")
    opened = []
    real_read = yamlloc.read_text
    monkeypatch.setattr(yamlloc, "read_text", lambda p, *a: opened.append(p) or real_read(p, *a))
    data["scenario_path"] = str(secret)                     # an old field: ignored
    data["variant"] = {"id": "v", "path": str(secret)}      # no embedded copy: refused
    (tmp_path / "f.json").write_text(json.dumps(data))
    with pytest.raises(SaveError, match="house rules it does not hold"):
        load_session(tmp_path / "f.json")
    assert str(secret) not in opened
    data.pop("variant")
    data["scenario"] = str(secret)                          # a path where an id belongs
    (tmp_path / "f.json").write_text(json.dumps(data))
    with pytest.raises(SaveError, match="its scenario id .* is not an id"):
        load_session(tmp_path / "f.json")
    assert str(secret) not in opened


def test_broken_save_containers_are_refused_in_one_line(tmp_path, monkeypatch):
    cases = {"deep.json": b"[" * 100000 + b"]" * 100000,
             "bad.json.gz": b"\x1f\x8b" + b"garbage" * 10,
             "bomb.json.gz": gzip.compress(b" " * 5_000_000)}
    monkeypatch.setattr(saves, "MAX_SAVE_BYTES", 1_000_000)
    for name, raw in cases.items():
        (tmp_path / name).write_bytes(raw)
        with pytest.raises(SaveError) as exc:
            read_save(tmp_path / name)
        assert "\n" not in str(exc.value) and name in str(exc.value)
    os.mkfifo(tmp_path / "pipe.json")
    with pytest.raises(SaveError, match="not a regular file"):
        read_save(tmp_path / "pipe.json")
