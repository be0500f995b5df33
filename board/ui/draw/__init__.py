"""The drawing layer: board, tiles, tokens, panels and overlays, each read from what the game reports."""
