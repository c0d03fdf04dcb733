"""Prices in the demo shop."""


def subtotal(items):
    return sum(item.price * item.quantity for item in items)


def total(items, tax_rate):
    return subtotal(items) * (1 + tax_rate)
