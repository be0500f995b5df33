"""Hexboard: a hex-map battle board for tabletop combat."""
