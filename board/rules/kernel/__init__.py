"""The rules kernel: what every rule system builds on, so that a ruleset holds only its rules.

Each module is one shared mechanic or one piece of the typed vocabulary (see docs/rulesets.md).
It imports nothing from any ruleset package."""
