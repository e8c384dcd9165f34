"""Lesson "interpretable cells": which units of the shipped character LMs track quotes, line
position or indentation (``interpret``), its page, settings, strings and question."""
