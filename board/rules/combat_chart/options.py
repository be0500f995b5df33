"""The optional rules of the combat-chart ruleset: one table, each a toggle."""

from board.rules.kernel.options import RuleOptions, toggle


class Options(RuleOptions):
    """Optional rules; every one is off unless a map, script or player turns it on."""

    delay: bool = toggle("Optional Rule: a figure may delay its action and take its turn last; "
                         "several delayers go in reverse tie-break order (higher Body last)")
    armor_absorbs: bool = toggle("Optional Rule: missing the target number by 3 or less means the "
                                 "armor absorbed the blow")
    armor_damage: bool = toggle("Optional Rule (with armor_absorbs): armor that absorbs a blow "
                                "takes a little damage; deflecting more than its defense value "
                                "means repairs before the next combat")
    perception_vs_surprise: bool = toggle("The GM allows a Perception check (3d6 at or under "
                                          "Mind) to avoid surprise")
