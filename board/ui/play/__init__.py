"""The play scene: its controller and modes, keys, mouse, touch, menus, and the sides that play
by machine or network."""
