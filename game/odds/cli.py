"""`python -m game odds [FILE|-]`: JSON request in, JSON result out (docs/architecture.md)."""
from __future__ import annotations

import json
import sys

from .api import compute
from .model import OddsError

USAGE = "usage: python -m game odds [FILE|-]   (JSON request; '-' or nothing reads stdin)"


def main(argv: list[str]) -> int:
    args = list(argv)
    if any(a in ("-h", "--help") for a in args):
        print(USAGE)
        return 0
    if len(args) > 1:
        print(f"error: expected at most one input file\n{USAGE}", file=sys.stderr)
        return 2
    src = args[0] if args else "-"
    try:
        if src == "-":
            text = sys.stdin.read()
        else:
            with open(src, encoding="utf-8") as fh:
                text = fh.read()
    except OSError as exc:
        print(f"error: cannot read {src}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    try:
        request = json.loads(text)
    except json.JSONDecodeError as exc:
        print(f"error: {src if src != '-' else 'stdin'}:{exc.lineno}:{exc.colno}: "
              f"not valid JSON: {exc.msg}", file=sys.stderr)
        return 2
    from . import kernel
    kernel.one_shot()   # one answer, then exit: no background compilation of the kernels
    try:
        from .hexodds import hex_odds, is_hex_request  # hex rulesets: odds on the CRT
        result = hex_odds(request) if is_hex_request(request) else compute(request)
    except OddsError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(result))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
