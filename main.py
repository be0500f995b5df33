"""Hexboard's entry point: argparse sub-commands, nothing else."""

import sys

from board.cli import main

if __name__ == "__main__":
    sys.exit(main())
