"""What a ruleset tells the board besides its menu: the GM keys of its own GM commands.

The board knows the kernel's GM commands (place, turn, damage, heal, add, remove) and their
keys; a ruleset lists the keys of any GM command of its own here, so the board names none."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GMKey:
    """A key in GM mode that sends one of the ruleset's GM commands on the selected figure."""

    key: str  # the character typed: "p"
    action: str  # the GM command's action: "posture"
    words: str  # what the help says after the key: "P posture"
    # A setting the key steps through `values`, starting after the Token attribute `now` holds.
    param: str = ""
    now: str = ""
    values: tuple[str, ...] = ()
    target: bool = False  # the next click names the figure it aims at (a chase)

    def params(self, token) -> dict:
        """The command's params for a figure: the value after its current one, if the key steps."""
        if not self.param:
            return {}
        current = getattr(token, self.now, None)
        index = self.values.index(current) if current in self.values else -1
        return {self.param: self.values[(index + 1) % len(self.values)]}
