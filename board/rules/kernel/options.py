"""A ruleset's optional rules: one closed table of toggles, each with the sentence a player reads."""

from pydantic import BaseModel, ConfigDict, Field


class RuleOptions(BaseModel):
    """The base of every ruleset's Options; a name the table lacks is an error."""

    # Each ruleset's Options builds its validator when first validated (a game's start), not at
    # import; this base, never validated itself, builds none (issue 17).
    model_config = ConfigDict(extra="forbid", defer_build=True)


def toggle(description: str, default: bool = False):
    """One optional rule: on or off, off unless the ruleset says otherwise."""
    return Field(default, description=description)
