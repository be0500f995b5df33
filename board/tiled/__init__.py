"""Tiled (mapeditor.org) hexagonal maps: read (.tmx, its terrain and figure marks) and written."""

from board.tiled.grid import Stagger
from board.tiled.importer import ImportOptions, convert

__all__ = ["ImportOptions", "Stagger", "convert"]
