"""Prices in the demo shop."""

# Totals are money: two decimal places, rounded half up by the caller's Decimal context.
CENTS = 2


def subtotal(items):
    return sum(item.price * item.quantity for item in items)


def total(items, tax_rate):
    return round(subtotal(items) * (1 + tax_rate), CENTS)
