"""Vanishing and exploding gradients: a^k, gradient norms under autograd, clipping and truncated
BPTT (``experiments``); how far each cell remembers (``memory_span``, shipped as results)."""
