from collections import namedtuple

from prices import total

Item = namedtuple("Item", "price quantity")


def test_total_is_rounded_to_cents():
    assert total([Item(0.1, 3)], 0.2) == 0.36
