"""The demo shop's cart."""


class Cart:
    def __init__(self):
        self.items = []

    def add(self, item):
        self.items.append(item)
