"""A ruleset's optional rules: one closed table of toggles, each with the sentence a player reads."""

from pydantic import BaseModel, ConfigDict, Field


class RuleOptions(BaseModel):
    """The base of every ruleset's Options; a name the table lacks is an error."""

    model_config = ConfigDict(extra="forbid")


def toggle(description: str, default: bool = False):
    """One optional rule: on or off, off unless the ruleset says otherwise."""
    return Field(default, description=description)
