"""`python -m game` and the `warboard` script: the command line, no logic of its own."""
import sys

from game.cli import main

if __name__ == "__main__":
    sys.exit(main())
