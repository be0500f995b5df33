"""A generated big map (100x100, mixed terrain, two armies) shared by benchmarks and tests."""

from __future__ import annotations

import random

from board.hexgrid import from_offset, hex_label
from board.yamlio import dump_yaml

WEAPONS = [["Broadsword"], ["Spear"], ["Mace", "Dagger"], ["Short Bow", "Dagger"], ["Halberd"]]
ARMOR = [None, "Leather", "Chainmail", "Half Plate"]


def big_map_yaml(cols: int = 100, rows: int = 100, figures: int = 200, seed: int = 1, ma: int = 10) -> str:
    """YAML text of a cols x rows flat-top map with walls, fire and two armies (every figure MA ma)."""
    rng = random.Random(seed)
    grid = [["." for _ in range(cols)] for _ in range(rows)]
    for _ in range(cols * rows // 40):  # short wall runs and small fires
        r, c = rng.randrange(rows), rng.randrange(cols)
        char = rng.choice("#####^:")
        for dc in range(rng.randint(1, 4)):
            if c + dc < cols:
                grid[r][c + dc] = char
    specs, used = [], set()
    per_side = figures // 2
    for army, (first, last) in (("North", (1, rows // 3)), ("South", (2 * rows // 3, rows - 2))):
        made = 0
        while made < per_side:
            r, c = rng.randint(first, last), rng.randint(1, cols - 3)
            size = 7 if made % 40 == 0 else 3 if made % 25 == 0 else 1
            near = {(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)}
            if (size == 1 and (r, c) in used) or (size > 1 and near & used):
                continue
            for rr, cc in near if size > 1 else {(r, c)}:
                grid[rr][cc] = "."
                used.add((rr, cc))
            spec = {
                "name": f"{army}-{made:03d}",
                "team": army,
                "at": hex_label(from_offset(c, r, "flat"), "flat"),
                "facing": 5 if army == "North" else 2,
                "st": rng.randint(9, 16),
                "dx": rng.randint(9, 14),
            }
            if ma != 10:  # 10 is the default: leave it out, so the text stays as it was
                spec["ma"] = ma
            if size == 1:
                spec["weapons"] = rng.choice(WEAPONS)
                if spec["weapons"][0] not in ("Spear", "Halberd", "Short Bow"):
                    armor = rng.choice(ARMOR)
                    if armor:
                        spec["armor"] = armor
            else:
                spec.update(size=size, st=30 if size == 7 else 18)
            specs.append(spec)
            made += 1
    picture = "\n".join(" ".join(row) for row in grid) + "\n"
    return dump_yaml(
        {
            "name": f"Generated {cols}x{rows}",
            "layout": "flat",
            "terrain": picture,
            "teams": {"North": {"color": "#2e6fd6"}, "South": {"color": "#c0392b"}},
            "figures": specs,
        }
    )
