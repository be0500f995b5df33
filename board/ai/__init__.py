"""The computer player: chooses commands through the one game interface, for every rule system.

No pygame and nothing ruleset-specific: it reads only Game.turn/legal_actions/predict/tokens and
what the ruleset shows a player (its action menu), so it sees what its side would see."""
