"""Conformance: checks of the running app that pass or fail, beside ``bench`` (figures) and ``tests``.

``state_sweep`` sets every declared setting of every page in a real browser and checks it survives a
page switch and a fresh link; the browser tests run a seeded rotation of it, ``python -m conformance
state`` all of it. ``python -m conformance monkey`` runs the browser monkey with a longer budget
than CI's. Servers and browsers come from ``bench.harness``, which the bench measures with too.
"""
