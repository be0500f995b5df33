"""The combat log: its panel and the rows events are laid out into."""
