"""The demo shop's cart."""

from prices import total


class Cart:
    def __init__(self):
        self.items = []

    def add(self, item):
        self.items.append(item)

    def total(self, tax_rate):
        return total(self.items, tax_rate)
